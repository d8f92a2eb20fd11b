import type { Db } from '@server/db/index';
import * as projection from '@server/queries/line-items-projection';

/**
 * The automatic next-year salary of an employee line (SPEC section 4: 'Auto' as opposed to a
 * 'Manual' value someone typed).
 *
 *   next_year_salary = round(current_salary × (1 + COLA% / 100) + step/lane adjustment, 2)
 *
 * - COLA%: the cola_percentage for the line's fiscal year + 1 in the contract of the line's work
 *   group, when that contract is SETTLED or NEGOTIATING (an EXPIRED contract gives nothing: there is
 *   no agreed raise to budget). A settled contract outranks a negotiating one; no contract → 0.
 * - Step/lane adjustment: only when the work group is listed in the budget year's
 *   budget_settings.steps_lanes_work_groups. PERCENTAGE adds that percent of the current salary,
 *   DOLLAR adds that many dollars. No settings row → 0.
 * - Rounded to cents in SQL (numeric, no floating point).
 *
 * It applies only to lines that follow the rule: status Active, not manual, and a current salary
 * above 0. A current salary of 0 is a new hire starting next year; their next-year salary is what
 * was entered and is never overwritten. Inactive and Retiring lines have no next-year salary.
 */
export async function applyAutomaticNextYearSalary(trx: Db, ids: readonly number[]): Promise<number[]> {
  return projection.recomputeNextYearSalaries(trx, ids);
}

export interface StepLaneSettings {
  type: 'PERCENTAGE' | 'DOLLAR';
  value: number;
  workGroupIds: Set<number>;
}

/** The budget year's step/lane settings, with the work-group list parsed whether stored as array or string. */
export async function loadStepLaneSettings(db: Db, budgetYearId: number): Promise<StepLaneSettings | null> {
  const row = await projection.stepLaneSettings(db, budgetYearId);
  if (!row) {
    return null;
  }
  let list: unknown = row.steps_lanes_work_groups;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      list = [];
    }
  }
  const ids = Array.isArray(list) ? list.map(Number).filter(Number.isInteger) : [];
  return {
    type: row.step_lane_adjustment_type,
    value: Number(row.step_lane_adjustment_value),
    workGroupIds: new Set(ids),
  };
}

/** COLA percent per `${workGroupId}:${fiscalYear}` (same precedence as the SQL rule). */
export function loadColaRates(db: Db): Promise<Map<string, number>> {
  return projection.colaRates(db);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The increase the rule would apply moving into `fiscalYear`, as percents of the previous salary:
 * the COLA of that year plus steps and lanes (a DOLLAR adjustment expressed as a percent of
 * `previousSalary`). For the salary progression report, which explains each year's change.
 */
export function increaseApplied(
  workGroupId: number | null,
  fiscalYear: number,
  previousSalary: number | null,
  cola: Map<string, number>,
  settings: StepLaneSettings | null,
): { colaApplied: number; stepsLanesApplied: number; totalIncreaseApplied: number } {
  const colaApplied = workGroupId === null ? 0 : (cola.get(`${workGroupId}:${fiscalYear}`) ?? 0);
  let stepsLanesApplied = 0;
  if (settings && workGroupId !== null && settings.workGroupIds.has(workGroupId)) {
    if (settings.type === 'PERCENTAGE') {
      stepsLanesApplied = settings.value;
    } else if (previousSalary && previousSalary > 0) {
      stepsLanesApplied = round2((settings.value / previousSalary) * 100);
    }
  }
  return {
    colaApplied: round2(colaApplied),
    stepsLanesApplied: round2(stepsLanesApplied),
    totalIncreaseApplied: round2(colaApplied + stepsLanesApplied),
  };
}
