import type { AppContext } from '@server/context';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/budget-settings';
import { missingWorkGroupIds } from './queries/work-groups';
import {
  DEFAULT_STEP_LANE,
  type BudgetSettings,
  type UpdateBudgetSettingsBody,
  type UpsertBudgetSettingsBody,
} from '@shared/schemas/budget-settings';
import { fiscalYearFromDate } from '@shared/schemas/fiscal-year';
import { requireBudgetYear } from './fiscal-years';
import { answerWithSalaryLines, recomputeAfterRuleChange } from '@server/domains/line-items';

const ENTITY = 'budget-settings';
type Db = AppContext['db'];

function toValues(input: UpdateBudgetSettingsBody): q.BudgetSettingsValues {
  const values: q.BudgetSettingsValues = {
    step_lane_adjustment_type: input.stepLaneAdjustmentType,
    step_lane_adjustment_value: input.stepLaneAdjustmentValue,
  };
  if (input.stepLaneDescription !== undefined) {
    values.step_lane_description = input.stepLaneDescription;
  }
  if (input.stepsLanesWorkGroups !== undefined) {
    values.steps_lanes_work_groups = input.stepsLanesWorkGroups;
  }
  return values;
}

async function refuseUnknownWorkGroups(db: Db, ids: number[] | undefined) {
  const missing = await missingWorkGroupIds(db, ids ?? []);
  if (missing.length) {
    throw validationFailed([
      { path: 'stepsLanesWorkGroups', message: `Unknown work group ids: ${missing.join(', ')}` },
    ]);
  }
}

/** The budget year's settings row, created with the default (PERCENTAGE 1.5) on first use. */
async function settingsFor(db: Db, actor: Actor, budgetYearId: number) {
  const existing = await q.findSettingsByBudgetYear(db, budgetYearId);
  if (existing) {
    return existing;
  }
  const { row, created } = await q.insertSettings(db, budgetYearId, {
    step_lane_adjustment_type: DEFAULT_STEP_LANE.type,
    step_lane_adjustment_value: DEFAULT_STEP_LANE.value,
    steps_lanes_work_groups: [],
  });
  if (created) {
    await insertAudit(db, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: q.presentBudgetSettings(row),
    });
  }
  return row;
}

/**
 * A budget year's step/lane settings. Without a budget year id: the one whose current fiscal year
 * is today's, else the latest. A year that has none yet gets the default row (PERCENTAGE 1.5).
 */
export async function getBudgetSettings(app: AppContext, actor: Actor, budgetYearId?: number) {
  authorize(actor, 'referenceData.read');
  return app.db.transaction(async (trx) => {
    const year = budgetYearId
      ? await requireBudgetYear(trx, budgetYearId)
      : await q.defaultBudgetYear(trx, fiscalYearFromDate(new Date())!);
    if (!year) {
      throw notFound('Budget year');
    }
    return { settings: q.presentBudgetSettings(await settingsFor(trx, actor, year.id)) };
  });
}

const describe = (s: BudgetSettings) =>
  s.stepLaneAdjustmentType === 'DOLLAR'
    ? `$${s.stepLaneAdjustmentValue} a step`
    : `${s.stepLaneAdjustmentValue}% of salary`;

/**
 * Saves the settings and, in the same transaction, recomputes every automatic next-year salary
 * they reach (the rule adds the pooled step/lane percent or dollars to the lines of the listed work
 * groups, salary-rule.ts): the budget year's rule-following lines of the groups listed before or
 * after, each audited through the line writer naming the change. A value that would move a salary
 * beyond the column is a 400 naming stepLaneAdjustmentValue, and nothing is written. The salaries
 * move their positions' cost: a voted year's salary lines keep theirs, and the answer says so.
 */
async function update(trx: Db, actor: Actor, before: q.BudgetSettingsRow, input: UpdateBudgetSettingsBody) {
  await refuseUnknownWorkGroups(trx, input.stepsLanesWorkGroups);
  const row = await q.updateSettings(trx, before.id, toValues(input));
  const settings = q.presentBudgetSettings(row);
  const old = q.presentBudgetSettings(before);
  await insertAudit(trx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: row.id,
    before: old,
    after: settings,
  });
  const groups = [...new Set([...old.stepsLanesWorkGroups, ...settings.stepsLanesWorkGroups])];
  const recomputedLines = await recomputeAfterRuleChange(
    trx,
    actor,
    { workGroupIds: groups, budgetYearId: row.budget_year_id, field: 'stepLaneAdjustmentValue' },
    `Step-and-lane settings changed: ${describe(old)} to ${describe(settings)}`,
  );
  return answerWithSalaryLines(trx, actor, { settings, recomputedLines });
}

/** Saves a settings row by its id; every work group named must exist. */
export async function updateBudgetSettings(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateBudgetSettingsBody,
) {
  authorize(actor, 'budgetSettings.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findSettings(trx, id);
    if (!before) {
      throw notFound('Budget settings');
    }
    return update(trx, actor, before, input);
  });
}

/** Saves a budget year's settings, creating its row when it has none yet. */
export async function upsertBudgetSettings(app: AppContext, actor: Actor, input: UpsertBudgetSettingsBody) {
  authorize(actor, 'budgetSettings.write');
  const { budgetYearId, ...fields } = input;
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, budgetYearId);
    return update(trx, actor, await settingsFor(trx, actor, budgetYearId), fields);
  });
}
