import type { Db } from '@server/db/index';

/**
 * Function-code rules (table function_code_rules): the ADMIN's rules that give a
 * line its DESE function code by budget category, work group, position or account, and the one
 * SQL test of whether a rule reaches a line (ruleMatchSql), used here to find rules that would give
 * a line two codes and by the line writer to apply them (queries/line-items-writes-codes.ts).
 */

export type RuleKindDb = 'category' | 'work_group' | 'position' | 'account';

export interface RuleRow {
  id: number;
  kind: RuleKindDb;
  category_id: number | null;
  category_name: string | null;
  work_group_id: number | null;
  work_group_name: string | null;
  match_text: string | null;
  is_pattern: boolean;
  function_code: string;
  fund_id: number | null;
  fund_name: string | null;
  note: string | null;
  created_by_name: string | null;
  updated_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  line_count: number;
}

/** What a rule is made of, as stored (a rule not yet saved has no id). */
export interface RuleValues {
  kind: RuleKindDb;
  category_id: number | null;
  work_group_id: number | null;
  match_text: string | null;
  is_pattern: boolean;
  function_code: string;
  fund_id: number | null;
  note: string | null;
}

// chr(92) is '\', chr(63) is '?': written so, a literal question mark would be a knex binding.
const likeOf = (r: string) =>
  `replace(replace(replace(replace(replace(btrim(${r}.match_text), chr(92), chr(92) || chr(92)),
     '%', chr(92) || '%'), '_', chr(92) || '_'), '*', '%'), chr(63), '_')`;

const textMatch = (r: string, column: string) =>
  `coalesce(CASE WHEN ${r}.is_pattern THEN btrim(${column}) ILIKE ${likeOf(r)}
                 ELSE lower(btrim(${column})) = lower(btrim(${r}.match_text)) END, false)`;

/**
 * THE test of whether rule `r` reaches line `li` (shared/code-patterns.ts states it for people):
 * a category rule every line of the category; a work-group rule the employee lines linked to the
 * group; a position rule the employee lines whose title is the rule's (or matches its pattern); an
 * account rule the proposed lines whose account is the rule's (or matches its pattern).
 */
export function ruleMatchSql(r = 'r', li = 'li'): string {
  return `(CASE ${r}.kind
    WHEN 'category' THEN coalesce(${li}.category_id = ${r}.category_id, false)
    WHEN 'work_group' THEN ${li}.is_operating AND coalesce(${li}.work_group_id = ${r}.work_group_id, false)
    WHEN 'position' THEN ${li}.is_operating AND ${textMatch(r, `${li}.position`)}
    WHEN 'account' THEN NOT ${li}.is_operating AND ${textMatch(r, `${li}.account_line`)}
    ELSE false END)`;
}

/** How a line is named in a message: 'Lane, Ada (Teacher)' or 'Supplies (0100-3-300-2430-...)'. */
export const LINE_LABEL_SQL = `CASE WHEN li.is_operating
  THEN concat_ws(', ', nullif(btrim(li.last_name), ''), nullif(btrim(li.first_name), ''))
       || coalesce(' (' || nullif(btrim(li.position), '') || ')', '')
  ELSE coalesce(nullif(btrim(li.account_description), ''), nullif(btrim(li.name), ''), 'line ' || li.id)
       || coalesce(' (' || nullif(btrim(li.account_line), '') || ')', '') END`;

function rules(db: Db) {
  return db('function_code_rules as r')
    .leftJoin('budget_categories as c', 'c.id', 'r.category_id')
    .leftJoin('work_groups as g', 'g.id', 'r.work_group_id')
    .leftJoin('funds as f', 'f.id', 'r.fund_id')
    .leftJoin('users as cu', 'cu.id', 'r.created_by')
    .leftJoin('users as uu', 'uu.id', 'r.updated_by')
    .select(
      'r.id',
      'r.kind',
      'r.category_id',
      'c.name as category_name',
      'r.work_group_id',
      'g.name as work_group_name',
      'r.match_text',
      'r.is_pattern',
      'r.function_code',
      'r.fund_id',
      'f.name as fund_name',
      'r.note',
      'cu.name as created_by_name',
      'uu.name as updated_by_name',
      'r.created_at',
      'r.updated_at',
      db.raw(`(SELECT count(*) FROM line_items li WHERE ${ruleMatchSql()})::int AS line_count`),
    );
}

/** Every rule with the number of lines it reaches now, by kind then target. */
export function listRules(db: Db): Promise<RuleRow[]> {
  return rules(db).orderByRaw(
    `array_position(ARRAY['category','work_group','position','account'], r.kind),
     lower(coalesce(c.name, g.name, r.match_text)), r.id`,
  );
}

export async function findRule(db: Db, id: number, lock = false): Promise<RuleRow | null> {
  const q = rules(db).where('r.id', id).first();
  return (await (lock ? q.forUpdate('r') : q)) ?? null;
}

/** Another rule for the same target (same kind and category, work group or text, ignoring case). */
export async function findSameTarget(
  db: Db,
  v: RuleValues,
  exceptId: number | null,
): Promise<RuleRow | null> {
  const q = rules(db)
    .where('r.kind', v.kind)
    .whereRaw('coalesce(r.category_id, 0) = ?', [v.category_id ?? 0])
    .whereRaw('coalesce(r.work_group_id, 0) = ?', [v.work_group_id ?? 0])
    .whereRaw(`lower(coalesce(r.match_text, '')) = lower(?)`, [v.match_text ?? ''])
    .first();
  if (exceptId !== null) {
    q.whereNot('r.id', exceptId);
  }
  return (await q) ?? null;
}

export async function insertRule(db: Db, v: RuleValues, userId: number | null): Promise<number> {
  const [row] = await db('function_code_rules')
    .insert({ ...v, created_by: userId, updated_by: userId })
    .returning('id');
  return Number(row.id);
}

export async function updateRule(db: Db, id: number, v: RuleValues, userId: number | null): Promise<void> {
  await db('function_code_rules')
    .where({ id })
    .update({ ...v, updated_by: userId, updated_at: db.fn.now() });
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db('function_code_rules').where({ id }).del();
}

export interface OverlapRow {
  other_id: number;
  other_code: string;
  /** Whether the two give the lines different funds (both naming one) rather than codes. */
  fund_differs: boolean;
  line_count: number;
  example: string;
}

/**
 * The rule (other than `exceptId`) that would give some line a code other than the candidate's (or,
 * both naming a fund, another fund),
 * with how many lines and one of them; null when none. Every line is looked at (every budget year,
 * with or without a code of its own): a rule is forever, and overwriting applies it to all of them.
 */
export async function firstOverlap(
  db: Db,
  v: RuleValues,
  exceptId: number | null,
): Promise<OverlapRow | null> {
  const { rows } = await db.raw(
    `WITH r AS (SELECT ?::text AS kind, ?::int AS category_id, ?::int AS work_group_id, ?::text AS match_text,
                       ?::boolean AS is_pattern, ?::text AS function_code, ?::int AS fund_id)
     SELECT o.id AS other_id, o.function_code AS other_code, o.function_code = r.function_code AS fund_differs,
            count(*)::int AS line_count, min(${LINE_LABEL_SQL}) AS example
       FROM line_items li
       JOIN r ON ${ruleMatchSql('r')}
       JOIN function_code_rules o ON o.id <> ?
        AND (o.function_code <> r.function_code OR o.fund_id <> r.fund_id) AND ${ruleMatchSql('o')}
      GROUP BY o.id, o.function_code, r.function_code
      ORDER BY count(*) DESC, o.id
      LIMIT 1`,
    [
      v.kind,
      v.category_id,
      v.work_group_id,
      v.match_text,
      v.is_pattern,
      v.function_code,
      v.fund_id,
      exceptId ?? 0,
    ],
  );
  return rows[0] ?? null;
}

/** Whether a fund with this id exists (a rule may name it). */
export async function fundExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('funds').where({ id }).first('id'));
}
