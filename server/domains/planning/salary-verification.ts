import type { AppContext } from '@server/context';
import { centsOf, divideRounded, formatMoneyCents as money, fromCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import { findSalaryOutliers, type CheckedLine } from './queries/salary-verification';
import { requireBudgetYear } from '@server/domains/budgets';
import {
  MANUAL_INCREASE_LIMIT_PERCENT,
  SALARY_ISSUES,
  type SalaryIssue,
  type SalaryIssueKind,
  type SalaryVerification,
  type SalaryVerificationQuery,
} from '@shared/schemas/salary-verification';

type Finding = { issue: SalaryIssueKind; severity: 'warning' | 'info'; detail: string };

/**
 * The salary checks, each a rule a finance office would apply by eye:
 * - MISSING_SALARY: no current salary at all.
 * - NEW_HIRE (information): a current salary of 0 means a new hire starting next fiscal year.
 * - OUTSIDE_RANGE: the FTE-adjusted salary (salary / FTE, what the job pays full time) is below
 *   the 5th or above the 95th percentile of the work group's, for groups of 5 or more.
 * - NEXT_YEAR_DECREASE: an Active employee whose next-year salary is below the current one.
 * - MANUAL_INCREASE: a manual next-year salary more than 10% above the current one.
 * - FTE_ANOMALY: a salary with no FTE (or 0), or an FTE above 1.0.
 */
export function findingsFor(l: CheckedLine): Finding[] {
  const out: Finding[] = [];
  const salary = l.current_salary;
  if (salary === null) {
    out.push({ issue: 'MISSING_SALARY', severity: 'warning', detail: 'No current salary is recorded' });
  } else if (salary === 0) {
    out.push({
      issue: 'NEW_HIRE',
      severity: 'info',
      detail: 'Current salary is 0: a new hire starting next fiscal year',
    });
  }
  if (l.fte_salary !== null && l.p05 !== null && l.p95 !== null) {
    // Part-timers are compared at full time; say so, with what they are actually paid.
    const fte =
      l.current_fte !== null && l.current_fte !== 1
        ? `Full-time equivalent ${money(l.fte_salary)} (${money(salary!)} at ${l.current_fte} FTE). `
        : '';
    // What the band is drawn from, in words: the work group's lines with a salary and an FTE (not
    // every teacher, as the dashboard's donut counts them, nor only Active ones, as COLA does).
    const band = `(median ${money(l.p50!)} of the ${l.group_size} ${l.work_group} lines with a salary and an FTE)`;
    if (l.fte_salary < l.p05) {
      out.push({
        issue: 'OUTSIDE_RANGE',
        severity: 'warning',
        detail: `${fte}Below the ${l.work_group} 5th percentile of ${money(l.p05)} ${band}`,
      });
    } else if (l.fte_salary > l.p95) {
      out.push({
        issue: 'OUTSIDE_RANGE',
        severity: 'warning',
        detail: `${fte}Above the ${l.work_group} 95th percentile of ${money(l.p95)} ${band}`,
      });
    }
  }
  const next = l.next_year_salary;
  if (l.employee_status === 'Active' && salary !== null && next !== null && next < salary) {
    out.push({
      issue: 'NEXT_YEAR_DECREASE',
      severity: 'warning',
      detail: `${money(fromCents(centsOf(salary) - centsOf(next)))} less than this year`,
    });
  }
  if (l.next_year_salary_manual && salary !== null && salary > 0 && next !== null) {
    const percent = ((next - salary) / salary) * 100;
    // The limit rounded to the cent, in exact cents (the percent is a whole number).
    const limit = divideRounded(centsOf(salary) * BigInt(100 + MANUAL_INCREASE_LIMIT_PERCENT), 100n);
    if (centsOf(next) > limit) {
      out.push({
        issue: 'MANUAL_INCREASE',
        severity: 'warning',
        detail: `Typed in ${percent.toFixed(1)}% above this year (limit ${MANUAL_INCREASE_LIMIT_PERCENT}%)`,
      });
    }
  }
  if (salary !== null && salary > 0) {
    if (l.current_fte === null || l.current_fte === 0) {
      out.push({
        issue: 'FTE_ANOMALY',
        severity: 'warning',
        detail: `A salary of ${money(salary)} with ${l.current_fte === null ? 'no' : 'a zero'} FTE`,
      });
    } else if (l.current_fte > 1) {
      out.push({
        issue: 'FTE_ANOMALY',
        severity: 'warning',
        detail: `FTE of ${l.current_fte} is above full time (1.0)`,
      });
    }
  }
  return out;
}

/** Checks the employee lines of one fiscal year of a budget year against the salary rules above. */
export async function verifySalaries(
  app: AppContext,
  actor: Actor,
  query: SalaryVerificationQuery,
): Promise<SalaryVerification> {
  authorize(actor, 'lineItems.read');
  await requireBudgetYear(app.db, query.budgetYearId);
  const { checked, lines } = await findSalaryOutliers(app.db, query.budgetYearId, query.fiscalYear);
  const issues: SalaryIssue[] = [];
  const flagged = new Set<number>();
  const byIssue: Record<string, number> = Object.fromEntries(SALARY_ISSUES.map((k) => [k, 0]));
  for (const l of lines) {
    for (const f of findingsFor(l)) {
      issues.push({
        lineItemId: l.id,
        name: [l.first_name, l.last_name].filter(Boolean).join(' ') || '(no name)',
        position: l.position,
        workGroup: l.work_group,
        building: l.building,
        currentSalary: l.current_salary,
        nextYearSalary: l.next_year_salary,
        currentFte: l.current_fte,
        ...f,
      });
      byIssue[f.issue] += 1;
      if (f.severity === 'warning') {
        flagged.add(l.id);
      }
    }
  }
  issues.sort(
    (a, b) =>
      Number(a.severity === 'info') - Number(b.severity === 'info') ||
      SALARY_ISSUES.indexOf(a.issue) - SALARY_ISSUES.indexOf(b.issue) ||
      a.name.localeCompare(b.name),
  );
  return { summary: { checked, flagged: flagged.size, byIssue }, issues };
}
