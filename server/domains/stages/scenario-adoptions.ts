import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict, validationFailed } from '@server/errors';
import { centsOf, centsText, formatMoneyCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { lockYear } from './queries/budget-stages';
import { cutScenariosQueries as cuts } from '@server/domains/planning';
import * as applied from './queries/scenario-adoption-applied';
import * as q from './queries/scenario-adoptions';
import { lockCutScenarioGroup } from './queries/scenario-locks';
import type { AdoptBody, AdoptResult } from '@shared/schemas/scenario-adoptions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { freezeStage, requireOpenYear } from './budget-stages';
import { requireScenario, scenarioPositionsCost, scopeOf } from '@server/domains/planning';
import { scenarioAdoption as rosterWrites } from '@server/domains/positions';
import { setLineAmounts } from '@server/domains/line-items';
import { adoptionCause, CHANGED_MESSAGE, checkYear, planOf, presentAdoption } from './scenario-adoption-plan';
import { districtToday } from '@server/lib/district-day';

/**
 * Adopting a cut scenario into the budget (docs/ARCHITECTURE.md 'Adopting a scenario'). The preview
 * and the adoption compute the same plan: the lines whose amount the
 * scenario's percents change, each new amount by the Scenario Builder's own rule, the year's
 * proposed total (the dashboard's) before and after, and a basis token over all of it and the
 * year's stage events. The adoption runs in one transaction under the year's lock, refuses a
 * locked year and a basis that moved (a second admin adopting at once is told the budget changed),
 * writes the amounts through the line writer (one audit entry per line naming the scenario) and
 * moves the scenario's cuts into the budget (they no longer apply on top of it).
 */

// The preview's half lives beside this file; its names stay importable from here.
export {
  basisOf,
  CHANGED_MESSAGE,
  presentAdoption,
  previewAdoption,
  yearTotal,
} from './scenario-adoption-plan';

const ENTITY = 'scenario-adoption';

/** Adopts the scenario into the budget, in one transaction (ADMIN); see the file's comment. */
export async function adoptScenario(
  app: AppContext,
  actor: Actor,
  id: number,
  body: AdoptBody,
): Promise<AdoptResult> {
  authorize(actor, 'budgetStages.manage');
  return app.db.transaction(async (trx) => {
    const found = await requireScenario(trx, id);
    checkYear(found, body);
    const { budget_year_id: budgetYearId, fiscal_year: fiscalYear } = found;
    // The year first (stages and adoptions take turns on it), then the scenarios that compete for
    // the active place (as Set as Active locks them), then the lines the scenario changes.
    await lockYear(trx, budgetYearId, fiscalYear);
    await lockCutScenarioGroup(trx, budgetYearId, fiscalYear);
    const row = await requireScenario(trx, id);
    await requireOpenYear(trx, budgetYearId, fiscalYear);
    await q.lockPlanLines(trx, scopeOf(row), id);
    const plan = await planOf({ ...app, db: trx }, actor, row);
    if (plan.preview.basis !== body.basis) {
      throw conflict(CHANGED_MESSAGE);
    }
    if (plan.preview.blocked || (!plan.lines.length && !plan.positions.length)) {
      throw conflict(plan.preview.blocked ?? 'Nothing to adopt');
    }
    const ids = new Set(plan.lines.map((l) => String(l.id)));
    const stray = Object.keys(body.lineReasons ?? {}).filter((k) => !ids.has(k));
    if (stray.length) {
      throw validationFailed(
        stray.slice(0, 20).map((k) => ({
          path: `lineReasons.${k}`,
          message: `Line ${k} is not one this adoption changes`,
        })),
      );
    }
    // There is always a snapshot the adoption was made from: a year never moved gets a Draft one.
    const fromStageId =
      plan.latestAdvanceId ??
      (await freezeStage(trx, actor, {
        budgetYearId,
        fiscalYear,
        stage: 'DRAFT',
        date: districtToday(),
        note: `Recorded before adopting scenario “${row.name}”`,
      }));
    const reason = body.reason ?? null;
    const cause = {
      action: 'adopt-scenario',
      reason: adoptionCause(row.name, reason),
    };
    const changed = await setLineAmounts(
      trx,
      actor,
      cause,
      plan.lines.map((l) => ({ id: Number(l.id), amount: l.new_amount })),
    );
    if (changed.length !== plan.lines.length) {
      throw conflict(CHANGED_MESSAGE);
    }
    const { totalBefore, totalAfter } = plan.preview;
    const adoptionId = await q.insertAdoption(trx, actor, {
      scenarioId: row.id,
      scenarioName: row.name,
      budgetYearId,
      fiscalYear,
      fromStageId,
      reason,
      totalBefore: centsText(centsOf(totalBefore)),
      totalAfter: centsText(centsOf(totalAfter)),
    });
    await q.insertAdoptionLines(
      trx,
      adoptionId,
      plan.lines.map((l) => ({
        lineId: Number(l.id),
        before: l.amount,
        after: l.new_amount,
        percentKept: l.percent_kept,
        reason: body.lineReasons?.[String(l.id)] ?? null,
      })),
    );
    const positions = await applyPositions(trx, actor, row, plan, adoptionId, cause.reason);
    // Its cuts now live in the lines: left on the scenario, the builder would cut them twice.
    const adopted = Object.fromEntries(plan.lines.map((l) => [String(l.id), 100]));
    await cuts.writeAdjustments(trx, row.id, adopted, false);
    await cuts.setActive(trx, row);
    // The same cuts in the year's other scenarios (a copy of this plan) are in the budget now too.
    await auditAppliedCuts(
      trx,
      actor,
      'cuts-applied-by-adoption',
      adoptionId,
      await applied.takeAppliedCuts(trx, { id: adoptionId, scenarioId: row.id, budgetYearId, fiscalYear }),
    );
    await insertAudit(trx, actor, {
      action: 'adopt',
      entity: 'cut-scenario',
      entityId: row.id,
      before: {
        percentKept: Object.fromEntries(plan.lines.map((l) => [String(l.id), Number(l.percent_kept)])),
      },
      after: { isActive: true, adoptionId },
    });
    const adoption = presentAdoption((await q.findAdoption(trx, adoptionId))!);
    await insertAudit(trx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: adoptionId,
      after: adoption,
    });
    // What it did, as counted: '0 lines changed' said nothing happened when it cut by positions only
    // (the salary lines that follow them moved, and are not its own lines).
    const did = [
      changed.length ? `${changed.length} line${changed.length === 1 ? '' : 's'} changed` : '',
      positions.closed ? `${positions.closed} position${positions.closed === 1 ? '' : 's'} closed` : '',
      positions.created ? `${positions.created} position${positions.created === 1 ? '' : 's'} created` : '',
    ].filter(Boolean);
    return {
      adoption,
      linesChanged: changed.length,
      positionsClosed: positions.closed,
      positionsCreated: positions.created,
      message: `Adopted scenario “${row.name}” into ${fiscalYearLabel(fiscalYear)}: ${did.length ? did.join(', ') : '0 lines changed'}, proposed total ${formatMoneyCents(totalBefore)} → ${formatMoneyCents(totalAfter)}`,
    };
  });
}

/**
 * The roster's half of an adoption: the scenario's cut positions are closed and its adds created
 * (server/domains/positions/scenario-adoption.ts; the salary lines follow them there), what was done
 * is kept for the stage comparison and the undo, and the scenario's changes are emptied (they are in
 * the roster now).
 */
async function applyPositions(
  trx: Db,
  actor: Actor,
  row: cuts.CutScenarioRow,
  plan: Awaited<ReturnType<typeof planOf>>,
  adoptionId: number,
  reason: string,
): Promise<{ closed: number; created: number }> {
  if (!plan.positions.length) {
    return { closed: 0, created: 0 };
  }
  const rows = await scenarioPositionsCost.changeRowsOf(trx, row.id);
  const cutsOf = new Map(plan.positions.filter((c) => c.kind === 'cut').map((c) => [c.positionId!, c]));
  const closed = await rosterWrites.closeForAdoption(trx, actor, [...cutsOf.keys()], reason);
  const adds = rows.filter((r) => r.kind === 'add');
  const created = await rosterWrites.createForAdoption(
    trx,
    actor,
    plan.roster,
    adds.map((r) => ({
      title: r.title,
      buildingId: r.building_id,
      deseCode: r.dese_code,
      categoryId: r.category_id,
      workGroupId: r.work_group_id,
      fte: r.fte,
      vacancyStep: r.vacancy_step,
      vacancyLane: r.vacancy_lane,
    })),
    reason,
  );
  const addCost = new Map(plan.positions.filter((c) => c.kind === 'add').map((c) => [c.id, c.amount]));
  await q.insertAdoptionPositions(trx, [
    ...closed.map((c) => ({
      adoption_id: adoptionId,
      position_id: c.positionId,
      action: 'closed' as const,
      title: c.title,
      status_before: c.statusBefore,
      holders_before: c.holdersBefore,
      fte: c.fte,
      amount: c.amount,
      reason: cutsOf.get(c.positionId)?.reason ?? null,
      // Why the cut took it, and its $0 warning as it held now: the scenario's changes are emptied
      // below, and the stage comparison and the undo read them from here.
      pick_why: cutsOf.get(c.positionId)?.why ?? null,
      pick_warning: cutsOf.get(c.positionId)?.warning ?? null,
    })),
    ...adds.map((r, i) => ({
      adoption_id: adoptionId,
      position_id: created[i],
      action: 'created' as const,
      title: r.title,
      status_before: null,
      holders_before: null,
      fte: r.fte,
      amount: addCost.get(r.id) == null ? null : String(addCost.get(r.id)),
      reason: r.reason,
      pick_why: null,
      pick_warning: null,
    })),
  ]);
  await scenarioPositionsCost.clearChanges(trx, row.id);
  return { closed: closed.length, created: created.length };
}

/**
 * One audit entry per scenario whose cuts an adoption took out as already applied (or its undo gave
 * back), naming the lines and percents.
 */
export async function auditAppliedCuts(
  trx: Db,
  actor: Actor,
  action: 'cuts-applied-by-adoption' | 'cuts-given-back-by-undo',
  adoptionId: number,
  rows: readonly applied.AppliedCut[],
): Promise<void> {
  const byScenario = new Map<number, Record<string, number>>();
  for (const r of rows) {
    const percents = byScenario.get(r.cut_scenario_id) ?? {};
    percents[String(r.line_id)] = Number(r.percent_kept);
    byScenario.set(r.cut_scenario_id, percents);
  }
  for (const [scenarioId, percentKept] of byScenario) {
    const taken = action === 'cuts-applied-by-adoption';
    await insertAudit(trx, actor, {
      action,
      entity: 'cut-scenario',
      entityId: scenarioId,
      before: taken ? { percentKept } : undefined,
      after: taken ? { adoptionId } : { percentKept, adoptionId },
    });
  }
}

/** A budget year's adoptions, newest first (staff). */
export async function listAdoptions(
  app: AppContext,
  actor: Actor,
  query: { budgetYearId: number; fiscalYear?: number; scenarioId?: number },
) {
  authorize(actor, 'scenarios.read');
  return { adoptions: (await q.listAdoptions(app.db, query)).map(presentAdoption) };
}
