import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/cut-scenarios';
import { lockCutScenarioGroup, requireUnclosedYear } from '@server/domains/stages';
import { fromCents, toCents } from '@shared/schemas/common';
import type { CreateCutScenarioInput, QuickCutInput, SaveFloorsInput } from '@shared/schemas/cut-scenarios';
import { keptCents } from '@shared/budget-math';
import { checkAdjustments, present, requireScenario, resolveScope, scopeOf } from './cut-scenarios-calc';
import { requireBudgetYear } from '@server/domains/budgets';

/**
 * Saved cut scenarios (Scenario Builder): several per budget year, each with its stored percents,
 * one of them the adopted plan ('Set as Active'), and floors per budget year. Every write is one
 * transaction with an audit entry saying which lines changed from what to what.
 */

const ENTITY = 'cut-scenario';

export async function listCutScenarios(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
  fiscalYear?: number,
) {
  authorize(actor, 'scenarios.read');
  await requireBudgetYear(app.db, budgetYearId);
  const rows = await q.listScenarios(app.db, budgetYearId, fiscalYear);
  return { scenarios: await Promise.all(rows.map((r) => present(app.db, r))) };
}

async function uniqueName(trx: Db, scope: q.LineScope, name: string, exceptId?: number) {
  const same = (await q.listScenarios(trx, scope.budgetYearId, scope.fiscalYear)).find(
    (s) => s.name.toLowerCase() === name.toLowerCase() && s.id !== exceptId,
  );
  if (same) {
    throw conflict(`A scenario named ${same.name} already exists for this year`);
  }
}

export async function createCutScenario(app: AppContext, actor: Actor, input: CreateCutScenarioInput) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const scope = await resolveScope(trx, input);
    await requireUnclosedYear(trx, scope.budgetYearId, scope.fiscalYear);
    await uniqueName(trx, scope, input.name);
    const id = await q.insertScenario(trx, {
      budget_year_id: scope.budgetYearId,
      fiscal_year: scope.fiscalYear,
      version_id: scope.versionId,
      name: input.name,
      description: input.description ?? null,
      created_by: actor.id ?? null,
    });
    if (input.copyFromId !== undefined) {
      const source = await requireScenario(trx, input.copyFromId);
      if (source.budget_year_id !== scope.budgetYearId || source.fiscal_year !== scope.fiscalYear) {
        throw validationFailed([
          { path: 'copyFromId', message: 'Copy a scenario of the same budget and fiscal year' },
        ]);
      }
      const map = Object.fromEntries(
        Object.entries(await q.adjustmentsOf(trx, source.id)).map(([k, v]) => [k, Number(v)]),
      );
      await q.writeAdjustments(trx, id, map, true);
    }
    const scenario = await present(trx, (await q.findScenario(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: scenario });
    return { scenario };
  });
}

export async function updateCutScenario(
  app: AppContext,
  actor: Actor,
  id: number,
  input: { name?: string; description?: string | null },
) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    if (input.name !== undefined) {
      await uniqueName(trx, scopeOf(row), input.name, id);
    }
    await q.updateScenario(trx, id, input);
    const after = (await q.findScenario(trx, id))!;
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: { name: row.name, description: row.description },
      after: { name: after.name, description: after.description },
    });
    return { scenario: await present(trx, after) };
  });
}

export async function deleteCutScenario(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    const before = await present(trx, row);
    await q.deleteScenario(trx, id);
    await insertAudit(trx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
    return { message: `Scenario ${row.name} deleted` };
  });
}

/** The adopted plan of its budget and fiscal year; the one that was active is no longer. */
export async function setActiveCutScenario(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    // The whole group in id order before any row of it (scenario-locks.ts says why).
    const found = await requireScenario(trx, id);
    await requireUnclosedYear(trx, found.budget_year_id, found.fiscal_year);
    await lockCutScenarioGroup(trx, found.budget_year_id, found.fiscal_year);
    const row = await requireScenario(trx, id);
    await q.setActive(trx, row);
    await insertAudit(trx, actor, {
      action: 'set-active',
      entity: ENTITY,
      entityId: id,
      after: { isActive: true },
    });
    return { scenario: await present(trx, (await q.findScenario(trx, id))!) };
  });
}

/** Writes percents after checking them (scope, floors), auditing each line that changed. */
async function writeChecked(
  trx: Db,
  actor: Actor,
  row: q.CutScenarioRow,
  map: Record<string, number>,
  replace: boolean,
) {
  const scope = scopeOf(row);
  await checkAdjustments(trx, scope, map);
  const before = await q.adjustmentsOf(trx, row.id);
  await q.writeAdjustments(trx, row.id, map, replace);
  const after = await q.adjustmentsOf(trx, row.id);
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => before[k] !== after[k],
  );
  if (changed.length) {
    const pick = (m: Record<string, string>) =>
      Object.fromEntries(changed.map((k) => [k, m[k] === undefined ? 100 : Number(m[k])]));
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: row.id,
      before: { percentKept: pick(before) },
      after: { percentKept: pick(after) },
    });
  }
  return changed.length;
}

/**
 * Replaces a scenario's percents, or with `replace` false changes only the lines named (what the
 * screen saves after a slider: the lines moved since its last save, so letting go of one slider
 * writes one line, not every cut of the scenario).
 */
export async function saveAdjustments(
  app: AppContext,
  actor: Actor,
  id: number,
  map: Record<string, number>,
  replace = true,
) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    await writeChecked(trx, actor, row, map, replace);
    return { scenario: await present(trx, (await q.findScenario(trx, id))!) };
  });
}

/**
 * A quick cut (-25%, -50%, Cut All, Reset) on lines or a category: each line to the percent asked,
 * or to its floor when that is higher; says how many lines the floors held and the dollars they kept.
 */
export async function quickCut(app: AppContext, actor: Actor, id: number, input: QuickCutInput) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    const scope = scopeOf(row);
    const ids = input.lineIds ?? (await q.lineIdsOfCategory(trx, scope, input.categoryId!));
    const floors = await q.floorsOf(trx, scope, ids);
    const missing = ids.filter((lineId) => !floors.has(lineId));
    if (missing.length) {
      throw validationFailed(
        missing.slice(0, 20).map((lineId) => ({
          path: 'lineIds',
          message: `Line ${lineId} is not a proposed line of this scenario’s year`,
        })),
      );
    }
    const asked = BigInt(Math.round(input.percent * 100));
    let held = 0;
    let notCut = 0n;
    const map: Record<string, number> = {};
    for (const lineId of ids) {
      const line = floors.get(lineId)!;
      const floor = toCents(line.floor)!; // hundredths of a percent
      const kept = floor > asked ? floor : asked;
      if (floor > asked) {
        held += 1;
        const amount = toCents(line.amount)!;
        notCut += keptCents(amount, floor) - keptCents(amount, asked);
      }
      map[String(lineId)] = fromCents(kept);
    }
    const linesChanged = await writeChecked(trx, actor, row, map, false);
    return {
      scenario: await present(trx, (await q.findScenario(trx, id))!),
      linesChanged,
      heldByFloor: held,
      notCutByFloor: fromCents(notCut),
    };
  });
}

export async function listFloors(app: AppContext, actor: Actor, budgetYearId: number) {
  authorize(actor, 'scenarios.read');
  await requireBudgetYear(app.db, budgetYearId);
  return { floors: await q.listFloors(app.db, budgetYearId) };
}

/** An FTE floor counts a category's positions: only a personnel category has them. */
async function requireFteFloorsOnPersonnel(db: Db, input: SaveFloorsInput) {
  const ids = input.floors.flatMap((f) =>
    f.categoryId !== undefined && f.minFte !== undefined && f.minFte !== null ? [f.categoryId] : [],
  );
  const categories = await q.categoriesOf(db, ids);
  const bad = ids.filter((id) => !categories.get(id)?.isPersonnel);
  if (bad.length) {
    throw validationFailed(
      bad.map((id) => ({
        path: 'floors',
        message: categories.has(id)
          ? `${categories.get(id)!.name} is not a personnel category: an FTE floor needs positions to count`
          : `Budget category ${id} does not exist`,
      })),
    );
  }
}

/** Sets or removes floors; a line must be a proposed line of the budget year. */
export async function saveFloors(app: AppContext, actor: Actor, input: SaveFloorsInput) {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const lineIds = input.floors.flatMap((f) => (f.lineItemId === undefined ? [] : [f.lineItemId]));
    const found = await q.proposedLinesOf(trx, input.budgetYearId, lineIds);
    const bad = lineIds.filter((lineId) => !found.has(lineId));
    if (bad.length) {
      throw validationFailed(
        bad.slice(0, 20).map((lineId) => ({
          path: 'floors',
          message: `Line ${lineId} is not a proposed line of this budget year`,
        })),
      );
    }
    await requireFteFloorsOnPersonnel(trx, input);
    const before = await q.listFloors(trx, input.budgetYearId);
    for (const f of input.floors) {
      await q.writeFloor(trx, input.budgetYearId, f);
    }
    const floors = await q.listFloors(trx, input.budgetYearId);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'cut-floors',
      entityId: input.budgetYearId,
      before,
      after: floors,
    });
    return { floors };
  });
}
