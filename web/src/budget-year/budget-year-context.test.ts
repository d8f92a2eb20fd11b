// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BudgetYear } from '@web/api/budget-years';
import {
  BUDGET_YEAR_STORAGE_KEY,
  pickBudgetYear,
  pickDefaultBudgetYear,
  readStoredBudgetYearId,
} from '@web/budget-year/budget-year-context';

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

describe('the chosen budget year', () => {
  const years = [year(1, 'FY25'), year(2, 'FY26'), year(3, 'FY27')];

  it('is kept while it exists, else the default', () => {
    expect(pickBudgetYear(years, 3)?.id).toBe(3);
    expect(pickBudgetYear(years, 99)?.id).toBe(2);
    expect(pickBudgetYear(years, null)?.id).toBe(2);
  });

  it('is read back from localStorage, ignoring anything that is not an id', () => {
    localStorage.clear();
    expect(readStoredBudgetYearId()).toBeNull();
    localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, '3');
    expect(readStoredBudgetYearId()).toBe(3);
    for (const bad of ['', 'FY27', '-1', '1.5', 'null']) {
      localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, bad);
      expect(readStoredBudgetYearId()).toBeNull();
    }
  });
});
