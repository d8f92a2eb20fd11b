import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { CutScenario } from '@shared/schemas/cut-scenarios';
import { activeScope } from '@server/sql/line-items-scope';
import { OF_FUNDS } from '@server/domains/funds';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';

/**
 * The Scenario Builder's reads and writes. The lines a scenario cuts are the budget year's proposed
 * lines of its fiscal year that count (activeScope, and with a version that version's lines and the
 * lines of none, as the town-goal gap reads them), so its original total is the dashboard's. Each
 * line's adjusted amount is round(amount x percent kept / 100, 2), summed in SQL.
 *
 * Each read joins only what it needs (bench/scenarios.bench.ts, 20,000 lines): the totals skip the
 * floors; checking a set of percents looks up only the lines named (not every line in scope); the
 * comparison scans the lines once and adds each scenario's cuts per category (it re-scanned them per
 * category and scenario); the grid's lines come as one JSON text with
 * their totals (cut-scenario-lines.ts). The scenarios' own rows and the floors are in
 * cut-scenario-records.ts and cut-floors.ts, re-exported here.
 */

export * from './cut-scenario-records';
export * from './cut-floors';

export interface LineScope {
  budgetYearId: number;
  fiscalYear: number;
  versionId: number | null;
}

/** Where a computation's percents come from: a saved scenario's, or a map sent by the client. */
export type Adjustments = { scenarioId: number } | { map: Record<string, number> };

export function adjustmentRows(adj: Adjustments): { sql: string; binding: Knex.RawBinding } {
  return 'scenarioId' in adj
    ? {
        sql: 'SELECT line_item_id, percent_kept FROM cut_adjustments WHERE cut_scenario_id = ?',
        binding: adj.scenarioId,
      }
    : {
        // bigint: a key past int's range is an unknown line, not a cast error.
        sql: 'SELECT key::bigint AS line_item_id, value::numeric AS percent_kept FROM jsonb_each_text(?::jsonb)',
        binding: JSON.stringify(adj.map),
      };
}

/** The condition on `li` that makes a line one the scope cuts, with its bindings. */
export function inScope(scope: LineScope): { sql: string; bindings: Knex.RawBinding[] } {
  const version = scope.versionId === null ? '' : 'AND (li.version_id = ? OR li.version_id IS NULL)';
  return {
    sql: `li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND li.amount IS NOT NULL
      AND ${activeScope()} ${version}`,
    bindings: [scope.budgetYearId, scope.fiscalYear, ...(scope.versionId === null ? [] : [scope.versionId])],
  };
}

/** A line's floor: its own, else its category's, else 0 (with FLOOR_JOINS). */
export const FLOOR = 'coalesce(lf.floor_percent, cf.floor_percent, 0)';
export const FLOOR_JOINS = `LEFT JOIN cut_floors lf ON lf.line_item_id = li.id
  LEFT JOIN cut_floors cf ON cf.budget_year_id = li.budget_year_id AND cf.category_id = li.category_id`;
/** A line's adjusted amount (with `adj` joined); an uncut line keeps its amount as it is. */
export const ADJUSTED = `CASE WHEN adj.percent_kept IS NULL THEN li.amount
  ELSE round(li.amount * adj.percent_kept / 100, 2) END`;

/**
 * Whether `li` is a line the town's goal is compared with (GOAL_FUNDS: the general fund's). A
 * function, not a constant: the funds domain may not be loaded yet when this module is.
 */
export const forGoal = () => OF_FUNDS(GOAL_FUNDS, 'li');

/** The general fund's part of the adjusted total, as summarize and the grid's lines give it (SummaryRow). */
export const goalSums = () =>
  `coalesce(sum(${ADJUSTED}) FILTER (WHERE ${forGoal()}), 0)::text AS goal_adjusted`;

export interface SummaryRow {
  line_count: number;
  original: string;
  adjusted: string;
  modified: number;
  /** The general fund's lines' adjusted total (goalSums). */
  goal_adjusted: string;
}

/** Totals of the lines in scope under the adjustments, as exact decimal text. */
export async function summarize(db: Db, scope: LineScope, adj: Adjustments): Promise<SummaryRow> {
  const a = adjustmentRows(adj);
  const where = inScope(scope);
  const { rows } = await db.raw(
    `WITH adj AS (${a.sql})
     SELECT count(*)::int AS line_count, coalesce(sum(li.amount), 0)::text AS original,
            coalesce(sum(${ADJUSTED}), 0)::text AS adjusted,
            count(*) FILTER (WHERE adj.percent_kept < 100)::int AS modified, ${goalSums()}
       FROM line_items li LEFT JOIN adj ON adj.line_item_id = li.id
      WHERE ${where.sql}`,
    [a.binding, ...where.bindings],
  );
  return rows[0];
}

/** Ids among `ids` that are not lines in scope, and lines whose percent would go below their floor. */
export async function checkAdjustments(
  db: Db,
  scope: LineScope,
  map: Record<string, number>,
): Promise<{
  unknown: number[];
  belowFloor: { id: number; percent: string; floor: string }[];
  personnelCut: number[];
}> {
  const a = adjustmentRows({ map });
  const where = inScope(scope);
  // Only the lines named are looked up (by id), not every line in scope.
  const { rows } = await db.raw(
    `WITH adj AS (${a.sql}),
     hit AS MATERIALIZED (
       SELECT adj.line_item_id AS id, adj.percent_kept AS pct, li.id AS line_id, ${FLOOR} AS floor_pct,
              coalesce(pc.is_personnel, false) AS personnel
         FROM adj
         LEFT JOIN line_items li ON li.id = adj.line_item_id AND ${where.sql}
         LEFT JOIN budget_categories pc ON pc.id = li.category_id
         ${FLOOR_JOINS})
     SELECT (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM hit WHERE line_id IS NULL) AS unknown,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'percent', pct::text, 'floor', floor_pct::text)
                ORDER BY id), '[]') FROM hit WHERE line_id IS NOT NULL AND pct < floor_pct) AS below,
            (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM hit
              WHERE line_id IS NOT NULL AND pct < 100 AND personnel) AS personnel_cut`,
    [a.binding, ...where.bindings],
  );
  return { unknown: rows[0].unknown, belowFloor: rows[0].below, personnelCut: rows[0].personnel_cut };
}

/** Per category: the original amount and the adjusted amount under each scenario. */
export async function byCategory(
  db: Db,
  scope: LineScope,
  scenarioIds: number[],
): Promise<
  { category_id: number | null; category: string; original: string; adjusted: Record<string, string> }[]
> {
  const where = inScope(scope);
  // One scan of the lines; each scenario's adjusted total is the original plus what its cuts change.
  const { rows } = await db.raw(
    `WITH cut AS MATERIALIZED (SELECT li.id, li.category_id, li.amount FROM line_items li WHERE ${where.sql}),
     orig AS (SELECT category_id, sum(amount) AS original FROM cut GROUP BY category_id),
     delta AS MATERIALIZED (
       SELECT cut.category_id, x.cut_scenario_id AS scenario_id,
              sum(round(cut.amount * x.percent_kept / 100, 2) - cut.amount) AS delta
         FROM cut JOIN cut_adjustments x ON x.line_item_id = cut.id AND x.cut_scenario_id = ANY(?::int[])
        GROUP BY cut.category_id, x.cut_scenario_id)
     SELECT o.category_id, coalesce(bc.name, 'Uncategorized') AS category, o.original::text AS original,
            (SELECT json_object_agg(s.id, (o.original + coalesce(d.delta, 0))::text)
               FROM unnest(?::int[]) AS s(id)
               LEFT JOIN delta d ON d.scenario_id = s.id AND d.category_id IS NOT DISTINCT FROM o.category_id
            ) AS adjusted
       FROM orig o LEFT JOIN budget_categories bc ON bc.id = o.category_id
      ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST`,
    [...where.bindings, scenarioIds, scenarioIds],
  );
  return rows;
}

/** The ids of the lines in scope that are in a category (a quick cut by category). */
export async function lineIdsOfCategory(db: Db, scope: LineScope, categoryId: number): Promise<number[]> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT li.id FROM line_items li WHERE ${where.sql} AND li.category_id = ? ORDER BY li.id`,
    [...where.bindings, categoryId],
  );
  return rows.map((r: { id: number }) => r.id);
}

/** Floors and amounts of the lines in scope among `ids`: id -> { floor percent, amount } (text). */
export async function floorsOf(
  db: Db,
  scope: LineScope,
  ids: number[],
): Promise<Map<number, { floor: string; amount: string }>> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT li.id, ${FLOOR}::text AS floor, li.amount::text AS amount FROM line_items li ${FLOOR_JOINS}
      WHERE li.id = ANY(?::int[]) AND ${where.sql}`,
    [ids, ...where.bindings],
  );
  return new Map(
    rows.map((r: { id: number; floor: string; amount: string }) => [
      r.id,
      { floor: r.floor, amount: r.amount },
    ]),
  );
}

/** Which of these proposed line ids belong to the budget year. */
export async function proposedLinesOf(db: Db, budgetYearId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) {
    return new Set();
  }
  const found = await db('line_items')
    .whereIn('id', ids)
    .where({ budget_year_id: budgetYearId, is_operating: false })
    .pluck('id');
  return new Set(found);
}

export type { CutScenario };
