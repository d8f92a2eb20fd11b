import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * The diagnostics of projections: which fiscal years hold which kind of line, imported or
 * projected. Every statement works on the lines of the budget year's active budgets (activeScope),
 * the lines the dashboard counts. The projections themselves are written by the line writer
 * (./line-items-writes-projected.ts).
 */

export interface YearKindRow {
  fiscalYear: number;
  isOperating: boolean;
  isProjected: boolean;
  count: number;
  total: number;
}

/** Lines per fiscal year, kind and imported/projected, with their totals (salaries or amounts). */
export async function yearKindCounts(db: Db, budgetYearId: number): Promise<YearKindRow[]> {
  const { rows } = await db.raw(
    `SELECT li.fiscal_year, li.is_operating, li.is_projected, count(*)::int AS count,
            coalesce(sum(CASE WHEN li.is_operating THEN li.current_salary ELSE li.amount END), 0) AS total
       FROM line_items_all li
      WHERE li.budget_year_id = ? AND ${activeScope()}
      GROUP BY li.fiscal_year, li.is_operating, li.is_projected
      ORDER BY li.fiscal_year`,
    [budgetYearId],
  );
  return rows.map(
    (r: {
      fiscal_year: number;
      is_operating: boolean;
      is_projected: boolean;
      count: number;
      total: number;
    }) => ({
      fiscalYear: r.fiscal_year,
      isOperating: r.is_operating,
      isProjected: r.is_projected,
      count: Number(r.count),
      total: Number(r.total),
    }),
  );
}

/** The latest fiscal year with imported (not projected) lines of each kind, across every budget year. */
export async function latestImportedYears(
  db: Db,
): Promise<{ operating: number | null; proposed: number | null }> {
  const rows = await db('line_items')
    .where({ is_projected: false })
    .whereRaw(activeScope('line_items'))
    .select('is_operating')
    .max<{ is_operating: boolean; year: number }[]>('fiscal_year as year')
    .groupBy('is_operating');
  return {
    operating: rows.find((r) => r.is_operating)?.year ?? null,
    proposed: rows.find((r) => !r.is_operating)?.year ?? null,
  };
}

export interface KindScope {
  budgetYearId: number;
  isOperating: boolean;
}

/** The lines of a kind that count in a budget year, as SQL over `li`. */
export function scopeWhere(scope: KindScope) {
  return {
    sql: `li.budget_year_id = ? AND li.is_operating = ? AND ${activeScope()}`,
    bindings: [scope.budgetYearId, scope.isOperating] as (number | boolean)[],
  };
}

/** Projected lines of a kind in the fiscal years from..to. */
export async function countProjected(db: Db, scope: KindScope, from: number, to: number): Promise<number> {
  const w = scopeWhere(scope);
  const { rows } = await db.raw(
    `SELECT count(*)::int AS count FROM line_items_all li
      WHERE ${w.sql} AND li.is_projected AND li.fiscal_year BETWEEN ? AND ?`,
    [...w.bindings, from, to],
  );
  return Number(rows[0].count);
}

/**
 * Lines of a kind that would sit in a target year after 'Fix Base Year' without being part of the
 * move: imported lines of other years, or projected lines at or before the imported year.
 */
export async function countMoveConflicts(
  db: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
): Promise<{ fiscalYear: number; count: number }[]> {
  const w = scopeWhere(scope);
  const { rows } = await db.raw(
    `WITH moving AS (
       SELECT DISTINCT li.fiscal_year + ?::int AS target FROM line_items_all li
        WHERE ${w.sql} AND ((li.fiscal_year = ? AND NOT li.is_projected) OR li.fiscal_year > ?)
     )
     SELECT li.fiscal_year, count(*)::int AS count FROM line_items_all li
      WHERE ${w.sql} AND li.fiscal_year IN (SELECT target FROM moving)
        AND NOT ((li.fiscal_year = ? AND NOT li.is_projected) OR li.fiscal_year > ?)
      GROUP BY li.fiscal_year ORDER BY li.fiscal_year`,
    [delta, ...w.bindings, importedYear, importedYear, ...w.bindings, importedYear, importedYear],
  );
  return rows.map((r: { fiscal_year: number; count: number }) => ({
    fiscalYear: r.fiscal_year,
    count: Number(r.count),
  }));
}
