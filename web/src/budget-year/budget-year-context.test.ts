// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BudgetYear } from '@web/api/budget-years';
import { pickDefaultBudgetYear } from '@web/budget-year/budget-year-context';

const year = (id: number, fiscalYear: string): BudgetYear => ({
  id,
  fiscalYear,
  name: `Budget ${fiscalYear}`,
  notes: null,
  currentFiscalYear: null,
});

describe('pickDefaultBudgetYear', () => {
  it('prefers FY26', () => {
    expect(pickDefaultBudgetYear([year(1, 'FY25'), year(2, 'FY26'), year(3, 'FY27')])?.id).toBe(2);
  });

  it('falls back to the first year, or none', () => {
    expect(pickDefaultBudgetYear([year(4, 'FY27'), year(5, 'FY28')])?.id).toBe(4);
    expect(pickDefaultBudgetYear([])).toBeNull();
  });
});
