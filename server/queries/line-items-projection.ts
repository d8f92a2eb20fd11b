import type { Db } from '@server/db/index';

/**
 * The automatic next-year salary rule, as SQL over `src` (a line_items row, or a derived row with the
 * same column names) so one statement serves one line or fifty thousand: edits, imports, projections
 * and the salary progression report all splice these fragments in. The rule is documented in
 * server/services/salary-projection.ts.
 *
 * Use: `FROM <rows> src ${NEXT_YEAR_RULE_JOINS}` then AUTOMATIC_NEXT_YEAR_SALARY (and the other
 * expressions) in the select list.
 */

/** The largest amount a numeric(14,2) money column holds, as SQL and as people read it. */
export const MAX_MONEY = '999999999999.99';
export const MAX_MONEY_LABEL = '$999,999,999,999.99';

/** '1030000000000.00' -> '$1,030,000,000,000.00' (a decimal string; no float involved). */
export function moneyLabel(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * Contract COLA per (work group, fiscal year): the rate of a SETTLED or NEGOTIATING contract (an
 * EXPIRED one promises nothing); a settled contract outranks a negotiating one, then the newest.
 * One row per key, so the planner hash-joins it against any number of lines.
 */
const CONTRACT_COLA = `SELECT DISTINCT ON (ct.work_group_id, r.fiscal_year)
    ct.work_group_id, r.fiscal_year, r.cola_percentage
  FROM contracts ct JOIN contract_cola_rates r ON r.contract_id = ct.id
  WHERE ct.status IN ('SETTLED', 'NEGOTIATING')
  ORDER BY ct.work_group_id, r.fiscal_year, (ct.status = 'SETTLED') DESC, ct.id DESC`;

// steps_lanes_work_groups is a JSON array of work group ids; compared as text so an array of
// strings (the settings form sends a JSON string) matches too.
const STEP_LANE_GROUPS = `SELECT DISTINCT bs.budget_year_id, g.id AS work_group_key,
    bs.step_lane_adjustment_type AS type, bs.step_lane_adjustment_value AS value
  FROM budget_settings bs CROSS JOIN LATERAL jsonb_array_elements_text(bs.steps_lanes_work_groups) AS g(id)`;

/** The rule's inputs for `src`, moving into fiscal year src.fiscal_year + 1. */
export const NEXT_YEAR_RULE_JOINS = `
  LEFT JOIN (${CONTRACT_COLA}) rule_cola
    ON rule_cola.work_group_id = src.work_group_id AND rule_cola.fiscal_year = src.fiscal_year + 1
  LEFT JOIN (${STEP_LANE_GROUPS}) rule_step
    ON rule_step.budget_year_id = src.budget_year_id AND rule_step.work_group_key = src.work_group_id::text`;

/**
 * The COLA percent the rule applies: the contract's, else 0. The one place a later source (a COLA
 * scenario's percent for the work group) slots in, between the two, with HAS_NEXT_YEAR_COLA beside it.
 */
export const NEXT_YEAR_COLA_PERCENT = `coalesce(rule_cola.cola_percentage, 0)`;
/** True when a COLA source served the line; otherwise the rule used 0% and says so. */
export const HAS_NEXT_YEAR_COLA = `(rule_cola.cola_percentage IS NOT NULL)`;
/** Step/lane type and value when the line's work group gets steps and lanes, else NULL. */
export const STEP_LANE_TYPE = `rule_step.type`;
export const STEP_LANE_VALUE = `rule_step.value`;

const STEP_LANE_AMOUNT = `coalesce(CASE rule_step.type WHEN 'DOLLAR' THEN rule_step.value
  ELSE src.current_salary * rule_step.value / 100 END, 0)`;

/**
 * round(current × (1 + COLA% / 100) + steps and lanes, 2); NULL for a line with no work group, which
 * no contract can serve. Callers apply it only to lines that follow the rule (Active, not manual,
 * a current salary above 0).
 */
export const AUTOMATIC_NEXT_YEAR_SALARY = `CASE WHEN src.work_group_id IS NOT NULL
  THEN round(src.current_salary * (1 + ${NEXT_YEAR_COLA_PERCENT} / 100) + ${STEP_LANE_AMOUNT}, 2) END`;

/** Warnings the rule writes start with this, so a later run can replace its own and keep the import's. */
export const NEXT_YEAR_WARNING_PREFIX = 'Next-year salary';

/** Why the rule could not fully serve a line (a warning for Data Quality), or NULL when it could. */
export const NEXT_YEAR_SALARY_WARNING = `CASE
  WHEN src.work_group_id IS NULL
    THEN '${NEXT_YEAR_WARNING_PREFIX} not computed: the line has no work group, so no contract COLA applies'
  WHEN NOT ${HAS_NEXT_YEAR_COLA}
    THEN '${NEXT_YEAR_WARNING_PREFIX} computed at 0% COLA: ' || coalesce(src.work_group, 'the work group')
      || ' has no settled or negotiating contract COLA for FY' || lpad(((src.fiscal_year + 1) % 100)::text, 2, '0')
  END`;

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
