import type { Db } from '@server/db/index';
import { withSides, type Sides } from './budget-stages-compare';

/**
 * The stage comparison line by line: each line's two sides compared field by
 * field in PostgreSQL, and why each changed (the reasons recorded between the two stages).
 */

/* ---------- Line by line ---------- */

interface FieldDef {
  field: string;
  label: string;
  kind: 'proposed' | 'employee' | 'both';
  money: boolean;
  /** What is compared, on side `a` (f or t). */
  key(a: string): string;
  /** What is shown (text fields). */
  text?(a: string): string;
}

const col = (c: string) => (a: string) => `${a}.${c}`;

/**
 * The fields a comparison looks at, in the order a line's changes are listed. The next-year salary
 * is in the totals only: it follows the salary rule, which moves with every contract or setting.
 */
const FIELDS: FieldDef[] = [
  { field: 'amount', label: 'Amount', kind: 'proposed', money: true, key: col('amount') },
  { field: 'currentSalary', label: 'Salary', kind: 'employee', money: true, key: col('current_salary') },
  {
    field: 'accountDescription',
    label: 'Account description',
    kind: 'proposed',
    money: false,
    key: col('account_description'),
  },
  { field: 'name', label: 'Name', kind: 'proposed', money: false, key: col('name') },
  { field: 'accountLine', label: 'Account line', kind: 'proposed', money: false, key: col('account_line') },
  {
    field: 'employeeName',
    label: 'Name',
    kind: 'employee',
    money: false,
    key: (a) => `nullif(concat_ws(', ', ${a}.last_name, ${a}.first_name), '')`,
  },
  { field: 'position', label: 'Position', kind: 'employee', money: false, key: col('position') },
  { field: 'workGroup', label: 'Work group', kind: 'employee', money: false, key: col('work_group') },
  { field: 'employeeStatus', label: 'Status', kind: 'employee', money: false, key: col('employee_status') },
  { field: 'currentFTE', label: 'FTE', kind: 'employee', money: false, key: (a) => `${a}.current_fte::text` },
  {
    field: 'category',
    label: 'Category',
    kind: 'both',
    money: false,
    key: (a) => `${a}.category_id::text`,
    text: (a) => `coalesce(${a}.category_name, 'No category')`,
  },
  {
    field: 'building',
    label: 'Building',
    kind: 'both',
    money: false,
    key: (a) => `${a}.building_id::text`,
    text: (a) => `coalesce(${a}.building_name, 'District Wide')`,
  },
  { field: 'deseCode', label: 'DESE code', kind: 'both', money: false, key: col('dese_code') },
];

// Inside the comparison, a line's two sides are the composite values k.fr and k.tr (NULL when absent).
const F = '(k.fr)';
const T = '(k.tr)';
const IS_OP = `coalesce(${T}.is_operating, ${F}.is_operating)`;

const appliesTo = (d: FieldDef) =>
  d.kind === 'both' ? 'true' : d.kind === 'employee' ? IS_OP : `NOT ${IS_OP}`;

/** The side a line's descriptive columns come from: the later one, else the earlier (a removed line). */
const pick = (c: string) => `CASE WHEN ${T}.line_id IS NULL THEN ${F}.${c} ELSE ${T}.${c} END`;

const shown = (d: FieldDef, a: string) => (d.money ? 'NULL::text' : `(${(d.text ?? d.key)(a)})::text`);
const VALUES = FIELDS.map(
  (d, i) =>
    `(${i}, '${d.field}', '${d.label}', ${d.money}, ${appliesTo(d)}, (${d.key(F)})::text, (${d.key(T)})::text,
      ${shown(d, F)}, ${shown(d, T)}, ${d.money ? d.key(F) : 'NULL::numeric'}, ${d.money ? d.key(T) : 'NULL::numeric'})`,
).join(',\n');
const DIFFERS = FIELDS.map((d) => `(${appliesTo(d)} AND ${d.key(F)} IS DISTINCT FROM ${d.key(T)})`).join(
  '\n OR ',
);
/** Each line once, both sides as composite values, and what happened to it. */
const LINES_CTE = `, j AS (SELECT f AS fr, t AS tr FROM f FULL JOIN t ON t.line_id = f.line_id),
  c AS (SELECT k.fr, k.tr, coalesce(${T}.line_id, ${F}.line_id) AS line_id, ${IS_OP} AS is_operating,
               CASE WHEN ${F}.line_id IS NULL THEN 'added' WHEN ${T}.line_id IS NULL THEN 'removed'
                    WHEN ${DIFFERS} THEN 'changed' ELSE 'unchanged' END AS change
          FROM j k)`;

export type LineChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface LineChangeRow {
  line_id: number;
  is_operating: boolean;
  change: LineChangeKind;
  description: string;
  category_name: string | null;
  building_name: string | null;
  dese_code: string | null;
  field: string;
  field_label: string;
  money: boolean;
  from_text: string | null;
  to_text: string | null;
  from_amount: number | null;
  to_amount: number | null;
  difference: number | null;
}

/**
 * Line by line: one row per changed field of a line on both sides, one row (its amount or salary)
 * per line on one side only, and with `all` one row (the same) per unchanged line. Proposed lines
 * first, then employees; changed, added, removed, unchanged; then by description.
 */
export async function lineChanges(db: Db, sides: Sides, all: boolean): Promise<LineChangeRow[]> {
  const q = withSides(
    sides,
    `${LINES_CTE}
     SELECT k.line_id, k.is_operating, k.change,
            CASE WHEN k.is_operating
                 THEN coalesce(nullif(concat_ws(', ', ${pick('last_name')}, ${pick('first_name')}), ''), 'Employee')
                      || coalesce(' (' || ${pick('position')} || ')', '')
                 ELSE coalesce(${pick('account_description')}, ${pick('name')}, ${pick('account_line')}, 'Line ' || k.line_id)
            END AS description,
            ${pick('category_name')} AS category_name, ${pick('building_name')} AS building_name,
            ${pick('dese_code')} AS dese_code,
            x.field, x.field_label, x.money, x.from_text, x.to_text, x.from_amount, x.to_amount,
            CASE WHEN x.money THEN coalesce(x.to_amount, 0) - coalesce(x.from_amount, 0) END AS difference
       -- Unchanged lines leave before the field-by-field join unless they are asked for: at 70,000
       -- lines with a few hundred changed, joining every line to its 13 fields took 1.2 s.
       FROM (SELECT * FROM c WHERE change <> 'unchanged' OR ?::boolean OFFSET 0) k
       CROSS JOIN LATERAL (VALUES ${VALUES})
            x(ord, field, field_label, money, applies, from_key, to_key, from_text, to_text, from_amount, to_amount)
      WHERE x.applies
        AND CASE k.change WHEN 'changed' THEN CASE WHEN x.money THEN x.from_amount IS DISTINCT FROM x.to_amount
                                                   ELSE x.from_key IS DISTINCT FROM x.to_key END
                          WHEN 'unchanged' THEN ?::boolean AND x.money
                          ELSE x.money END
      ORDER BY k.is_operating, array_position(ARRAY['changed', 'added', 'removed', 'unchanged'], k.change),
               description, k.line_id, x.ord`,
    [all, all],
  );
  const { rows } = await db.raw(q.sql, q.bindings);
  return rows;
}

/* ---------- Reasons ---------- */

/**
 * Why each of `lineIds` changed between the two stages `stageIds` (or after the one stage, when
 * the other side is today's figures): every reason recorded in that window, oldest first, each once.
 * A reason is the `changeReason` an editor gave (audit_log, entity 'line-item', after.changeReason)
 * or a scenario adoption's (migration 20261126000200): the adoption line's reason, else 'Adopted
 * scenario "X"', and its undo.
 */
export async function lineReasons(
  db: Db,
  stageIds: readonly number[],
  toCurrent: boolean,
  lineIds: readonly number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!lineIds.length) {
    return out;
  }
  const { rows } = await db.raw(
    `WITH w AS (SELECT min(created_at) AS lo,
                       CASE WHEN ?::boolean THEN 'infinity'::timestamptz ELSE max(created_at) END AS hi
                  FROM budget_stages WHERE id = ANY(?::int[])),
          r AS (
            SELECT a.entity_id::int AS line_id, a.after->>'changeReason' AS reason, a.created_at, a.id AS ord
              FROM audit_log a, w
             WHERE a.entity = 'line-item' AND a.entity_id = ANY(?::text[])
               AND a.after->>'changeReason' IS NOT NULL
               AND a.created_at > w.lo AND a.created_at <= w.hi
            UNION ALL ${ADOPTION_REASONS})
     SELECT line_id, reason FROM (
       SELECT DISTINCT ON (line_id, reason) line_id, reason, created_at, ord FROM r
        ORDER BY line_id, reason, created_at, ord) once
      ORDER BY line_id, created_at, ord`,
    [toCurrent, [...stageIds], lineIds.map(String), [...lineIds], [...lineIds]],
  );
  for (const r of rows as { line_id: number; reason: string }[]) {
    const list = out.get(Number(r.line_id)) ?? [];
    list.push(r.reason);
    out.set(Number(r.line_id), list);
  }
  return out;
}

/**
 * An adoption's reason for each line whose amount it changed: the line's own reason, else
 * 'Adopted scenario "X"' (with the adoption's reason, when given); an undo of it in the window too.
 */
const ADOPTION_REASONS = `SELECT l.line_id,
       coalesce(nullif(btrim(l.reason), ''),
                'Adopted scenario "' || sa.scenario_name || '"' || coalesce(': ' || nullif(btrim(sa.reason), ''), '')),
       sa.adopted_at, 0
  FROM scenario_adoption_lines l JOIN scenario_adoptions sa ON sa.id = l.adoption_id, w
 WHERE l.line_id = ANY(?::int[]) AND l.amount_before <> l.amount_after
   AND sa.adopted_at > w.lo AND sa.adopted_at <= w.hi
 UNION ALL
SELECT l.line_id,
       'Undid the adoption of scenario "' || sa.scenario_name || '"' || coalesce(': ' || nullif(btrim(sa.undo_reason), ''), ''),
       sa.undone_at, 0
  FROM scenario_adoption_lines l JOIN scenario_adoptions sa ON sa.id = l.adoption_id, w
 WHERE l.line_id = ANY(?::int[]) AND l.amount_before <> l.amount_after
   AND sa.undone_at > w.lo AND sa.undone_at <= w.hi`;
