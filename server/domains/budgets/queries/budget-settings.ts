import type { Db } from '@server/db/index';
import type { BudgetSettings } from '@shared/schemas/budget-settings';

export interface BudgetSettingsRow {
  id: number;
  budget_year_id: number;
  step_lane_adjustment_type: 'PERCENTAGE' | 'DOLLAR';
  step_lane_adjustment_value: number;
  step_lane_description: string | null;
  /** jsonb: an array of work group ids (a string on drivers that do not parse jsonb). */
  steps_lanes_work_groups: number[] | string;
  updated_at: Date | string;
}

export interface BudgetSettingsValues {
  step_lane_adjustment_type?: 'PERCENTAGE' | 'DOLLAR';
  step_lane_adjustment_value?: number;
  step_lane_description?: string | null;
  steps_lanes_work_groups?: number[];
}

/** Row -> API shape; the work-group list is always an array of numbers here. */
export function presentBudgetSettings(row: BudgetSettingsRow): BudgetSettings {
  const ids =
    typeof row.steps_lanes_work_groups === 'string'
      ? (JSON.parse(row.steps_lanes_work_groups) as number[])
      : row.steps_lanes_work_groups;
  return {
    id: row.id,
    budgetYearId: row.budget_year_id,
    stepLaneAdjustmentType: row.step_lane_adjustment_type,
    stepLaneAdjustmentValue: Number(row.step_lane_adjustment_value),
    stepLaneDescription: row.step_lane_description,
    stepsLanesWorkGroups: (ids ?? []).map(Number),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function findSettingsByBudgetYear(
  db: Db,
  budgetYearId: number,
): Promise<BudgetSettingsRow | undefined> {
  return db<BudgetSettingsRow>('budget_settings').where({ budget_year_id: budgetYearId }).first();
}

export function findSettings(db: Db, id: number): Promise<BudgetSettingsRow | undefined> {
  return db<BudgetSettingsRow>('budget_settings').where({ id }).first();
}

/**
 * Inserts a budget year's settings row, or does nothing when one appeared meanwhile (the unique
 * budget year makes two first reads safe). Returns the row either way.
 */
export async function insertSettings(
  db: Db,
  budgetYearId: number,
  values: BudgetSettingsValues,
): Promise<{ row: BudgetSettingsRow; created: boolean }> {
  const inserted: BudgetSettingsRow[] = await db('budget_settings')
    .insert({ budget_year_id: budgetYearId, ...serialise(values) })
    .onConflict('budget_year_id')
    .ignore()
    .returning('*');
  if (inserted.length) {
    return { row: inserted[0], created: true };
  }
  return { row: (await findSettingsByBudgetYear(db, budgetYearId))!, created: false };
}

export async function updateSettings(
  db: Db,
  id: number,
  values: BudgetSettingsValues,
): Promise<BudgetSettingsRow> {
  const [row] = await db('budget_settings')
    .where({ id })
    .update({ ...serialise(values), updated_at: db.fn.now() })
    .returning('*');
  return row as BudgetSettingsRow;
}

function serialise(values: BudgetSettingsValues): Record<string, unknown> {
  const { steps_lanes_work_groups, ...rest } = values;
  return steps_lanes_work_groups === undefined
    ? rest
    : { ...rest, steps_lanes_work_groups: JSON.stringify(steps_lanes_work_groups) };
}

/** The budget year for today's fiscal year, else the latest one: what a settings call without an id means. */
export function defaultBudgetYear(db: Db, fiscalYear: number): Promise<{ id: number } | undefined> {
  return db('budget_years')
    .select('id')
    .orderByRaw('(current_fiscal_year = ?) desc, current_fiscal_year desc, id desc', [fiscalYear])
    .first();
}

/** A new budget year takes the step-and-lane settings of another (the next-year salary rule reads them). */
export async function copyStepLaneSettings(db: Db, fromId: number, toId: number): Promise<boolean> {
  const r = await db.raw(
    `UPDATE budget_settings t SET step_lane_adjustment_type = s.step_lane_adjustment_type,
            step_lane_adjustment_value = s.step_lane_adjustment_value, step_lane_description = s.step_lane_description,
            steps_lanes_work_groups = s.steps_lanes_work_groups, updated_at = now()
       FROM budget_settings s WHERE s.budget_year_id = ? AND t.budget_year_id = ?`,
    [fromId, toId],
  );
  return (r.rowCount ?? 0) > 0;
}
