import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';
import { lineCode } from '@server/sql/line-code';
import type { Scope } from '@server/domains/budgets';
import { dashboardQueries } from '@server/domains/budgets';
import { OF_FUNDS } from '@server/domains/funds';

/**
 * The reads the public figures need beyond the staff dashboard's own aggregates
 * (server/domains/budgets/queries/dashboard.ts, which the public service calls directly): which
 * budget year a fiscal year comes from, the budget by DESE function code, and the employees by
 * code, category and building (a year's students are the budgets domain's: enrolledStudentsOfYear).
 * The scope's fund choice applies as it does to the dashboard's.
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

/** The three ways the public figures break the budget down, and what groups an employee line so. */
const STAFF_GROUPS = {
  code: lineCode(),
  category: 'li.category_id',
  building: 'li.building_id',
} as const;
export type StaffGroup = keyof typeof STAFF_GROUPS;

export interface StaffRow {
  /**
   * The group: a DESE code (the line's own, else its category's), or a category's or building's
   * id; null for none (no code, Uncategorized, District Wide).
   */
  key: string | number | null;
  employees: number;
}

/**
 * The employees (operating lines) by DESE function code, budget category or building, so a group
 * whose proposed amount is the pay of a few of them can be told apart. Every employee of the
 * scope's year and funds counts, projected ones too even when the admin does not publish them as
 * staff: a planning year's salary lines are their pay all the same.
 */
export async function employeesBy(db: Db, scope: Scope, by: StaffGroup): Promise<StaffRow[]> {
  const w = dashboardQueries.where({ ...scope, adoptedStaffOnly: false }, true);
  const { rows } = await db.raw(
    `SELECT ${STAFF_GROUPS[by]} AS key, count(*)::int AS employees
       FROM line_items_all li
       LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE ${w.sql}
      GROUP BY 1
      ORDER BY 1`,
    w.bindings,
  );
  return rows.map((r: StaffRow) => ({ key: r.key, employees: Number(r.employees) }));
}
