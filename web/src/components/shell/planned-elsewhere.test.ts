import { describe, expect, it } from 'vitest';
import { homeElsewhere, plannedElsewhere } from './planned-elsewhere';

const years = [
  { id: 1, fiscalYear: 'FY25', name: null, notes: null, currentFiscalYear: 2025 },
  { id: 2, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 },
  { id: 3, fiscalYear: 'FY28', name: null, notes: null, currentFiscalYear: 2028 },
];
const homes = [
  { fiscalYear: 2025, budgetYearId: 2 },
  { fiscalYear: 2026, budgetYearId: 2 },
  { fiscalYear: 2027, budgetYearId: 2 },
];

describe('plannedElsewhere', () => {
  it('names where the years are planned when the chosen budget year plans none of its own', () => {
    expect(plannedElsewhere(1, { budgetYears: years, homes, budgetYearsWithLines: [2] })).toEqual({
      groups: [{ budgetYearId: 2, budgetYear: 'FY26', years: 'FY25 to FY27' }],
    });
  });

  it('lists years that do not run on one after another, and each budget year apart', () => {
    const more = [...homes.filter((h) => h.fiscalYear !== 2026), { fiscalYear: 2029, budgetYearId: 3 }];
    expect(plannedElsewhere(1, { budgetYears: years, homes: more, budgetYearsWithLines: [] })).toEqual({
      groups: [
        { budgetYearId: 2, budgetYear: 'FY26', years: 'FY25, FY27' },
        { budgetYearId: 3, budgetYear: 'FY28', years: 'FY29' },
      ],
    });
  });

  it('says nothing for a budget year that is a home, or holds lines, or when nothing is planned yet', () => {
    expect(plannedElsewhere(2, { budgetYears: years, homes, budgetYearsWithLines: [2] })).toBeNull();
    expect(plannedElsewhere(1, { budgetYears: years, homes, budgetYearsWithLines: [1, 2] })).toBeNull();
    expect(plannedElsewhere(1, { budgetYears: years, homes: [], budgetYearsWithLines: [] })).toBeNull();
  });
});

describe('homeElsewhere', () => {
  it('names the budget year that plans the fiscal year when it is another', () => {
    expect(homeElsewhere(3, 2027, { budgetYears: years, homes })).toEqual({
      budgetYearId: 2,
      budgetYear: 'FY26',
    });
  });

  it("is null in the year's own budget year, and for a year no budget year plans yet", () => {
    expect(homeElsewhere(2, 2027, { budgetYears: years, homes })).toBeNull();
    expect(homeElsewhere(3, 2028, { budgetYears: years, homes })).toBeNull();
  });
});
