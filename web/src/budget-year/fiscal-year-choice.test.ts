import { describe, expect, it } from 'vitest';
import { fiscalYearChoice } from './fiscal-year-choice';

const budgetYear = { id: 1, fiscalYear: 'FY28', name: null, notes: null, currentFiscalYear: 2027 };

describe('fiscalYearChoice', () => {
  it('opens on the current fiscal year when it has lines', () => {
    const listed = { fiscalYears: [2027, 2028], withLines: [2027, 2028] };
    expect(fiscalYearChoice(budgetYear, listed)).toEqual({ years: [2027, 2028], fiscalYear: 2027 });
  });

  it('opens on the first year with lines when the current one has none (a payroll imported into the next year)', () => {
    // The server offers the current year even when empty; the screens opened on it, empty.
    const listed = { fiscalYears: [2027, 2028, 2029], withLines: [2028, 2029] };
    expect(fiscalYearChoice(budgetYear, listed).fiscalYear).toBe(2028);
  });

  it('keeps a choice that is offered, and opens on the current year when no year has lines', () => {
    const listed = { fiscalYears: [2027, 2028], withLines: [2028] };
    expect(fiscalYearChoice(budgetYear, listed, 2027).fiscalYear).toBe(2027);
    expect(fiscalYearChoice(budgetYear, listed, 2031).fiscalYear).toBe(2028);
    expect(fiscalYearChoice(budgetYear, { fiscalYears: [2027], withLines: [] }).fiscalYear).toBe(2027);
  });

  it('falls back to the years around the current one before the list arrives', () => {
    expect(fiscalYearChoice(budgetYear, undefined)).toEqual({ years: [2026, 2027, 2028], fiscalYear: 2027 });
  });
});
