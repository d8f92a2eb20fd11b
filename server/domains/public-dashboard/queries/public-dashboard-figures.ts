import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';
import { lineCode } from '@server/sql/line-code';
import type { Scope } from '@server/domains/budgets';
import { dashboardQueries, listEnrollment } from '@server/domains/budgets';
import { OF_FUNDS } from '@server/domains/funds';

/**
 * The reads the public figures need beyond the staff dashboard's own aggregates
 * (server/domains/budgets/queries/dashboard.ts, which the public service calls directly): which
 * budget year a fiscal year comes from, the budget and the employees by DESE function code, and
 * enrollment. The scope's fund choice applies as it does to the dashboard's.
 */

export interface DeseAmountRow {
  /** The line's own DESE code, else its category's; null when neither has one. */
  code: string | null;
  total: number;
}

/**
 * The proposed budget (the same lines as the dashboard's totals: activeScope, not operating) by
 * DESE function code. A line's code wins over its category's deseFunction; blank counts as none.
 */
export async function proposedByDeseCode(db: Db, scope: Scope): Promise<DeseAmountRow[]> {
  const { rows } = await db.raw(
    `SELECT ${lineCode()} AS code,
            coalesce(sum(li.amount), 0) AS total
       FROM line_items_all li
       LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${activeScope()}
        AND ${OF_FUNDS(scope.funds, 'li')}
      GROUP BY 1
      ORDER BY 1`,
    [scope.budgetYearId, scope.fiscalYear],
  );
  return rows.map((r: { code: string | null; total: number }) => ({ code: r.code, total: Number(r.total) }));
}

export interface DeseStaffRow {
  /** The employee line's own DESE code, else its category's; null when neither has one. */
  code: string | null;
  employees: number;
}

/**
 * The employees (operating lines) by DESE function code, the same people the public staff figures
 * count (the dashboard's scope: projected staff only when the admin publishes them), so a function
 * whose proposed amount is the pay of a few of them can be told apart.
 */
export async function employeesByDeseCode(db: Db, scope: Scope): Promise<DeseStaffRow[]> {
  const w = dashboardQueries.where(scope, true);
  const { rows } = await db.raw(
    `SELECT ${lineCode()} AS code, count(*)::int AS employees
       FROM line_items_all li
       LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE ${w.sql}
      GROUP BY 1
      ORDER BY 1`,
    w.bindings,
  );
  return rows.map((r: DeseStaffRow) => ({ code: r.code, employees: Number(r.employees) }));
}

/** Students the district entered for the budget year, all buildings and grades. */
export async function enrolledStudents(db: Db, budgetYearId: number): Promise<number> {
  const rows = await listEnrollment(db, budgetYearId);
  return rows.reduce((n, r) => n + r.student_count, 0);
}
