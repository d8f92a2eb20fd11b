import { describe, expect, it } from 'vitest';
import { budgetYearLabel } from './budget-year-label';

describe('the budget year a screen shows', () => {
  // QA: the grid screens read 'Budget year FY26 · fiscal year FY26', the same label twice.
  it('names the year once when the fiscal year is the budget year', () => {
    expect(budgetYearLabel('FY26', 2026)).toBe('Budget year FY26');
  });

  it('names both when they differ', () => {
    expect(budgetYearLabel('FY26', 2027)).toBe('Budget year FY26 · fiscal year FY27');
  });

  it('names the budget year alone before a fiscal year is chosen', () => {
    expect(budgetYearLabel('FY26', undefined)).toBe('Budget year FY26');
    expect(budgetYearLabel('FY26', null)).toBe('Budget year FY26');
  });
});
