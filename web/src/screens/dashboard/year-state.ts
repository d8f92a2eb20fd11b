import type { BudgetSummary, EmployeeStats } from '@web/api/dashboard';

/** Under a salary donut: who is left out for privacy. */
export function excludedNote(who: string, excluded: number, minRangeCount: number): string {
  return excluded > 0
    ? `${excluded.toLocaleString('en-US')} ${who} in ranges of fewer than ${minRangeCount} people are not shown.`
    : `Ranges of fewer than ${minRangeCount} people are not shown.`;
}

/**
 * What the selected fiscal year's figures are, computed from its lines: the budget year's free-text
 * notes said 'FY27 projected' of every year, even after FY27's payroll was imported.
 */
export function yearState(
  summary: BudgetSummary | undefined,
  stats: EmployeeStats | undefined,
): string | null {
  if (!summary || !stats) {
    return null;
  }
  const projected = summary.breakdown.proposed.projected.count + stats.projectedEmployees;
  const actual = summary.breakdown.proposed.imported.count + stats.totalEmployees - stats.projectedEmployees;
  if (projected === 0) {
    return actual === 0 ? 'no lines yet' : 'imported or entered figures';
  }
  return actual === 0 ? 'projected figures' : 'imported and projected figures';
}
