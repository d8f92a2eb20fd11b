import type { Db } from '@server/db/index';
import {
  AUTOMATIC_NEXT_YEAR_SALARY,
  NEXT_YEAR_RULE_JOINS,
  NEXT_YEAR_SALARY_WARNING,
  NEXT_YEAR_WARNING_PREFIX,
} from './salary-rule';

/**
 * Writing the automatic next-year salary (the rule itself, as SQL, is in ./salary-rule.ts) onto
 * stored lines, and the money limits every salary write checks.
 */

/** The largest amount a numeric(14,2) money column holds, as SQL and as people read it. */
export const MAX_MONEY = '999999999999.99';
export const MAX_MONEY_LABEL = '$999,999,999,999.99';

/** '1030000000000.00' -> '$1,030,000,000,000.00' (a decimal string; no float involved). */
export function moneyLabel(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

// The metadata after a run: the rule's earlier warning (if any) replaced by the current one; a
// current one also sets needsReview (cleared only by a person, from the Data Quality editor).
const KEPT_WARNINGS = `(SELECT coalesce(jsonb_agg(w.value ORDER BY w.ord), '[]'::jsonb)
  FROM jsonb_array_elements(CASE jsonb_typeof(calc.metadata -> 'importWarnings')
    WHEN 'array' THEN calc.metadata -> 'importWarnings' ELSE '[]'::jsonb END) WITH ORDINALITY AS w(value, ord)
  WHERE coalesce(w.value #>> '{}', '') NOT LIKE '${NEXT_YEAR_WARNING_PREFIX}%')`;
const NEXT_METADATA = `CASE
  WHEN calc.warning IS NOT NULL THEN calc.metadata || jsonb_build_object('needsReview', true,
    'importWarnings', ${KEPT_WARNINGS} || jsonb_build_array(calc.warning))
  WHEN calc.metadata -> 'importWarnings' IS NOT NULL
    THEN calc.metadata || jsonb_build_object('importWarnings', ${KEPT_WARNINGS})
  ELSE calc.metadata END`;

export interface RecomputeResult {
  /** Lines whose next-year salary or review warning changed. */
  changed: number[];
  /** Lines whose computed value would not fit the column (nothing is written then). */
  overflow: { id: number; value: string }[];
}

/**
 * Recomputes the automatic next-year salary of the listed lines that follow the rule: employee
 * lines, not manual, status Active, with a current salary above 0 (0 is a new hire whose next-year
 * salary stays as entered), and flags the imported lines the rule cannot fully serve. When any value would
 * overflow the column, nothing is written and the overflowing lines are returned.
 */
export async function recomputeNextYearSalaries(db: Db, ids: readonly number[]): Promise<RecomputeResult> {
  if (!ids.length) {
    return { changed: [], overflow: [] };
  }
  const result = await db.raw<{
    rows: { changed: number[]; overflow: { id: number; value: string }[] }[];
  }>(
    `WITH calc AS (
       SELECT src.id, src.metadata, ${AUTOMATIC_NEXT_YEAR_SALARY} AS value,
              -- Projected lines are Generate Projections' to rewrite; review is for imported data.
              CASE WHEN NOT src.is_projected THEN ${NEXT_YEAR_SALARY_WARNING} END AS warning
       FROM line_items src ${NEXT_YEAR_RULE_JOINS}
       WHERE src.id = ANY(?) AND src.is_operating AND NOT src.next_year_salary_manual
         AND coalesce(src.employee_status, 'Active') = 'Active' AND src.current_salary > 0
     ),
     overflow AS (SELECT id, value FROM calc WHERE value > ${MAX_MONEY}),
     upd AS (
       UPDATE line_items li
       SET next_year_salary = n.value, metadata = n.metadata, updated_at = now()
       FROM (SELECT calc.id, calc.value, ${NEXT_METADATA} AS metadata FROM calc) n
       WHERE li.id = n.id AND NOT EXISTS (SELECT 1 FROM overflow)
         AND (li.next_year_salary IS DISTINCT FROM n.value OR li.metadata IS DISTINCT FROM n.metadata)
       RETURNING li.id
     )
     SELECT (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd) AS changed,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'value', value::text) ORDER BY id), '[]')
               FROM (SELECT * FROM overflow ORDER BY id LIMIT 5) o) AS overflow`,
    [[...ids]],
  );
  const row = result.rows[0];
  return { changed: row.changed, overflow: row.overflow };
}

/**
 * Employee lines whose next-year salary follows the rule (not manual, Active, a current salary
 * above 0) in the given work groups, or in every work group ('all'), with their stored value as
 * text: what a contract or COLA-scenario change may move.
 */
export async function ruleLinesOfWorkGroups(
  db: Db,
  workGroupIds: readonly number[] | 'all',
): Promise<{ id: number; next_year_salary: string | null }[]> {
  if (workGroupIds !== 'all' && !workGroupIds.length) {
    return [];
  }
  const q = db('line_items')
    .where({ is_operating: true, next_year_salary_manual: false })
    .whereRaw(`coalesce(employee_status, 'Active') = 'Active' AND current_salary > 0`)
    .select('id', db.raw('next_year_salary::text AS next_year_salary'))
    .orderBy('id');
  if (workGroupIds === 'all') {
    q.whereNotNull('work_group_id');
  } else {
    q.whereIn('work_group_id', [...workGroupIds]);
  }
  return q;
}

/** The stored next-year salary of these lines as text, by id. */
export async function nextYearSalaries(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  const rows: { id: number; v: string | null }[] = ids.length
    ? await db('line_items')
        .whereIn('id', [...ids])
        .select('id', db.raw('next_year_salary::text AS v'))
    : [];
  return new Map(rows.map((r) => [r.id, r.v]));
}
