import type { Db } from '@server/db/index';
import type { CrosswalkRuleRef } from '@server/lib/crosswalk';
import type { MatchType } from '@shared/schemas/crosswalk';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * The position crosswalk's rules (table position_crosswalk_rules) and what they are applied to:
 * the titles of a year's employee lines, grouped, and the lines themselves. Lines are read here;
 * they are written only by the line writer (server/domains/line-items/).
 */

export interface RuleRow {
  id: number;
  match_type: MatchType;
  pattern: string;
  work_group_id: number | null;
  work_group_name: string | null;
  category_id: number | null;
  category_name: string | null;
  dese_code: string | null;
  fund_id: number | null;
  fund_name: string | null;
  note: string | null;
  created_by_name: string | null;
  updated_at: Date | string;
}

export interface RuleValues {
  match_type: MatchType;
  pattern: string;
  work_group_id: number | null;
  category_id: number | null;
  dese_code: string | null;
  fund_id: number | null;
  note: string | null;
}

function rules(db: Db) {
  return db('position_crosswalk_rules as r')
    .leftJoin('work_groups as g', 'g.id', 'r.work_group_id')
    .leftJoin('budget_categories as c', 'c.id', 'r.category_id')
    .leftJoin('funds as f', 'f.id', 'r.fund_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(
      'r.id',
      'r.match_type',
      'r.pattern',
      'r.work_group_id',
      'g.name as work_group_name',
      'r.category_id',
      'c.name as category_name',
      'r.dese_code',
      'r.fund_id',
      'f.name as fund_name',
      'r.note',
      'u.name as created_by_name',
      'r.updated_at',
    );
}

/** Every rule, exact titles first, then by pattern. */
export async function listRules(db: Db): Promise<RuleRow[]> {
  return rules(db).orderByRaw(`r.match_type = 'exact' DESC, lower(r.pattern), r.id`);
}

export async function findRule(db: Db, id: number): Promise<RuleRow | undefined> {
  return rules(db).where('r.id', id).first();
}

/** The rule with this match type and pattern (ignoring case and surrounding spaces), but `exceptId`. */
export async function findRuleByPattern(
  db: Db,
  matchType: MatchType,
  pattern: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const q = db('position_crosswalk_rules')
    .where('match_type', matchType)
    .whereRaw('lower(btrim(pattern)) = lower(btrim(?))', [pattern])
    .first('id');
  if (exceptId !== undefined) {
    q.whereNot('id', exceptId);
  }
  return q;
}

/** Inserts rules; their ids in order. */
export async function insertRules(
  db: Db,
  rows: (RuleValues & { created_by: number | null })[],
): Promise<number[]> {
  const inserted = await db('position_crosswalk_rules')
    .insert(rows.map((r) => ({ ...r, updated_by: r.created_by })))
    .returning('id');
  return inserted.map((r: { id: number }) => r.id);
}

export async function updateRule(db: Db, id: number, values: RuleValues & { updated_by: number | null }) {
  await db('position_crosswalk_rules')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteRule(db: Db, id: number): Promise<number> {
  return db('position_crosswalk_rules').where({ id }).del();
}

/** A row as the matching engine reads it. */
export function toRuleRef(row: RuleRow): CrosswalkRuleRef {
  return {
    id: row.id,
    matchType: row.match_type,
    pattern: row.pattern,
    workGroupId: row.work_group_id,
    workGroupName: row.work_group_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    deseCode: row.dese_code,
    fundId: row.fund_id,
    fundName: row.fund_name,
  };
}

/** Every rule as the engine reads it (the import loads them once per run). */
export async function ruleRefs(db: Db): Promise<CrosswalkRuleRef[]> {
  return (await listRules(db)).map(toRuleRef);
}

/** The work groups or funds among `ids` that exist: their names, by id. */
export async function namesById(
  db: Db,
  table: 'work_groups' | 'funds',
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (!ids.length) {
    return new Map();
  }
  const rows = await db(table)
    .whereIn('id', [...ids])
    .select('id', 'name');
  return new Map(rows.map((r: { id: number; name: string }) => [r.id, r.name]));
}

/** The budget categories among `ids` that exist: name and whether personnel, by id. */
export async function categoryFacts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { name: string; isPersonnel: boolean }>> {
  if (!ids.length) {
    return new Map();
  }
  const rows = await db('budget_categories')
    .whereIn('id', [...ids])
    .select('id', 'name', 'is_personnel');
  return new Map(
    rows.map((r: { id: number; name: string; is_personnel: boolean }) => [
      r.id,
      { name: r.name, isPersonnel: r.is_personnel },
    ]),
  );
}

/**
 * The employee lines of a budget year's fiscal year that count (activeScope, the grids' rule),
 * grouped by title and by what they carry now: the preview's input, summed in SQL.
 */
export interface TitleGroup {
  title: string;
  work_group_id: number | null;
  category_id: number | null;
  dese_code: string | null;
  lines: number;
  amount: string;
}

const YEAR_LINES = `li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND ${activeScope()}`;

export async function titleGroups(db: Db, budgetYearId: number, fiscalYear: number): Promise<TitleGroup[]> {
  const { rows } = await db.raw(
    `SELECT coalesce(btrim(li.position), '') AS title, li.work_group_id, li.category_id,
            nullif(btrim(li.dese_code), '') AS dese_code,
            count(*)::int AS lines, coalesce(sum(li.current_salary), 0)::text AS amount
       FROM line_items li
      WHERE ${YEAR_LINES}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}

export interface LineFacts {
  id: number;
  title: string;
  work_group_id: number | null;
  category_id: number | null;
  dese_code: string | null;
}

/** The same lines one by one (Apply groups them by what changes). */
export async function yearLines(db: Db, budgetYearId: number, fiscalYear: number): Promise<LineFacts[]> {
  const { rows } = await db.raw(
    `SELECT li.id, coalesce(btrim(li.position), '') AS title, li.work_group_id, li.category_id,
            nullif(btrim(li.dese_code), '') AS dese_code
       FROM line_items li
      WHERE ${YEAR_LINES}
      ORDER BY li.id`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}
