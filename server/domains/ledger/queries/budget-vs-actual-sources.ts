import type { Db } from '@server/db/index';
import { int } from './budget-vs-actual';
import { activeScope } from '@server/sql/line-items-scope';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { LINE_FUND } from '@server/domains/funds';

/** Budget vs actual's other reads: whose lines are the budget, how many, and the names of groups. */

/**
 * The budget year whose proposed lines are a fiscal year's budget: the year's home
 * (homeOfFiscalYear); for a year no budget year holds, the one centred on it, whose empty budget
 * the report names. Null when there is neither.
 */
export async function budgetYearForFiscalYear(db: Db, fiscalYear: number) {
  const home = await homeOfFiscalYear(db, fiscalYear);
  if (home) {
    return { id: home.id, label: home.label };
  }
  const { rows } = await db.raw(
    `SELECT y.id, y.fiscal_year AS label FROM budget_years y
      WHERE y.current_fiscal_year = ${int(fiscalYear)} ORDER BY y.id LIMIT 1`,
  );
  return (rows[0] as { id: number; label: string } | undefined) ?? null;
}

/** How many proposed lines of a fiscal year count in a budget year (those a fund pays, when given). */
export async function countBudgetLines(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  fundId: number | null = null,
): Promise<number> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n FROM line_items_all li
      WHERE li.budget_year_id = ${int(budgetYearId)} AND li.fiscal_year = ${int(fiscalYear)}
        AND NOT li.is_operating AND ${activeScope('li')}
        ${fundId === null ? '' : `AND ${LINE_FUND('li.fund_id')} = ${int(fundId)}`}`,
  );
  return rows[0].n as number;
}

/** Names to label groups with: categories in display order, buildings by id. */
export async function groupNames(db: Db) {
  // One after the other: inside a transaction both share its one connection.
  const categories = await db('budget_categories')
    .select('id', 'name', 'display_order')
    .orderBy(['display_order', 'name', 'id']);
  const buildings = await db('buildings').select('id', 'name');
  return {
    categories: categories as { id: number; name: string; display_order: number }[],
    buildings: buildings as { id: number; name: string }[],
  };
}
