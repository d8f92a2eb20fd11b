// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeseReport } from '@web/api/function-codes';
import { ScheduleTable } from './schedule-table';

// The row of lines without a function code once said '(1 lines)'.

const money = (total: number, lineCount: number) => ({
  salaries: 0,
  otherExpenses: total,
  total,
  lineCount,
  employeeCount: 0,
  payroll: 0,
});

function report(unmappedLines: number): DeseReport {
  return {
    series: [],
    unmapped: money(1200, unmappedLines),
    totals: money(1200, unmappedLines),
  } as unknown as DeseReport;
}

describe('ScheduleTable', () => {
  it("counts one line without a code as '1 line', more as 'lines'", () => {
    const { unmount } = render(<ScheduleTable report={report(1)} fy="FY26" />);
    expect(screen.getByRole('rowheader', { name: 'No function code (1 proposed line)' })).toBeTruthy();
    unmount();
    render(<ScheduleTable report={report(1204)} fy="FY26" />);
    expect(screen.getByRole('rowheader', { name: 'No function code (1,204 proposed lines)' })).toBeTruthy();
  });
});

describe('ScheduleTable, a code DESE no longer lists', () => {
  it('shows the row of a retired code lines carry, marked as not a current DESE code', () => {
    const row = (code: string, name: string, current: boolean) => ({
      code,
      name,
      detail: true,
      current,
      ...money(2500, 1),
    });
    const r = {
      ...report(0),
      series: [
        {
          code: '2000',
          name: 'Instruction',
          ...money(5000, 2),
          rows: [row('2305', 'Teachers, Classroom', true), row('2310', 'Teachers, Specialists', false)],
        },
      ],
    } as unknown as DeseReport;
    render(<ScheduleTable report={r} fy="FY26" />);
    const retired = screen.getByRole('row', { name: /^2310 Teachers, Specialists/ });
    expect(retired.textContent).toContain('not a current DESE code');
    const current = screen.getByRole('row', { name: /^2305 Teachers, Classroom/ });
    expect(current.textContent).not.toContain('not a current DESE code');
  });

  it("says once that a row is a series code lines carry (the server's name says it)", () => {
    const r = {
      ...report(0),
      series: [
        {
          code: '2000',
          name: 'Instruction',
          ...money(2500, 1),
          rows: [
            {
              code: '2000',
              name: 'Instruction (series code only)',
              detail: false,
              current: true,
              ...money(2500, 1),
            },
          ],
        },
      ],
    } as unknown as DeseReport;
    render(<ScheduleTable report={r} fy="FY26" />);
    const row = screen.getByRole('row', { name: /^2000 Instruction \(series code only\)/ });
    expect(row.textContent?.match(/series code/g)).toHaveLength(1);
  });
});
