import type { Db } from '@server/db/index';
import { inOpenYear } from '@server/domains/stages';
import { employeeWalk, INSERT_WALK, sourceFilter, withWalkSettings } from './projected-walk';

/**
 * Who is in the projected years, following the base year's lines `sources` (refollowProjected
 * moves the salaries of those already there): in each projection run from their base year, a line
 * that no longer counts (set Inactive or Retiring, or moved out of the budgets that count) leaves
 * the projected years, and a counted line with no projected line in the run (added after Generate
 * Projections, or counted again) joins them, walked as Generate Projections walks everyone. A line
 * with a projected year someone edited (stored in line_items) is never added again beside it.
 * Locked years are left as they are. Returns the ids removed and added; when a salary would not
 * fit, nothing is written and the first such fiscal year is returned.
 */
export async function followMembership(
  db: Db,
  sources: { lineIds: readonly number[] } | { importRunId: number },
): Promise<{ removed: number[]; added: number[]; overflowYear: number | null }> {
  const none = { removed: [], added: [], overflowYear: null };
  if ('lineIds' in sources && !sources.lineIds.length) {
    return none;
  }
  const which = sourceFilter(sources);
  // The runs from the lines' base years: the last year each reaches (newest first on the year index).
  const { rows: runs } = await db.raw<{
    rows: { budget_year_id: number; base: number; last: number | null }[];
  }>(
    `SELECT b.budget_year_id, b.fiscal_year AS base,
            (SELECT p.fiscal_year FROM projected_lines p
              WHERE p.budget_year_id = b.budget_year_id AND p.projected_from = b.fiscal_year
              ORDER BY p.fiscal_year DESC LIMIT 1) AS last
       FROM (SELECT DISTINCT li.budget_year_id, li.fiscal_year FROM line_items li
              WHERE li.is_operating AND NOT li.is_projected ${which.sql}) b
      ORDER BY 1, 2`,
    which.bindings,
  );
  const removed: number[] = [];
  const added: number[] = [];
  for (const run of runs) {
    if (run.last === null) {
      continue;
    }
    const scope = { budgetYearId: run.budget_year_id, isOperating: true };
    const walk = employeeWalk(scope, run.base, run.last, sources);
    const statement = membershipStatement(run, walk, 'importRunId' in sources ? null : which);
    const { rows } = await withWalkSettings(
      db,
      () =>
        db.raw<{ rows: { overflow_year: number | null; removed: number[]; added: number[] }[] }>(
          statement.sql,
          statement.bindings,
        ),
      sources,
    );
    if (rows[0].overflow_year !== null) {
      return { ...none, overflowYear: rows[0].overflow_year };
    }
    removed.push(...rows[0].removed);
    added.push(...rows[0].added);
  }
  return { removed, added, overflowYear: null };
}

type Run = { budget_year_id: number; base: number };

/**
 * One run's statement. Edited lines (`which`): the projected years the walk no longer reaches
 * leave (the person no longer counts, or a year someone edited set them Retiring), and the walk's
 * years with no projected line join: every year of a line not yet in the run, or a year after an
 * edited one (the walk follows the edit). An import's lines (`which` null) are new, never
 * projected: they join. The years leaving are tested as one hashed set: a delete joining every
 * source to every projected line was planned, while new lines had no statistics, as nested loops
 * (13 million rows read for 25,530 imported people).
 */
function membershipStatement(
  run: Run,
  walk: ReturnType<typeof employeeWalk>,
  which: ReturnType<typeof sourceFilter> | null,
) {
  const result = (removed: string) => `SELECT (SELECT fiscal_year FROM overflow) AS overflow_year,
         ${removed} AS removed, (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM joined) AS added`;
  if (!which) {
    return {
      sql: `WITH RECURSIVE ${walk.ctes},
         joined AS (${INSERT_WALK(`AND ${inOpenYear('w')}`)} RETURNING id)
         ${result(`'[]'::json`)}`,
      bindings: [...walk.bindings, run.base, run.base],
    };
  }
  return {
    sql: `WITH RECURSIVE ${walk.ctes},
       sources AS MATERIALIZED (
         SELECT li.id FROM line_items li
          WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND NOT li.is_projected ${which.sql}
       ),
       -- The sources already in the run: a projected year stored, or one someone edited.
       followed AS MATERIALIZED (
         SELECT p.source_line_id FROM projected_lines p
          WHERE p.source_line_id IN (SELECT s.id FROM sources s) AND p.budget_year_id = ? AND p.projected_from = ?
         UNION SELECT e.source_line_id FROM edits e
       ),
       gone AS (
         DELETE FROM projected_lines p
          WHERE p.source_line_id IN (SELECT s.id FROM sources s) AND p.budget_year_id = ? AND p.projected_from = ?
            AND (p.source_line_id, p.fiscal_year) NOT IN (SELECT w.source_line_id, w.fiscal_year FROM walk w)
            AND ${inOpenYear('p')}
         RETURNING p.id
       ),
       joined AS (
         ${INSERT_WALK(`AND ${inOpenYear('w')}`)}
            AND (w.source_line_id NOT IN (SELECT f.source_line_id FROM followed f) OR w.after_edit)
            AND NOT EXISTS (SELECT 1 FROM projected_lines x WHERE x.source_line_id = w.source_line_id
                             AND x.fiscal_year = w.fiscal_year AND x.projected_from = ?)
         RETURNING id
       )
       ${result(`(SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM gone)`)}`,
    bindings: [
      ...walk.bindings,
      run.budget_year_id,
      run.base,
      ...which.bindings,
      run.budget_year_id,
      run.base,
      run.budget_year_id,
      run.base,
      run.base,
      run.base,
      run.base,
    ],
  };
}
