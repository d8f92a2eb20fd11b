import type { Db } from '@server/db/index';
import { countedEmployeeLine } from '@server/sql/counted-lines';
import { activeScope } from '@server/sql/line-items-scope';
import { OF_FUNDS } from '@server/domains/funds';
import type { FundChoice } from '@shared/schemas/fund-words';

/** The base years a salary walk (./salary-walk.ts) may start from, and the lines it cannot walk. */

/**
 * The fiscal years of the budget year with actual employee lines (imported or entered, not
 * projected), oldest first: a projection of a year starts from the latest of them before it.
 */
export async function actualYears(db: Db, budgetYearId: number): Promise<number[]> {
  const { rows } = await db.raw(
    `SELECT DISTINCT li.fiscal_year AS fy FROM line_items li
      WHERE li.budget_year_id = ? AND li.is_operating AND NOT li.is_projected AND ${activeScope()}
      ORDER BY 1`,
    [budgetYearId],
  );
  return rows.map((r: { fy: number }) => r.fy);
}

/**
 * The counted lines of a base year with no current salary (a blank in the payroll file, imported
 * flagged 'No current salary'): the walk leaves them out, so each is $0 in every year (no COLA, no
 * step, not a new hire), and the tools say how many they met.
 */
export async function employeesWithoutSalary(
  db: Db,
  budgetYearId: number,
  baseYear: number,
  funds?: FundChoice,
): Promise<number> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n FROM line_items li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${countedEmployeeLine('li')}
        AND li.current_salary IS NULL AND ${OF_FUNDS(funds, 'li')}`,
    [budgetYearId, baseYear],
  );
  return Number(rows[0].n);
}
