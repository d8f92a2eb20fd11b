import { describe, expect, it } from 'vitest';
import { findingsFor } from './salary-verification';
import type { CheckedLine } from './queries/salary-verification';

const line: CheckedLine = {
  id: 1,
  first_name: 'A',
  last_name: 'B',
  position: 'Grade 3 Teacher',
  work_group: 'Teachers',
  building: null,
  employee_status: 'Active',
  current_salary: 120000,
  next_year_salary: 123000,
  next_year_salary_manual: false,
  current_fte: 1,
  fte_salary: 120000,
  p05: 60000,
  p50: 82000,
  p95: 101000,
  group_size: 238,
};

describe('findingsFor: the work-group band', () => {
  // The band's size (238 Teachers in the demo's FY26) is not the dashboard's teacher count (270):
  // it says it is the work group's lines with a salary and an FTE, not 'employees'.
  it('says what the band is drawn from', () => {
    const [f] = findingsFor(line);
    expect(f.issue).toBe('OUTSIDE_RANGE');
    expect(f.detail).toBe(
      'Above the Teachers 95th percentile of $101,000.00 (median $82,000.00 of the 238 Teachers lines with a salary and an FTE)',
    );
  });
});
