import type { AppContext } from '@server/context';
import { conflict, notFound } from '@server/errors';
import { centsOf, formatMoneyCents } from '@server/lib/money';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/queries/audit';
import { lockYear } from '@server/queries/budget-stages';
import * as cuts from '@server/queries/cut-scenarios';
import * as q from '@server/queries/scenario-adoptions';
import { lockedYearMessage, longDate } from '@server/schemas/budget-stages';
import { fromCents } from '@server/schemas/common';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import type { UndoBody, UndoPreview } from '@server/schemas/scenario-adoptions';
import { stageStateOf } from './budget-stages-label';
import { requireOpenYear } from './budget-stages';
import { setLineAmounts } from './line-items/index';
import { basisOf, CHANGED_MESSAGE, presentAdoption, yearTotal } from './scenario-adoptions';

/**
 * Undoing an adoption (issue 25 item 2): its lines return to their amounts in the stage snapshot
 * the adoption was made from (a line added after that snapshot, to its amount before the
 * adoption), through the line writer with an audit entry naming the scenario; the scenario gets
 * its cuts back. Refused in a locked year, for an adoption already undone, and while a later
 * adoption of the same lines stands (undo that one first: the budget steps back in order).
 */

async function requireAdoption(app: AppContext, id: number): Promise<q.AdoptionRow> {
  const row = await q.findAdoption(app.db, id);
  if (!row) {
    throw notFound('Scenario adoption');
  }
  return row;
}

async function undoPlanOf(app: AppContext, actor: Actor, row: q.AdoptionRow, lock = false) {
  const db = app.db;
  const lines = await q.undoLines(db, row, lock);
  const total = await yearTotal(app, actor, row.budget_year_id, row.fiscal_year);
  const marks = await q.stageMarks(db, row.budget_year_id, row.fiscal_year);
  const state = await stageStateOf(db, row.budget_year_id, row.fiscal_year);
  const later = row.undone_at === null ? await q.laterOverlapping(db, row) : undefined;
  let change = 0n;
  const presented = lines.map((l) => {
    const now = centsOf(l.amount);
    const back = centsOf(l.returns_to);
    change += back - now;
    return {
      id: Number(l.id),
      description: l.description,
      accountLine: l.account_line,
      category: l.category,
      building: l.building,
      currentAmount: fromCents(now),
      adoptedAmount: fromCents(centsOf(l.amount_after)),
      returnsTo: fromCents(back),
      difference: fromCents(back - now),
    };
  });
  let blocked: string | null = null;
  if (row.undone_at !== null) {
    blocked = `This adoption of “${row.scenario_name}” was already undone on ${longDate(new Date(row.undone_at).toISOString())}`;
  } else if (state.locked) {
    blocked = lockedYearMessage(row.fiscal_year, state.stage);
  } else if (later) {
    blocked = `Undo the later adoption of “${later.scenario_name}” first: it changed some of the same lines`;
  }
  const preview: UndoPreview = {
    adoption: presentAdoption(row),
    lines: presented,
    totalBefore: fromCents(total.cents),
    totalAfter: fromCents(total.cents + change),
    basis: basisOf([
      'undo',
      row.id,
      marks.events,
      marks.lastEventId,
      total.count,
      String(total.cents),
      lines.map((l) => [Number(l.id), l.amount, l.returns_to]),
    ]),
    blocked,
  };
  return { preview, lines };
}

/** What undoing the adoption would return, nothing written (ADMIN). */
export async function previewUndo(app: AppContext, actor: Actor, id: number): Promise<UndoPreview> {
  authorize(actor, 'budgetStages.manage');
  return (await undoPlanOf(app, actor, await requireAdoption(app, id))).preview;
}

/** Returns the adoption's lines to the snapshot it was made from, in one transaction (ADMIN). */
export async function undoAdoption(app: AppContext, actor: Actor, id: number, body: UndoBody) {
  authorize(actor, 'budgetStages.manage');
  return app.db.transaction(async (trx) => {
    const tx = { ...app, db: trx };
    const found = await requireAdoption(tx, id);
    await lockYear(trx, found.budget_year_id, found.fiscal_year);
    const row = await requireAdoption(tx, id);
    await requireOpenYear(trx, row.budget_year_id, row.fiscal_year);
    const plan = await undoPlanOf(tx, actor, row, true);
    if (plan.preview.blocked) {
      throw conflict(plan.preview.blocked);
    }
    if (body?.basis !== undefined && body.basis !== plan.preview.basis) {
      throw conflict(CHANGED_MESSAGE.replace('this adoption', 'this undo'));
    }
    const cause = {
      action: 'undo-adoption',
      reason: `undid adoption of "${row.scenario_name}"${body?.reason ? `: ${body.reason}` : ''}`,
    };
    const changed = await setLineAmounts(
      trx,
      actor,
      cause,
      plan.lines.map((l) => ({ id: Number(l.id), amount: l.returns_to })),
    );
    if (row.cut_scenario_id !== null) {
      await cuts.writeAdjustments(trx, row.cut_scenario_id, await q.adoptedPercents(trx, row.id), false);
      await insertAudit(trx, actor, {
        action: 'undo-adopt',
        entity: 'cut-scenario',
        entityId: row.cut_scenario_id,
        after: { percentKept: await q.adoptedPercents(trx, row.id), adoptionId: row.id },
      });
    }
    await q.markUndone(trx, row.id, actor, body?.reason ?? null);
    const adoption = presentAdoption((await q.findAdoption(trx, row.id))!);
    await insertAudit(trx, actor, {
      action: 'undo',
      entity: 'scenario-adoption',
      entityId: row.id,
      before: presentAdoption(row),
      after: adoption,
    });
    const { totalBefore, totalAfter } = plan.preview;
    return {
      adoption,
      linesChanged: changed.length,
      message: `Undid the adoption of “${row.scenario_name}” in ${fiscalYearLabel(row.fiscal_year)}: ${changed.length} line${changed.length === 1 ? '' : 's'} returned to the ${adoption.fromStage.label} snapshot, proposed total ${formatMoneyCents(totalBefore)} → ${formatMoneyCents(totalAfter)}`,
    };
  });
}
