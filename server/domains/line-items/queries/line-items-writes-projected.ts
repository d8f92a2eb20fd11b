import type { Db } from '@server/db/index';
import { scopeWhere, type KindScope } from '@server/domains/planning';
import { employeeWalk, INSERT_WALK, withWalkSettings } from './projected-walk';

/**
 * Writing projected lines: a base year's lines copied forward into later fiscal years, marked
 * is_projected, and their removal and shift. Private to the line writer
 * (server/domains/line-items/projected.ts); how projected lines are stored is decided here.
 */

/** Deletes projected lines of a kind in the fiscal years from..to (imported lines are never touched). */
export async function deleteProjected(db: Db, scope: KindScope, from: number, to: number): Promise<number> {
  return deleteProjectedWhere(db, scope, 'li.fiscal_year BETWEEN ? AND ?', [from, to]);
}

/**
 * Deletes the projected lines of a kind matching `where` (over `li`), wherever they are stored: the
 * lean projected_lines, and line_items (projected proposed lines, and projected employee lines
 * someone has edited).
 */
async function deleteProjectedWhere(
  db: Db,
  scope: KindScope,
  where: string,
  bindings: readonly (number | number[])[],
): Promise<number> {
  const w = scopeWhere(scope);
  // Over projected_lines' own columns (as `li`, every one an employee line): through the view, a
  // --force over 245,000 lines first joined each to its source line.
  const lean = await db.raw(
    `DELETE FROM projected_lines p WHERE p.id IN (
       SELECT li.id FROM (SELECT x.id, x.budget_year_id, x.scenario_id, x.fiscal_year, true AS is_operating,
                                 true AS is_projected FROM projected_lines x) li
        WHERE ${w.sql} AND ${where})`,
    [...w.bindings, ...bindings],
  );
  const stored = await db.raw(`DELETE FROM line_items li WHERE ${w.sql} AND li.is_projected AND ${where}`, [
    ...w.bindings,
    ...bindings,
  ]);
  return (lean.rowCount ?? 0) + (stored.rowCount ?? 0);
}

/**
 * Deletes projected lines of a kind in the listed fiscal years, which hold imported lines of that
 * kind: actuals supersede projections (left over from before the import, they counted everyone twice).
 */
export async function deleteSuperseded(db: Db, scope: KindScope, years: readonly number[]): Promise<number> {
  if (!years.length) {
    return 0;
  }
  return deleteProjectedWhere(db, scope, 'li.fiscal_year = ANY(?::int[])', [[...years]]);
}

/** Whether budget year `budgetYearId` has projected employees (stored in projected_lines). */
export async function hasProjectedEmployees(db: Db, budgetYearId: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { found: boolean }[] }>(
    'SELECT EXISTS (SELECT 1 FROM projected_lines WHERE budget_year_id = ?) AS found',
    [budgetYearId],
  );
  return rows[0].found;
}

// A projected proposed line keeps the fund that pays its source (a grant's period is checked when a line is edited).
const PROPOSED_COPY = `account_description, name, account_line, dese_categories, dese_code, category_id,
  building_id, notes, fund_id`;
const prefixed = (columns: string, alias: string) => columns.replace(/(\w+)/g, `${alias}.$1`);

/**
 * The proposed lines a projected year grows from: at the base year the imported lines, later the
 * projected lines of the year before, which this run has just written.
 */
function previousYear(scope: KindScope, baseYear: number, fromYear: number) {
  const w = scopeWhere(scope);
  return {
    sql: `${w.sql} AND li.fiscal_year = ? AND ${fromYear === baseYear ? 'NOT li.is_projected' : 'li.is_projected'}`,
    bindings: [...w.bindings, fromYear],
    // The base line a projected line descends from, carried through every year.
    source: `CASE WHEN li.is_projected THEN li.metadata -> 'sourceLineId' ELSE to_jsonb(li.id) END`,
  };
}

/**
 * Writes the employees of baseYear + 1 .. toYear in one statement: the salary walk
 * (./projected-walk.ts), then one INSERT. Each line is moved by the rule once a year, and nothing
 * is read back from what the statement writes: the year-by-year statements this replaces read the
 * lines just written, whose statistics still said the year was empty, so the planner expected one
 * line and rebuilt the schedule rows for every line (nested loops; 96 s at 50,000 employees). When
 * a salary would not fit the money columns nothing is written and the first such fiscal year is
 * returned (the year a year-by-year run would have failed on).
 */
export async function projectEmployees(
  db: Db,
  scope: KindScope,
  baseYear: number,
  toYear: number,
): Promise<{ count: number; overflowYear: number | null }> {
  const walk = employeeWalk(scope, baseYear, toYear, { workGroupIds: 'all' });
  const { rows } = await withWalkSettings(db, () =>
    db.raw(
      `WITH RECURSIVE ${walk.ctes},
       inserted AS (
         ${INSERT_WALK()}
         RETURNING 1
       )
       SELECT (SELECT fiscal_year FROM overflow) AS overflow_year, (SELECT count(*) FROM inserted)::int AS count`,
      [...walk.bindings, baseYear, baseYear],
    ),
  );
  return { count: Number(rows[0].count), overflowYear: rows[0].overflow_year ?? null };
}

/**
 * Writes the proposed lines of fromYear + 1: each line of fromYear grown by its category's default
 * year-over-year increase (no default: unchanged), rounded to the cent every year. `factors` (decimal
 * text per category id, from actual spending: server/domains/ledger/ledger-base.ts) scale a category's
 * lines first; one rounding, after both, in SQL.
 */
export async function projectProposedYear(
  db: Db,
  scope: KindScope,
  baseYear: number,
  fromYear: number,
  factors: readonly { categoryId: number; factor: string }[] = [],
): Promise<number> {
  const prev = previousYear(scope, baseYear, fromYear);
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            amount, current_fte, employee_status, metadata, ${PROPOSED_COPY})
     SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + 1, false, true,
            round(li.amount * coalesce(f.factor, 1) * (1 + coalesce(c.default_yoy_increase, 0) / 100), 2),
            NULL, NULL,
            jsonb_build_object('projectedFrom', ?::int, 'sourceLineId', ${prev.source}),
            ${prefixed(PROPOSED_COPY, 'li')}
       FROM line_items li
       LEFT JOIN budget_categories c ON c.id = li.category_id
       LEFT JOIN unnest(?::int[], ?::numeric[]) AS f(category_id, factor) ON f.category_id = li.category_id
      WHERE ${prev.sql}`,
    [baseYear, factors.map((f) => f.categoryId), factors.map((f) => f.factor), ...prev.bindings],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** Shifts the imported lines of importedYear, or the lines after it, by delta fiscal years; their ids. */
export async function shiftLines(
  db: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
  which: 'imported' | 'later',
): Promise<number[]> {
  const w = scopeWhere(scope);
  const condition =
    which === 'imported' ? 'li.fiscal_year = ? AND NOT li.is_projected' : 'li.fiscal_year > ?';
  const result = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE line_items li SET fiscal_year = li.fiscal_year + ?::int, updated_at = now()
      WHERE ${w.sql} AND ${condition} RETURNING li.id`,
    [delta, ...w.bindings, importedYear],
  );
  if (which === 'imported') {
    return result.rows.map((r) => r.id);
  }
  // Later years hold projected lines, most in projected_lines.
  const lean = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE projected_lines p SET fiscal_year = p.fiscal_year + ?::int, updated_at = now()
      WHERE p.id IN (SELECT li.id FROM line_items_all li WHERE ${w.sql} AND ${condition}) RETURNING p.id`,
    [delta, ...w.bindings, importedYear],
  );
  return [...result.rows, ...lean.rows].map((r) => r.id);
}

/** The ids of a fiscal year's projected lines still stored in projected_lines. */
export async function projectedIdsOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<number[]> {
  const rows: { id: number }[] = await db('projected_lines')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .select('id');
  return rows.map((r) => Number(r.id));
}
