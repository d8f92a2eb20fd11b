import type { Db } from '@server/db/index';
import type { ColaSource } from '@shared/schemas/cola-assumptions';
import {
  COLA_SOURCE,
  COLA_AMOUNT,
  NEXT_YEAR_COLA_PERCENT,
  NEXT_YEAR_RULE_JOINS,
  ON_SCHEDULE,
  STEP_LANE_TYPE,
  STEP_LANE_VALUE,
  STEPS_LANES_AMOUNT,
} from '@server/sql/salary-rule';
import { activeScope } from '@server/sql/line-items-scope';

export interface ProgressionRow {
  person_key: string;
  fiscal_year: number;
  first_name: string | null;
  last_name: string;
  position: string | null;
  work_group_id: number | null;
  work_group: string | null;
  building: string | null;
  current_salary: number | null;
  is_projected: boolean;
  next_year_salary_manual: boolean;
  /** The rule's COLA percent moving into this line's fiscal year (0 when none). */
  rule_cola: number;
  /** Where that COLA comes from (SETTLED, NEGOTIATING, SCENARIO, LONG_TERM or NONE). */
  rule_cola_source: ColaSource;
  /** The rule's step/lane type and value moving into this year, null when the group gets none. */
  rule_step_type: 'PERCENTAGE' | 'DOLLAR' | null;
  rule_step_value: number | null;
  /** When the person's line of the year before sits on a step-and-lane schedule: the rule's COLA
   * and steps-and-lanes dollars moving from it into this year, and that line's salary. */
  on_schedule: boolean;
  schedule_cola_amount: string | null;
  schedule_steps_amount: string | null;
  previous_salary: string | null;
}

/** The newest budget year (by its current fiscal year) that has employee lines. */
export async function newestBudgetYearWithEmployees(db: Db): Promise<number | null> {
  const row = await db('budget_years as by')
    .whereExists(
      db('line_items_all as li')
        .whereRaw('li.budget_year_id = by.id')
        .andWhere('li.is_operating', true)
        .select(db.raw('1')),
    )
    .orderBy([
      { column: 'by.current_fiscal_year', order: 'desc' },
      { column: 'by.id', order: 'desc' },
    ])
    .first('by.id');
  return row ? (row.id as number) : null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every employee line, across fiscal years, of up to `limit` people (matched on first + last name
 * within the budget year) who held a position containing `position`, with the next-year salary rule's
 * COLA and step/lane moving into the line's fiscal year (the rule's own SQL, evaluated as for the
 * year before). People with the most fiscal years come first, then by name.
 */
export async function progressionRows(
  db: Db,
  budgetYearId: number,
  position: string,
  limit: number,
): Promise<ProgressionRow[]> {
  const key = `lower(trim(coalesce(li.first_name, ''))) || '|' || lower(trim(li.last_name))`;
  const result = await db.raw<{ rows: ProgressionRow[] }>(
    `WITH people AS (
       SELECT ${key} AS person_key,
              row_number() OVER (ORDER BY count(DISTINCT li.fiscal_year) DESC, min(lower(li.last_name)),
                                          min(lower(li.first_name)), ${key}) AS ord
       FROM line_items_all li
       WHERE li.budget_year_id = ? AND li.is_operating AND li.last_name IS NOT NULL AND ${activeScope()}
       GROUP BY 1
       HAVING bool_or(li.position ILIKE ?)
       ORDER BY ord
       LIMIT ?
     )
     SELECT p.person_key, li.fiscal_year, li.first_name, li.last_name, li.position, li.work_group_id,
            li.work_group, b.name AS building, li.current_salary, li.is_projected, li.next_year_salary_manual,
            ${NEXT_YEAR_COLA_PERCENT} AS rule_cola, ${COLA_SOURCE} AS rule_cola_source,
            ${STEP_LANE_TYPE} AS rule_step_type,
            ${STEP_LANE_VALUE} AS rule_step_value, coalesce(${ON_SCHEDULE}, false) AS on_schedule,
            CASE WHEN ${ON_SCHEDULE} THEN ${COLA_AMOUNT} END AS schedule_cola_amount,
            CASE WHEN ${ON_SCHEDULE} THEN ${STEPS_LANES_AMOUNT} END AS schedule_steps_amount,
            src.current_salary AS previous_salary
     FROM line_items_all li
     JOIN people p ON p.person_key = ${key}
     LEFT JOIN buildings b ON b.id = li.building_id
     LEFT JOIN LATERAL (SELECT pl.current_salary, pl.salary_step, pl.salary_lane, pl.current_fte FROM line_items_all pl
        WHERE pl.budget_year_id = li.budget_year_id AND pl.is_operating AND pl.fiscal_year = li.fiscal_year - 1
          AND ${key.replace(/li\./g, 'pl.')} = p.person_key AND ${activeScope('pl')}
        ORDER BY pl.id LIMIT 1) prev ON true
     -- The rule as it moved the person's line of the year before into this one.
     CROSS JOIN LATERAL (SELECT li.work_group_id, li.work_group, li.budget_year_id, li.fiscal_year - 1 AS fiscal_year,
        prev.current_salary, prev.salary_step, prev.salary_lane, prev.current_fte) src
     ${NEXT_YEAR_RULE_JOINS}
     WHERE li.budget_year_id = ? AND li.is_operating AND li.last_name IS NOT NULL AND ${activeScope()}
     ORDER BY p.ord, li.fiscal_year, li.id`,
    [budgetYearId, `%${escapeLike(position)}%`, limit, budgetYearId],
  );
  return result.rows;
}
