import type { Db } from '@server/db/index';

/**
 * The automatic next-year salary, as one SQL expression over `src` (a line_items row) so a single
 * UPDATE recomputes one line or five thousand. The rule is documented in
 * server/services/salary-projection.ts.
 */
const COLA_PERCENT = `coalesce((
  SELECT r.cola_percentage
  FROM contracts ct JOIN contract_cola_rates r ON r.contract_id = ct.id
  WHERE ct.work_group_id = src.work_group_id
    AND ct.status IN ('SETTLED', 'NEGOTIATING')
    AND r.fiscal_year = src.fiscal_year + 1
  -- A settled contract outranks one still being negotiated; then the newest.
  ORDER BY (ct.status = 'SETTLED') DESC, ct.id DESC
  LIMIT 1), 0)`;

// steps_lanes_work_groups is a JSON array of work group ids; compared as text so an array of
// strings (the settings form sends a JSON string) matches too.
const STEP_LANE = `CASE WHEN bs.id IS NOT NULL AND src.work_group_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(bs.steps_lanes_work_groups) AS g(id) WHERE g.id = src.work_group_id::text)
  THEN CASE bs.step_lane_adjustment_type
    WHEN 'DOLLAR' THEN bs.step_lane_adjustment_value
    ELSE src.current_salary * bs.step_lane_adjustment_value / 100 END
  ELSE 0 END`;

export const AUTOMATIC_NEXT_YEAR_SALARY = `round(src.current_salary * (1 + ${COLA_PERCENT} / 100) + ${STEP_LANE}, 2)`;

/**
 * Recomputes the automatic next-year salary of the listed lines that follow the rule: employee
 * lines, not manual, status Active, with a current salary above 0 (0 is a new hire whose next-year
 * salary stays as entered). Returns the ids it changed.
 */
export async function recomputeNextYearSalaries(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  const result = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE line_items li
     SET next_year_salary = calc.value, updated_at = now()
     FROM (
       SELECT src.id, ${AUTOMATIC_NEXT_YEAR_SALARY} AS value
       FROM line_items src LEFT JOIN budget_settings bs ON bs.budget_year_id = src.budget_year_id
       WHERE src.id = ANY(?) AND src.is_operating AND NOT src.next_year_salary_manual
         AND coalesce(src.employee_status, 'Active') = 'Active' AND src.current_salary > 0
     ) calc
     WHERE li.id = calc.id AND li.next_year_salary IS DISTINCT FROM calc.value
     RETURNING li.id`,
    [[...ids]],
  );
  return result.rows.map((r) => r.id);
}

/** Step/lane settings of a budget year, for the salary progression report. */
export interface StepLaneSettingsRow {
  step_lane_adjustment_type: 'PERCENTAGE' | 'DOLLAR';
  step_lane_adjustment_value: number;
  steps_lanes_work_groups: unknown;
}

export async function stepLaneSettings(
  db: Db,
  budgetYearId: number,
): Promise<StepLaneSettingsRow | undefined> {
  const row = await db('budget_settings')
    .select('step_lane_adjustment_type', 'step_lane_adjustment_value', 'steps_lanes_work_groups')
    .where({ budget_year_id: budgetYearId })
    .first();
  return row as StepLaneSettingsRow | undefined;
}

/** COLA percent per (work group, fiscal year) from settled or negotiating contracts; settled wins. */
export async function colaRates(db: Db): Promise<Map<string, number>> {
  const rows = await db('contracts as ct')
    .join('contract_cola_rates as r', 'r.contract_id', 'ct.id')
    .whereIn('ct.status', ['SETTLED', 'NEGOTIATING'])
    .select('ct.work_group_id', 'r.fiscal_year', 'r.cola_percentage', 'ct.status', 'ct.id')
    .orderByRaw(`(ct.status = 'SETTLED') ASC, ct.id ASC`);
  const map = new Map<string, number>();
  // Later rows win: settled after negotiating, newer after older (the same precedence as the SQL rule).
  for (const r of rows as { work_group_id: number; fiscal_year: number; cola_percentage: number }[]) {
    map.set(`${r.work_group_id}:${r.fiscal_year}`, Number(r.cola_percentage));
  }
  return map;
}
