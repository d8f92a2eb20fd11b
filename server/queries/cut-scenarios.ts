import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { CutScenario, Floor, ScenarioLine } from '@server/schemas/cut-scenarios';
import { activeScope } from './line-items-scope';

/**
 * The Scenario Builder's reads and writes. The lines a scenario cuts are the budget year's proposed
 * lines of its fiscal year that count (activeScope, and with a version that version's lines and the
 * lines of none, as the town-goal gap reads them), so its original total is the dashboard's. Each
 * line's adjusted amount is round(amount x percent kept / 100, 2), summed in SQL.
 */

export interface LineScope {
  budgetYearId: number;
  fiscalYear: number;
  versionId: number | null;
}

/** Where a computation's percents come from: a saved scenario's, or a map sent by the client. */
export type Adjustments = { scenarioId: number } | { map: Record<string, number> };

function adjustmentRows(adj: Adjustments): { sql: string; binding: Knex.RawBinding } {
  return 'scenarioId' in adj
    ? {
        sql: 'SELECT line_item_id, percent_kept FROM cut_adjustments WHERE cut_scenario_id = ?',
        binding: adj.scenarioId,
      }
    : {
        sql: 'SELECT key::int AS line_item_id, value::numeric AS percent_kept FROM jsonb_each_text(?::jsonb)',
        binding: JSON.stringify(adj.map),
      };
}

/** The lines in scope with their percent kept, floor and adjusted amount, as a CTE named `cut`. */
function cutLines(scope: LineScope, adj: Adjustments): { sql: string; bindings: Knex.RawBinding[] } {
  const a = adjustmentRows(adj);
  const version = scope.versionId === null ? '' : 'AND (li.version_id = ? OR li.version_id IS NULL)';
  return {
    sql: `adj AS (${a.sql}),
      cut AS (
        SELECT li.id, li.account_description, li.account_line, li.dese_code, li.category_id, li.building_id,
               li.amount, coalesce(adj.percent_kept, 100) AS pct,
               coalesce(lf.floor_percent, cf.floor_percent, 0) AS floor_pct,
               round(li.amount * coalesce(adj.percent_kept, 100) / 100, 2) AS adjusted
          FROM line_items li
          LEFT JOIN adj ON adj.line_item_id = li.id
          LEFT JOIN cut_floors lf ON lf.line_item_id = li.id
          LEFT JOIN cut_floors cf ON cf.budget_year_id = li.budget_year_id AND cf.category_id = li.category_id
         WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND li.amount IS NOT NULL
           AND ${activeScope()} ${version})`,
    bindings: [
      a.binding,
      scope.budgetYearId,
      scope.fiscalYear,
      ...(scope.versionId === null ? [] : [scope.versionId]),
    ],
  };
}

export interface SummaryRow {
  line_count: number;
  original: string;
  adjusted: string;
  modified: number;
}

/** Totals of the lines in scope under the adjustments, as exact decimal text. */
export async function summarize(db: Db, scope: LineScope, adj: Adjustments): Promise<SummaryRow> {
  const c = cutLines(scope, adj);
  const { rows } = await db.raw(
    `WITH ${c.sql}
     SELECT count(*)::int AS line_count, coalesce(sum(amount), 0)::text AS original,
            coalesce(sum(adjusted), 0)::text AS adjusted, count(*) FILTER (WHERE pct < 100)::int AS modified
       FROM cut`,
    c.bindings,
  );
  return rows[0];
}

/** The lines with their category and building, as the grid shows them (by category, then description). */
export async function lines(db: Db, scope: LineScope, adj: Adjustments): Promise<ScenarioLine[]> {
  const c = cutLines(scope, adj);
  const { rows } = await db.raw(
    `WITH ${c.sql}
     SELECT coalesce(json_agg(json_build_object(
         'id', cut.id, 'accountDesc', cut.account_description, 'accountLine', cut.account_line,
         'deseCode', cut.dese_code, 'categoryId', cut.category_id,
         'category', CASE WHEN bc.id IS NULL THEN NULL ELSE json_build_object('name', bc.name, 'color', bc.color) END,
         'buildingId', cut.building_id,
         'building', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('name', b.name) END,
         'isPersonnel', coalesce(bc.is_personnel, false), 'fy26ProposedV3', cut.amount,
         'percentKept', cut.pct, 'floorPercent', cut.floor_pct, 'adjustedAmount', cut.adjusted,
         'cut', cut.amount - cut.adjusted)
       ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST, cut.account_description, cut.id), '[]')::text AS lines
       FROM cut
       LEFT JOIN budget_categories bc ON bc.id = cut.category_id
       LEFT JOIN buildings b ON b.id = cut.building_id`,
    c.bindings,
  );
  return JSON.parse(rows[0].lines);
}

/** Ids among `ids` that are not lines in scope, and lines whose percent would go below their floor. */
export async function checkAdjustments(
  db: Db,
  scope: LineScope,
  map: Record<string, number>,
): Promise<{ unknown: number[]; belowFloor: { id: number; percent: string; floor: string }[] }> {
  const c = cutLines(scope, { map });
  const { rows } = await db.raw(
    `WITH ${c.sql}
     SELECT (SELECT coalesce(json_agg(a.line_item_id ORDER BY a.line_item_id), '[]') FROM adj a
              WHERE NOT EXISTS (SELECT 1 FROM cut WHERE cut.id = a.line_item_id)) AS unknown,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'percent', pct::text, 'floor', floor_pct::text)
                ORDER BY id), '[]') FROM cut WHERE pct < floor_pct) AS below`,
    c.bindings,
  );
  return { unknown: rows[0].unknown, belowFloor: rows[0].below };
}

/** Per category: the original amount and the adjusted amount under each scenario. */
export async function byCategory(
  db: Db,
  scope: LineScope,
  scenarioIds: number[],
): Promise<
  { category_id: number | null; category: string; original: string; adjusted: Record<string, string> }[]
> {
  const c = cutLines(scope, { map: {} });
  const { rows } = await db.raw(
    `WITH ${c.sql}
     SELECT cut.category_id, coalesce(bc.name, 'Uncategorized') AS category, sum(cut.amount)::text AS original,
            (SELECT json_object_agg(s.id, (
               SELECT coalesce(sum(round(l.amount * coalesce(x.percent_kept, 100) / 100, 2)), 0)::text
                 FROM cut l LEFT JOIN cut_adjustments x ON x.cut_scenario_id = s.id AND x.line_item_id = l.id
                WHERE l.category_id IS NOT DISTINCT FROM cut.category_id))
               FROM unnest(?::int[]) AS s(id)) AS adjusted
       FROM cut LEFT JOIN budget_categories bc ON bc.id = cut.category_id
      GROUP BY cut.category_id, bc.name, bc.display_order
      ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST`,
    [...c.bindings, scenarioIds],
  );
  return rows;
}

/** The ids of the lines in scope that are in a category (a quick cut by category). */
export async function lineIdsOfCategory(db: Db, scope: LineScope, categoryId: number): Promise<number[]> {
  const c = cutLines(scope, { map: {} });
  const { rows } = await db.raw(`WITH ${c.sql} SELECT id FROM cut WHERE category_id = ? ORDER BY id`, [
    ...c.bindings,
    categoryId,
  ]);
  return rows.map((r: { id: number }) => r.id);
}

/** Floors of the lines in scope among `ids`: id -> floor percent (text). */
export async function floorsOf(db: Db, scope: LineScope, ids: number[]): Promise<Map<number, string>> {
  const c = cutLines(scope, { map: {} });
  const { rows } = await db.raw(
    `WITH ${c.sql} SELECT id, floor_pct::text AS floor, amount::text AS amount FROM cut WHERE id = ANY(?)`,
    [...c.bindings, ids],
  );
  return new Map(rows.map((r: { id: number; floor: string }) => [r.id, r.floor]));
}

/* ------------------------------------------------------------------------------ scenarios */

export interface CutScenarioRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  version_id: number | null;
  name: string;
  description: string | null;
  is_active: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function scenarios(db: Db) {
  return db('cut_scenarios as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select('s.*', 'u.name as created_by');
}

export async function listScenarios(
  db: Db,
  budgetYearId: number,
  fiscalYear?: number,
): Promise<CutScenarioRow[]> {
  const q = scenarios(db)
    .where('s.budget_year_id', budgetYearId)
    .orderBy([
      { column: 's.fiscal_year', order: 'desc' },
      { column: 's.name', order: 'asc' },
    ]);
  if (fiscalYear !== undefined) {
    q.where('s.fiscal_year', fiscalYear);
  }
  return q;
}

export async function findScenario(db: Db, id: number, lock = false): Promise<CutScenarioRow | undefined> {
  if (lock) {
    await db('cut_scenarios').where({ id }).forUpdate().first('id');
  }
  return scenarios(db).where('s.id', id).first();
}

export async function insertScenario(
  db: Db,
  values: {
    budget_year_id: number;
    fiscal_year: number;
    version_id: number | null;
    name: string;
    description: string | null;
    created_by: number | null;
  },
): Promise<number> {
  const [row] = await db('cut_scenarios').insert(values).returning('id');
  return row.id;
}

export async function updateScenario(
  db: Db,
  id: number,
  values: { name?: string; description?: string | null },
) {
  await db('cut_scenarios')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteScenario(db: Db, id: number) {
  await db('cut_scenarios').where({ id }).delete();
}

/** Makes one scenario the active plan of its budget and fiscal year, and the others not. */
export async function setActive(db: Db, row: CutScenarioRow) {
  await db('cut_scenarios')
    .where({ budget_year_id: row.budget_year_id, fiscal_year: row.fiscal_year, is_active: true })
    .update({ is_active: false, updated_at: db.fn.now() });
  await db('cut_scenarios').where({ id: row.id }).update({ is_active: true, updated_at: db.fn.now() });
}

/** The stored percents of a scenario: line id -> percent (text). */
export async function adjustmentsOf(db: Db, id: number): Promise<Record<string, string>> {
  const rows = await db('cut_adjustments')
    .where({ cut_scenario_id: id })
    .select('line_item_id', db.raw('percent_kept::text AS pct'));
  return Object.fromEntries(
    rows.map((r: { line_item_id: number; pct: string }) => [String(r.line_item_id), r.pct]),
  );
}

/** Sets percents (100 removes the line's row: uncut is the default); with `replace`, clears the rest first. */
export async function writeAdjustments(db: Db, id: number, map: Record<string, number>, replace: boolean) {
  if (replace) {
    await db('cut_adjustments').where({ cut_scenario_id: id }).delete();
  }
  const entries = Object.entries(map);
  const cut = entries.filter(([, pct]) => pct < 100);
  const uncut = entries.filter(([, pct]) => pct >= 100).map(([line]) => Number(line));
  if (uncut.length && !replace) {
    await db('cut_adjustments').where({ cut_scenario_id: id }).whereIn('line_item_id', uncut).delete();
  }
  for (let i = 0; i < cut.length; i += 5000) {
    await db('cut_adjustments')
      .insert(
        cut
          .slice(i, i + 5000)
          .map(([line, pct]) => ({ cut_scenario_id: id, line_item_id: Number(line), percent_kept: pct })),
      )
      .onConflict(['cut_scenario_id', 'line_item_id'])
      .merge();
  }
  await db('cut_scenarios').where({ id }).update({ updated_at: db.fn.now() });
}

/* --------------------------------------------------------------------------------- floors */

export async function listFloors(db: Db, budgetYearId: number): Promise<Floor[]> {
  const rows = await db('cut_floors as f')
    .leftJoin('budget_categories as c', 'c.id', 'f.category_id')
    .leftJoin('line_items as li', 'li.id', 'f.line_item_id')
    .where('f.budget_year_id', budgetYearId)
    .orderByRaw('f.line_item_id IS NOT NULL, c.name, li.account_description, f.id')
    .select(
      'f.id',
      'f.category_id',
      'c.name as category',
      'f.line_item_id',
      'li.account_description',
      db.raw('f.floor_percent::text AS pct'),
      'f.reason',
    );
  return rows.map((r) => ({
    id: r.id,
    categoryId: r.category_id,
    category: r.category,
    lineItemId: r.line_item_id,
    accountDesc: r.account_description,
    floorPercent: Number(r.pct),
    reason: r.reason,
  }));
}

export async function writeFloor(
  db: Db,
  budgetYearId: number,
  f: { categoryId?: number; lineItemId?: number; floorPercent: number | null; reason?: string | null },
) {
  const target = f.categoryId !== undefined ? { category_id: f.categoryId } : { line_item_id: f.lineItemId };
  await db('cut_floors')
    .where({ budget_year_id: budgetYearId, ...target })
    .delete();
  if (f.floorPercent !== null) {
    await db('cut_floors').insert({
      budget_year_id: budgetYearId,
      ...target,
      floor_percent: f.floorPercent,
      reason: f.reason ?? null,
    });
  }
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
