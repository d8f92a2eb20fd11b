import type { Db } from '@server/db/index';
import {
  ADJUSTED,
  adjustmentRows,
  FLOOR,
  FLOOR_JOINS,
  forGoal,
  goalSums,
  inScope,
  type Adjustments,
  type LineScope,
  type SummaryRow,
} from './cut-scenarios';

/**
 * The Scenario Builder's lines (GET /scenarios/baseline), and the fingerprint of everything they
 * are built from, which services/cut-scenario-lines-cache.ts keys its copies on.
 */

/** JSON text of a value (null as null). */
const json = (sql: string) => `coalesce(to_json(${sql})::text, 'null')`;

/** The lines' compact JSON (see schemas/scenario-line-rows.ts) with their totals and references. */
export interface LinesRow extends SummaryRow {
  /** `[[id, accountDesc, ...], ...]` in grid order. */
  lines: string;
  /** `[{ id, name, color, isPersonnel }, ...]` and `[{ id, name }, ...]`. */
  categories: string;
  buildings: string;
}

/**
 * The lines with their category and building, as the grid shows them (by category, then
 * description), each a JSON array of its values, all in one text the route sends as it is; the
 * totals summarize gives, from the same scan; the categories and buildings once each. At 20,000
 * lines, plain rows cost a third more (the driver decodes 200,000 fields one by one), a
 * json_build_object per line twice as much, and parsing the text to re-serialise it as objects
 * (6.5 MB) more than the query itself (bench/scenarios.bench.ts).
 */
export async function linesWithTotals(db: Db, scope: LineScope, adj: Adjustments): Promise<LinesRow> {
  const a = adjustmentRows(adj);
  const where = inScope(scope);
  const { rows } = await db.raw(
    `WITH adj AS (${a.sql})
     SELECT '[' || coalesce(string_agg(concat('[', li.id, ',', ${json('li.account_description')}, ',',
              ${json('li.account_line')}, ',', ${json('li.dese_code')}, ',', ${json('li.category_id')}, ',',
              ${json('li.building_id')}, ',', li.amount, ',', coalesce(adj.percent_kept, 100), ',', ${FLOOR}, ',',
              ${ADJUSTED}, ',', CASE WHEN ${forGoal()} THEN 'true' ELSE 'false' END, ']'), ','
            ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST, li.account_description, li.id), '') || ']' AS lines,
            count(*)::int AS line_count, coalesce(sum(li.amount), 0)::text AS original,
            coalesce(sum(${ADJUSTED}), 0)::text AS adjusted,
            count(*) FILTER (WHERE adj.percent_kept < 100)::int AS modified, ${goalSums()},
            (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'color', c.color,
                      'isPersonnel', c.is_personnel) ORDER BY c.id), '[]')::text FROM budget_categories c) AS categories,
            (SELECT coalesce(json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.id), '[]')::text
               FROM buildings b) AS buildings
       FROM line_items li
       LEFT JOIN adj ON adj.line_item_id = li.id
       ${FLOOR_JOINS}
       LEFT JOIN budget_categories bc ON bc.id = li.category_id
      WHERE ${where.sql}`,
    [a.binding, ...where.bindings],
  );
  return rows[0];
}

/**
 * A cheap fingerprint of every row linesWithTotals reads: the lines in scope, the scenario's
 * percents, the budget year's floors, the categories and buildings, and the budgets that decide
 * which lines count (activeScope). An INSERT or UPDATE gives a row a new xmin (the writing
 * transaction's id, larger than any before it) and a DELETE lowers the count, so (count, sum of
 * xmin) of each changes whenever any of its rows does (as queries/line-items-signature.ts does for
 * the budget grids).
 */
export async function linesSignature(db: Db, scope: LineScope, adj: Adjustments): Promise<string> {
  const where = inScope(scope);
  const part = (from: string) =>
    `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${from})`;
  const adjustments = 'scenarioId' in adj ? part('cut_adjustments WHERE cut_scenario_id = ?') : `'none'`;
  const { rows } = await db.raw(
    `SELECT concat_ws('|', (SELECT count(*) || ':' || coalesce(sum(li.xmin::text::bigint), 0)
                              FROM line_items li WHERE ${where.sql}),
              ${adjustments}, ${part('cut_floors WHERE budget_year_id = ?')}, ${part('budget_categories')},
              ${part('buildings')}, ${part('scenarios')}) AS sig`,
    [...where.bindings, ...('scenarioId' in adj ? [adj.scenarioId] : []), scope.budgetYearId],
  );
  return rows[0].sig;
}
