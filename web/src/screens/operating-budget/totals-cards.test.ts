import { describe, expect, it } from 'vitest';
import type { BudgetTotals } from '@web/api/line-items';
import { employeeTotalCards } from './totals-cards';

/** The demo district's FY26 employee lines, as GET /line-items/budget/totals sums them (QA). */
const DEMO_FY26: BudgetTotals = {
  count: 504,
  totalCurrentSalary: 35293887.1,
  totalNextYearSalary: 36174566.65,
  totalChange: 880679.55,
  missingNextYearSalaryCount: 0,
  leavingCount: 9,
  totalFte: 491.4,
  totalAmount: 0,
};

const card = (t: BudgetTotals | undefined, label: string, fiscalYear: number | undefined = 2026) =>
  employeeTotalCards(t, fiscalYear).find((c) => c.label === label)!;

describe("the Employee Budget Manager's salary cards", () => {
  it('say the current salaries are of the year of the lines, and how many lines', () => {
    expect(card(DEMO_FY26, 'Current Salaries')).toEqual({
      label: 'Current Salaries',
      value: '$35,293,887.10',
      note: 'Current salaries of 504 employee lines, FY26',
    });
  });

  it('say the next-year salaries are of the year after, and which of the same lines add none', () => {
    expect(card(DEMO_FY26, 'Next Year Salaries')).toEqual({
      label: 'Next Year Salaries',
      value: '$36,174,566.65',
      note: 'FY27 salaries of the same 504 lines; 9 leaving add none',
    });
    const unset = { ...DEMO_FY26, count: 1, leavingCount: 0, missingNextYearSalaryCount: 1 };
    expect(card(unset, 'Next Year Salaries').note).toBe('FY27 salaries of the same 1 line; 1 unset add none');
    const both = { ...DEMO_FY26, missingNextYearSalaryCount: 1_204 };
    expect(card(both, 'Next Year Salaries').note).toBe(
      'FY27 salaries of the same 504 lines; 9 leaving and 1,204 unset add none',
    );
    expect(card({ ...DEMO_FY26, leavingCount: 0 }, 'Next Year Salaries').note).toBe(
      'FY27 salaries of the same 504 lines',
    );
  });

  it('say nothing about what they count before the sums arrive', () => {
    expect(card(undefined, 'Current Salaries')).toMatchObject({ value: '…', note: undefined });
    expect(card(undefined, 'Next Year Salaries')).toMatchObject({ value: '…', note: undefined });
  });
});
