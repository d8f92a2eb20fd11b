import { describe, expect, it } from 'vitest';
import { budgetYearWords } from './year-heading';

describe('the dashboard subtitle after its fiscal-year badge', () => {
  it('does not repeat the year when the budget year is named for it', () => {
    expect(budgetYearWords('FY26', { fiscalYear: 'FY26', name: 'FY26 Budget' })).toBeNull();
    expect(budgetYearWords('FY26', { fiscalYear: 'FY26', name: null })).toBeNull();
  });

  it('names the budget year when the badge shows another of its fiscal years', () => {
    expect(budgetYearWords('FY27', { fiscalYear: 'FY26', name: 'FY26 Budget' })).toBe('of FY26 Budget');
    expect(budgetYearWords('FY26', { fiscalYear: 'FY26', name: 'Adopted' })).toBe('Adopted');
    expect(budgetYearWords('FY27', { fiscalYear: 'FY26', name: 'Adopted' })).toBe('of FY26 · Adopted');
  });
});
