import type { BudgetSummary, EmployeeStats, SalaryDistribution } from '@web/api/dashboard';
import { salaryCounted } from './staff-source';

/**
 * Under a salary donut: what it counts (salaryCounted: the server's salaryRanges, employee lines,
 * not FTE, of the fiscal year whose work group, else position, names the role, paid above $0; a
 * count that differs from one work group's, as Salary Verification's band or COLA's Active
 * employees; for a planned year, its roster's holders) and who is left out for privacy.
 */
export function excludedNote(
  who: string,
  excluded: number,
  minRangeCount: number,
  fy?: string,
  from?: Pick<SalaryDistribution, 'source' | 'roster'>,
): string {
  const counted = salaryCounted(who, fy, from);
  const hidden =
    excluded > 0
      ? `${excluded.toLocaleString('en-US')} ${who} in ranges of fewer than ${minRangeCount} people are not shown.`
      : `Ranges of fewer than ${minRangeCount} people are not shown.`;
  return counted ? `${counted} ${hidden}` : hidden;
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
  // A planned year's staff figures count a roster's positions, not lines of its own (source).
  const employeeLines = stats.source === 'lines' ? stats.totalEmployees : 0;
  const projected = summary.breakdown.proposed.projected.count + stats.projectedEmployees;
  const actual = summary.breakdown.proposed.imported.count + employeeLines - stats.projectedEmployees;
  if (projected === 0) {
    return actual === 0 ? 'no lines yet' : 'imported or entered figures';
  }
  return actual === 0 ? 'projected figures' : 'imported and projected figures';
}
