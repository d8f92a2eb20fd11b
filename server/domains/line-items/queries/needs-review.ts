import type { Knex } from 'knex';
import type { Db } from '@server/db/index';

/**
 * THE rule of which lines 'need review': employee lines of a budget year (of one
 * fiscal year when given) whose flag is up. The Data Quality list (needsReviewJson in
 * ./line-items.ts) and the dashboard's count (needsReviewCount below) both read it, so the count
 * the dashboard shows is the length of the list. `li` is line_items_all, as the list reads it;
 * needs_review is the generated column its partial index serves.
 */
export function needsReviewWhere(
  budgetYearId: number,
  fiscalYear?: number,
): { where: string; bindings: Knex.Value[] } {
  let where = 'li.is_operating = ? AND li.budget_year_id = ? AND li.needs_review';
  const bindings: Knex.Value[] = [true, budgetYearId];
  if (fiscalYear !== undefined) {
    where += ' AND li.fiscal_year = ?';
    bindings.push(fiscalYear);
  }
  return { where, bindings };
}

/** How many lines the Data Quality list holds for the same budget year (and fiscal year). */
export async function needsReviewCount(db: Db, budgetYearId: number, fiscalYear?: number): Promise<number> {
  const { where, bindings } = needsReviewWhere(budgetYearId, fiscalYear);
  const result = await db.raw<{ rows: { count: number }[] }>(
    `SELECT count(*)::int AS count FROM line_items_all li WHERE ${where}`,
    bindings,
  );
  return Number(result.rows[0].count);
}

/**
 * How many lines of one import run the Data Quality list holds: the same rule, so the import's
 * 'Marked for review' is the number the list shows for that run (it counted only
 * the rows the file itself gave warnings, not those the next-year salary rule flags).
 */
export async function runNeedsReviewCount(
  db: Db,
  budgetYearId: number,
  importRunId: number,
): Promise<number> {
  const { where, bindings } = needsReviewWhere(budgetYearId);
  const result = await db.raw<{ rows: { count: number }[] }>(
    `SELECT count(*)::int AS count FROM line_items_all li WHERE ${where} AND li.import_run_id = ?`,
    [...bindings, importRunId],
  );
  return Number(result.rows[0].count);
}
