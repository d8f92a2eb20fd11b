/**
 * FY27's salary lines locked by School Committee Adopted while the FY26 roster's cost moved, as the
 * server answers them (SalaryLinesLocked without its message): `difference` is what the positions
 * cost less what the lines hold (negative: the lines hold more).
 */
export const lockedSalaryLines = (difference: number) => ({
  budgetYearId: 1,
  fiscalYear: 2027,
  stageLabel: 'School Committee Adopted',
  closed: false,
  source: 'positions' as const,
  linesOutOfDate: 1,
  difference,
});
