import type { SalaryProgression } from '@web/api/salary-progression';

/** One year of a person's salary progression, a payroll year of the rule's 4% + 1.5% unless `over` says. */
export const progressionYear = (
  fiscalYear: number,
  over: Partial<SalaryProgression['yearData'][number]> = {},
): SalaryProgression['yearData'][number] => ({
  fiscalYear,
  currentSalary: 71346,
  yoyIncrease: null,
  basis: 'imported',
  colaApplied: 4,
  colaSource: 'SETTLED',
  stepsLanesApplied: 1.5,
  totalIncreaseApplied: 5.5,
  ...over,
});
