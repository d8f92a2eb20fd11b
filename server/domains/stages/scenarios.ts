import type { AppContext } from '@server/context';
import { AppError, notFound, validationFailed } from '@server/errors';
import { lockedFiscalYears } from './queries/budget-stages';
import { requireOpenYear } from './budget-stages';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/scenarios';
import { lockScenarioGroup } from './queries/scenario-locks';
import { auditEntityName } from '@shared/schemas/history';
import type { CreateScenarioBody, RenameScenarioBody, ScenarioType } from '@shared/schemas/scenarios';
import { requireBudgetYear } from '@server/domains/budgets';
import { copyBudgetLines, followEveryRoster } from '@server/domains/line-items';

/**
 * Scenarios are the budgets of a budget year (Budget Management): any number of operating and
 * proposed ones, of which at most one of each type is active.
 */

const ENTITY = auditEntityName('scenario');

/** Scenarios of a budget year (all budget years without one). */
export async function listScenarios(
  app: AppContext,
  actor: Actor,
  filter: { budgetYearId?: number; scenarioType?: ScenarioType },
) {
  authorize(actor, 'scenarios.read');
  if (filter.budgetYearId !== undefined) {
    await requireBudgetYear(app.db, filter.budgetYearId);
  }
  return { scenarios: (await q.listScenarios(app.db, filter)).map(q.presentScenario) };
}

/** The active scenario of a type in a budget year; 404 when none is active. */
export async function getActiveScenario(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
  type: ScenarioType,
) {
  authorize(actor, 'scenarios.read');
  await requireBudgetYear(app.db, budgetYearId);
  const row = await q.findActiveScenario(app.db, budgetYearId, type);
  if (!row) {
    throw new AppError(404, 'NOT_FOUND', `No active ${type} budget for this budget year`);
  }
  return { scenario: q.presentScenario(row) };
}

const aBudget = (type: ScenarioType) => (type === 'operating' ? 'an operating budget' : 'a proposed budget');

/** A 400 naming one field of the create body, as the schema's own refusals do. */
function invalidField(path: string, message: string): AppError {
  return validationFailed([{ path, message }]);
}

/**
 * Creates an inactive scenario, empty or, with `copyFromScenarioId`, as a copy of the lines of a
 * budget of the same budget year and type. One transaction: a refused copy writes nothing. One
 * audit row (the new budget, the budget it copies and the number of lines copied), not one per line.
 */
export async function createScenario(app: AppContext, actor: Actor, input: CreateScenarioBody) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId, 'budgetYearId');
    const sourceId = input.copyFromScenarioId ?? null;
    if (sourceId !== null) {
      // Locked, so the source cannot be deleted while its lines are read.
      const source = await q.lockScenario(trx, sourceId);
      if (!source) {
        throw invalidField('copyFromScenarioId', `Budget ${sourceId} does not exist`);
      }
      if (source.budget_year_id !== input.budgetYearId) {
        throw invalidField(
          'copyFromScenarioId',
          `Budget ${sourceId} belongs to another budget year; copy a budget of this budget year`,
        );
      }
      if (source.scenario_type !== input.scenarioType) {
        throw invalidField(
          'copyFromScenarioId',
          `Budget ${sourceId} is ${aBudget(source.scenario_type)}; ${aBudget(input.scenarioType)} can only copy ${aBudget(input.scenarioType)}`,
        );
      }
    }
    const id = await q.insertScenario(trx, {
      budget_year_id: input.budgetYearId,
      name: input.name,
      description: input.description ?? null,
      scenario_type: input.scenarioType,
    });
    const copiedLineCount = sourceId === null ? 0 : await copyBudgetLines(trx, sourceId, id);
    const scenario = q.presentScenario((await q.findScenario(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      after: sourceId === null ? scenario : { ...scenario, copiedFromScenarioId: sourceId, copiedLineCount },
    });
    return { scenario, copiedLineCount };
  });
}

/** Renames a scenario ('Scenario name cannot be empty' is refused by the schema). */
export async function renameScenario(app: AppContext, actor: Actor, id: number, input: RenameScenarioBody) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    if (!(await q.lockScenario(trx, id))) {
      throw notFound('Scenario');
    }
    const before = q.presentScenario((await q.findScenario(trx, id))!);
    await q.updateScenario(trx, id, { name: input.name });
    const scenario = q.presentScenario((await q.findScenario(trx, id))!);
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

/**
 * 'Set as Active': makes the scenario active and deactivates the active one of the same type in
 * the same budget year, in one transaction (the partial unique index would refuse two). Setting
 * the active scenario active again changes nothing.
 */
export async function setActiveScenario(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'budgets.manage');
  return app.db.transaction(async (trx) => {
    const row = await q.findScenario(trx, id);
    if (!row) {
      throw notFound('Scenario');
    }
    // The whole group in id order, never the row first (scenario-locks.ts says why).
    await lockScenarioGroup(trx, row.budget_year_id, row.scenario_type);
    // Which budget counts decides a voted year's figures as much as its lines do.
    for (const fiscalYear of await lockedFiscalYears(trx, row.budget_year_id)) {
      await requireOpenYear(trx, row.budget_year_id, fiscalYear);
    }
    // Read after the lock: another call may have changed the active flag while we waited.
    const before = q.presentScenario((await q.findScenario(trx, id))!);
    if (before.isActive) {
      return { scenario: before, deactivatedId: null };
    }
    const previous = await q.findActiveScenario(trx, row.budget_year_id, row.scenario_type);
    const deactivatedId = await q.deactivateActive(trx, row.budget_year_id, row.scenario_type, id);
    await q.updateScenario(trx, id, { is_active: true });
    // The budget that counts now holds the salary lines that follow the positions (and an operating
    // budget is the roster's people): set them again before the commit.
    await followEveryRoster(trx, actor);
    const scenario = q.presentScenario((await q.findScenario(trx, id))!);
    if (previous && deactivatedId !== null) {
      await insertAudit(trx, actor, {
        action: 'deactivate',
        entity: ENTITY,
        entityId: previous.id,
        before: q.presentScenario(previous),
        after: q.presentScenario((await q.findScenario(trx, previous.id))!),
      });
    }
    await insertAudit(trx, actor, {
      action: 'set-active',
      entity: ENTITY,
      entityId: id,
      before,
      after: scenario,
    });
    return { scenario, deactivatedId };
  });
}
