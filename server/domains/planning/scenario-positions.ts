import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { centsOf, formatMoneyCents } from '@shared/money';
import { fromCents } from '@shared/schemas/common';
import type {
  PickedPosition,
  PositionAddBody,
  PositionCutBody,
  PositionCutResult,
  PositionGroup,
  ScenarioPositions,
} from '@shared/schemas/scenario-positions';
import {
  checkReferences,
  checkVacancyCell,
  fteText,
  milli,
  scenarioRoster as roster,
} from '@server/domains/positions';
import * as q from './queries/scenario-positions';
import { changesWithCosts, rosterOf } from './scenario-positions-cost';
import { asChangeRow, namesOf } from './scenario-positions-rows';
import type { CutScenarioRow } from './queries/cut-scenarios';
import { requireScenario } from './cut-scenarios-calc';

/**
 * Cuts and adds by position in a cut scenario (shared/schemas/scenario-positions.ts says what they
 * are). Saved at once, like a scenario's percents; the roster changes only when the scenario is
 * adopted (server/domains/stages/scenario-adoptions.ts). What a change saves or costs is always
 * the roster's figure now (the one cost rule), so an edit to a position shows in the scenario.
 */

const ENTITY = 'cut-scenario';

async function view(
  db: Db,
  row: CutScenarioRow,
  extra: readonly q.ChangeRow[] = [],
): Promise<ScenarioPositions> {
  const where = await rosterOf(db, row);
  const c = await changesWithCosts(db, row, extra);
  return {
    scenarioId: row.id,
    fiscalYear: row.fiscal_year,
    rosterFiscalYear: where.roster.fiscalYear,
    available: where.available,
    message: where.message,
    changes: c.changes,
    totals: {
      cutFte: c.cutFte / 1000,
      addedFte: c.addedFte / 1000,
      savings: fromCents(c.savings),
      addedCost: fromCents(c.addedCost),
      net: fromCents(c.savings - c.addedCost),
      positionsCut: c.changes.filter((x) => x.kind === 'cut' && !x.stale).length,
      positionsAdded: c.changes.filter((x) => x.kind === 'add').length,
      // Counted here, once, so no screen shows a total that silently leaves an unpriced change out.
      cutsUnpriced: c.changes.filter((x) => x.kind === 'cut' && x.amount === null).length,
      addsUnpriced: c.changes.filter((x) => x.kind === 'add' && x.amount === null).length,
    },
  };
}

/** GET /scenarios/cuts/:id/positions. */
export async function scenarioPositions(
  app: AppContext,
  actor: Actor,
  id: number,
): Promise<ScenarioPositions> {
  authorize(actor, 'scenarios.read');
  return view(app.db, await requireScenario(app.db, id));
}

/** GET /scenarios/cuts/:id/position-groups: the roster's groups a cut can name. */
export async function positionGroups(
  app: AppContext,
  actor: Actor,
  id: number,
  search?: string,
): Promise<{ groups: PositionGroup[] }> {
  authorize(actor, 'scenarios.read');
  const row = await requireScenario(app.db, id);
  const where = await rosterOf(app.db, row);
  const cut = (await q.changesOf(app.db, id)).flatMap((c) => (c.position_id === null ? [] : [c.position_id]));
  const groups = await roster.rosterGroups(app.db, where.roster, cut, search || undefined);
  return {
    groups: groups.map((g) => ({
      title: g.title,
      building: g.building_id === null ? null : { id: g.building_id, name: g.building_name ?? '' },
      positionCount: g.position_count,
      fte: Number(g.fte),
      vacantFte: Number(g.vacant_fte),
      cutFte: Number(g.cut_fte),
    })),
  };
}

function requireAvailable(where: Awaited<ReturnType<typeof rosterOf>>) {
  if (!where.available) {
    throw validationFailed([{ path: 'fiscalYear', message: where.message! }]);
  }
}

/**
 * Refuses changes that would leave a personnel category below its FTE floor (cut_floors.min_fte):
 * the roster's FTE there, less every cut, plus every add of the scenario with `extra`.
 */
async function checkFteFloors(db: Db, row: CutScenarioRow, r: roster.Roster, extra: readonly q.ChangeRow[]) {
  const floors = await q.fteFloors(db, row.budget_year_id);
  if (!floors.length) {
    return;
  }
  const fte = await roster.categoryFte(db, r);
  const c = await changesWithCosts(db, row, extra);
  for (const ch of c.changes) {
    if (ch.category && !ch.stale) {
      const delta = (ch.kind === 'cut' ? -1 : 1) * milli(ch.fte);
      fte.set(ch.category.id, (fte.get(ch.category.id) ?? 0) + delta);
    }
  }
  const below = floors.filter((f) => (fte.get(f.category_id) ?? 0) < milli(f.min_fte));
  if (below.length) {
    throw validationFailed(
      below.map((f) => ({
        path: 'fte',
        message: `${f.name} has a floor of ${fteText(milli(f.min_fte))} FTE: this scenario would leave ${fteText(fte.get(f.category_id) ?? 0)} FTE`,
      })),
    );
  }
}

/** POST /scenarios/cuts/:id/positions/cut: picks the group's positions and saves them as cuts. */
export async function cutPositions(
  app: AppContext,
  actor: Actor,
  id: number,
  body: PositionCutBody,
): Promise<PositionCutResult> {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    const where = await rosterOf(trx, row);
    requireAvailable(where);
    const taken = (await q.changesOf(trx, id)).flatMap((c) =>
      c.position_id === null ? [] : [c.position_id],
    );
    const picked = await roster.pickForCut(
      trx,
      where.roster,
      {
        title: body.title,
        buildingId: body.buildingId,
        fte: body.fte,
        vacanciesFirst: body.vacanciesFirst ?? true,
      },
      taken,
    );
    const rows: q.NewChange[] = picked.map((p) => ({
      cut_scenario_id: id,
      kind: 'cut',
      position_id: p.id,
      title: p.title,
      building_id: p.building_id,
      dese_code: p.dese_code,
      category_id: p.category_id,
      work_group_id: p.work_group_id,
      fte: p.fte,
      vacancy_step: null,
      vacancy_lane: null,
      reason: body.reason ?? null,
      pick_why: p.why,
      pick_warning: p.warning,
      created_by: actor.id ?? null,
    }));
    const label = await roster.groupLabel(trx, picked[0]?.title ?? body.title, body.buildingId);
    if (body.dryRun) {
      const names = await namesOf(trx, rows);
      const provisional = rows.map((r, i) => ({ ...asChangeRow(r), ...names(r), id: -(i + 1) }));
      await checkFteFloors(trx, row, where.roster, provisional);
      const v = await view(trx, row, provisional);
      // The picks' changes are found by position: a pick is never a position the scenario cut already.
      return result(v, roster.withReasons(picked, v.changes), body, label);
    }
    await q.insertChanges(trx, rows);
    await checkFteFloors(trx, row, where.roster, []);
    await insertAudit(trx, actor, {
      action: 'cut-positions',
      entity: ENTITY,
      entityId: id,
      after: {
        group: label,
        fte: body.fte,
        positionIds: picked.map((p) => p.id),
        reason: body.reason ?? null,
      },
    });
    const v = await view(trx, row);
    return result(v, roster.withReasons(picked, v.changes), body, label);
  });
}

/** A cut's answer: its picks (in the order taken, each with why), the order in words, what they save. */
function result(
  v: ScenarioPositions,
  mine: PickedPosition[],
  body: PositionCutBody,
  label: string,
): PositionCutResult {
  const saved = mine.reduce((sum, c) => sum + centsOf(c.amount ?? 0), 0n);
  const what = `${body.dryRun ? 'Would cut' : 'Cut'} ${mine.length} position${mine.length === 1 ? '' : 's'} of ${label}`;
  return {
    ...v,
    dryRun: Boolean(body.dryRun),
    picked: mine,
    pickOrder: roster.pickOrder(body.vacanciesFirst ?? true),
    pickedSavings: fromCents(saved),
    message: `${what}: saves ${formatMoneyCents(fromCents(saved))}`,
  };
}

/** POST /scenarios/cuts/:id/positions/add: new vacant positions, priced like any vacancy; a dry run saves none. */
export async function addPositions(
  app: AppContext,
  actor: Actor,
  id: number,
  body: PositionAddBody,
): Promise<ScenarioPositions> {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    const where = await rosterOf(trx, row);
    requireAvailable(where);
    await checkReferences(trx, body);
    await checkVacancyCell(
      trx,
      body.workGroupId ?? null,
      body.vacancyStep ?? null,
      body.vacancyLane ?? null,
      where.roster.fiscalYear + 1,
    );
    const count = body.count ?? 1;
    const rows: q.NewChange[] = Array.from({ length: count }, () => ({
      cut_scenario_id: id,
      kind: 'add' as const,
      position_id: null,
      title: body.title,
      building_id: body.buildingId,
      dese_code: body.deseCode ?? null,
      category_id: body.categoryId,
      work_group_id: body.workGroupId ?? null,
      fte: body.fte,
      vacancy_step: body.vacancyStep ?? null,
      vacancy_lane: body.vacancyLane ?? null,
      reason: body.reason ?? null,
      created_by: actor.id ?? null,
    }));
    if (body.dryRun) {
      const names = await namesOf(trx, rows);
      return view(
        trx,
        row,
        rows.map((r, i) => ({ ...asChangeRow(r), ...names(r), id: -(i + 1) })),
      );
    }
    const { dryRun: _dry, ...saved } = body;
    const ids = await q.insertChanges(trx, rows);
    await insertAudit(trx, actor, {
      action: 'add-positions',
      entity: ENTITY,
      entityId: id,
      after: { ...saved, count, changeIds: ids },
    });
    return view(trx, row);
  });
}

/** DELETE /scenarios/cuts/:id/positions/:changeId: takes one cut or add out of the scenario. */
export async function removePositionChange(
  app: AppContext,
  actor: Actor,
  id: number,
  changeId: number,
): Promise<ScenarioPositions> {
  authorize(actor, 'scenarios.write');
  return app.db.transaction(async (trx) => {
    const row = await requireScenario(trx, id, true);
    const before = (await q.changesOf(trx, id)).find((c) => c.id === changeId);
    if (!before || !(await q.deleteChange(trx, id, changeId))) {
      throw validationFailed([
        { path: 'changeId', message: `Change ${changeId} is not one of this scenario's` },
      ]);
    }
    await insertAudit(trx, actor, { action: 'remove-position-change', entity: ENTITY, entityId: id, before });
    return view(trx, row);
  });
}
