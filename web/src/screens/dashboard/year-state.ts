import type { BudgetSummary, EmployeeStats } from '@web/api/dashboard';

/**
 * Under a salary donut: what it counts (the server's salaryRanges: employee lines, not FTE, of the
 * fiscal year whose work group, else position, names the role, paid above $0; a count that differs
 * from one work group's, as Salary Verification's band or COLA's Active employees) and who is left
 * out for privacy.
 */
export function excludedNote(who: string, excluded: number, minRangeCount: number, fy?: string): string {
  const counted = `Counts ${fy ? `${fy} ` : ''}employee lines (people, not FTE) whose work group or position names ${who}, with a salary above $0.`;
  return excluded > 0
    ? `${counted} ${excluded.toLocaleString('en-US')} ${who} in ranges of fewer than ${minRangeCount} people are not shown.`
    : `${counted} Ranges of fewer than ${minRangeCount} people are not shown.`;
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
