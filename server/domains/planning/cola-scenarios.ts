import type { AppContext } from '@server/context';
import { conflict, notFound, validationFailed, type IssueDetail } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/cola-scenarios';
import {
  INVALID_SCENARIO_MESSAGE,
  type CreateColaScenarioInput,
  type SaveColaSettingsInput,
  type SaveLongTermInput,
  type UpdateColaScenarioInput,
} from '@shared/schemas/cola-scenarios';
import type { Db } from '@server/db/index';
import { answerWithSalaryLines, recomputeAfterRuleChange } from '@server/domains/line-items';

/**
 * COLA planning scenarios and their settings. The default scenario is what the salary rule falls
 * back to where no contract covers a year, so changing which scenario is the default, or the
 * default's settings, recomputes the automatic next-year salaries it moves in the same transaction.
 * Settings of another scenario change nothing stored: they feed only calculations that name it.
 */

const ENTITY = 'cola-scenario';

export async function listColaScenarios(app: AppContext, actor: Actor) {
  authorize(actor, 'cola.read');
  return { scenarios: await q.listScenarios(app.db) };
}

/** The first scenario becomes the default, so the rule has a fallback from the start. */
export async function createColaScenario(app: AppContext, actor: Actor, input: CreateColaScenarioInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockScenarios(trx);
    const id = await q.insertScenario(trx, { name: input.name, description: input.description ?? null });
    if ((await q.defaultScenarioId(trx)) === null) {
      await q.setDefaultScenario(trx, id);
    }
    const scenario = (await q.findScenario(trx, id))!;
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: scenario });
    return { scenario };
  });
}

async function mustFind(trx: Db, id: number) {
  const scenario = await q.findScenario(trx, id);
  if (!scenario) {
    throw notFound('COLA scenario');
  }
  return scenario;
}

export async function updateColaScenario(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateColaScenarioInput,
) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const before = await mustFind(trx, id);
    await q.updateScenario(trx, id, input);
    const scenario = await mustFind(trx, id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before,
      after: scenario,
    });
    return { scenario };
  });
}

/** Deletes a scenario that is not the default (the rule's fallback cannot vanish under it). */
export async function deleteColaScenario(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockScenarios(trx);
    const before = await mustFind(trx, id);
    if (before.isDefault) {
      throw conflict(`${before.name} is the default COLA scenario; make another scenario the default first`);
    }
    await q.deleteScenario(trx, id);
    await insertAudit(trx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
    return { message: `COLA scenario ${before.name} deleted` };
  });
}

/** Makes a scenario the default and recomputes every rule-following next-year salary. */
export async function setDefaultColaScenario(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockScenarios(trx);
    const before = await mustFind(trx, id);
    if (before.isDefault) {
      return { scenario: before, recomputedLines: 0 };
    }
    await q.setDefaultScenario(trx, id);
    const scenario = await mustFind(trx, id);
    await insertAudit(trx, actor, {
      action: 'set-default',
      entity: ENTITY,
      entityId: id,
      before,
      after: scenario,
    });
    const recomputedLines = await recomputeAfterRuleChange(
      trx,
      actor,
      'all',
      `COLA scenario ${id} (${scenario.name}) made the default`,
    );
    // A voted year's salary lines keep their amounts: the answer says what they no longer hold.
    return answerWithSalaryLines(trx, actor, { scenario, recomputedLines });
  });
}

export async function listColaSettings(app: AppContext, actor: Actor, scenarioId: number) {
  authorize(actor, 'cola.read');
  if (!(await q.findScenario(app.db, scenarioId))) {
    throw validationFailed([{ path: 'scenarioId', message: INVALID_SCENARIO_MESSAGE }]);
  }
  return { settings: await q.listSettings(app.db, scenarioId) };
}

/** 400 naming each work group or category that does not exist, before anything is written. */
async function checkTargets(trx: Db, input: SaveColaSettingsInput): Promise<void> {
  const groupIds = input.settings.flatMap((s) => (s.workGroupId === undefined ? [] : [s.workGroupId]));
  const categoryIds = input.settings.flatMap((s) =>
    s.workGroupCategoryId === undefined ? [] : [s.workGroupCategoryId],
  );
  const groups = await q.existingIds(trx, 'work_groups', groupIds);
  const categories = await q.existingIds(trx, 'work_group_categories', categoryIds);
  const issues: IssueDetail[] = [];
  input.settings.forEach((s, i) => {
    if (s.workGroupId !== undefined && !groups.has(s.workGroupId)) {
      issues.push({
        path: `settings.${i}.workGroupId`,
        message: `Work group ${s.workGroupId} does not exist`,
      });
    }
    if (s.workGroupCategoryId !== undefined && !categories.has(s.workGroupCategoryId)) {
      issues.push({
        path: `settings.${i}.workGroupCategoryId`,
        message: `Work-group category ${s.workGroupCategoryId} does not exist`,
      });
    }
  });
  const keys = input.settings.map((s) => `${s.workGroupId ?? `c${s.workGroupCategoryId}`}:${s.fiscalYear}`);
  const dup = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (dup !== -1) {
    issues.push({ path: `settings.${dup}`, message: 'The same cell is named twice' });
  }
  if (issues.length) {
    throw validationFailed(issues);
  }
}

/**
 * Saves a scenario's settings (null clears one). When the scenario is the default, the work
 * groups the cells reach (directly, or through their category) are recomputed.
 */
export async function saveColaSettings(app: AppContext, actor: Actor, input: SaveColaSettingsInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockScenarios(trx);
    const scenario = await q.findScenario(trx, input.scenarioId);
    if (!scenario) {
      throw validationFailed([{ path: 'scenarioId', message: INVALID_SCENARIO_MESSAGE }]);
    }
    await checkTargets(trx, input);
    const before = await q.listSettings(trx, scenario.id);
    for (const s of input.settings) {
      await q.writeSetting(trx, scenario.id, s);
    }
    const settings = await q.listSettings(trx, scenario.id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: scenario.id,
      before: { settings: before },
      after: { settings },
    });
    let recomputedLines = 0;
    if (scenario.isDefault) {
      const direct = input.settings.flatMap((s) => (s.workGroupId === undefined ? [] : [s.workGroupId]));
      const viaCategory = await q.workGroupsInCategories(
        trx,
        input.settings.flatMap((s) => (s.workGroupCategoryId === undefined ? [] : [s.workGroupCategoryId])),
      );
      recomputedLines = await recomputeAfterRuleChange(
        trx,
        actor,
        [...new Set([...direct, ...viaCategory])],
        `COLA scenario ${scenario.id} (${scenario.name}) settings saved`,
      );
    }
    return answerWithSalaryLines(trx, actor, { settings, recomputedLines });
  });
}

/**
 * Saves a scenario's long-term COLA assumption and its work groups' own figures (null clears one),
 * after checking every named work group exists (a 400 naming it, nothing written). When the
 * scenario is the default, the automatic next-year salaries it can move are recomputed: every group
 * when the scenario's figure changed, else the groups named.
 */
export async function saveLongTerm(app: AppContext, actor: Actor, id: number, input: SaveLongTermInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockScenarios(trx);
    const before = await mustFind(trx, id);
    const groupIds = input.workGroups.map((g) => g.workGroupId);
    const groups = await q.existingIds(trx, 'work_groups', groupIds);
    const issues: IssueDetail[] = input.workGroups.flatMap((g, i) =>
      groups.has(g.workGroupId)
        ? []
        : [{ path: `workGroups.${i}.workGroupId`, message: `Work group ${g.workGroupId} does not exist` }],
    );
    if (issues.length) {
      throw validationFailed(issues);
    }
    await q.setLongTerm(trx, id, input.colaPercentage);
    for (const g of input.workGroups) {
      await q.writeLongTermGroup(trx, id, g.workGroupId, g.colaPercentage);
    }
    const scenario = await mustFind(trx, id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: {
        longTermColaPercentage: before.longTermColaPercentage,
        longTermWorkGroups: before.longTermWorkGroups,
      },
      after: {
        longTermColaPercentage: scenario.longTermColaPercentage,
        longTermWorkGroups: scenario.longTermWorkGroups,
      },
    });
    let recomputedLines = 0;
    if (scenario.isDefault) {
      const all = before.longTermColaPercentage !== scenario.longTermColaPercentage;
      recomputedLines = await recomputeAfterRuleChange(
        trx,
        actor,
        all ? 'all' : groupIds,
        `COLA scenario ${scenario.id} (${scenario.name}) long-term COLA assumption saved`,
      );
    }
    return answerWithSalaryLines(trx, actor, { scenario, recomputedLines });
  });
}
