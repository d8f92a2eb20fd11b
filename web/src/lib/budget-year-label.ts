import { fiscalYearLabel } from '@shared/budget-math';

/**
 * Which year a screen shows: 'Budget year FY26 · fiscal year FY27', or just 'Budget year FY26' when
 * the fiscal year's label is the budget year's own (it read 'Budget year FY26 · fiscal year FY26'),
 * or no fiscal year is chosen. The grids' subtitles and the Scenario Builder's sheets say it alike.
 */
export function budgetYearLabel(budgetYear: string, fiscalYear: number | null | undefined): string {
  const base = `Budget year ${budgetYear}`;
  if (!fiscalYear) {
    return base;
  }
  const fy = fiscalYearLabel(fiscalYear);
  return fy === budgetYear.trim() ? base : `${base} · fiscal year ${fy}`;
}
