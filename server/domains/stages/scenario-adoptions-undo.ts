import type { AppContext } from '@server/context';
import { countOf } from '@shared/count-words';
import { conflict, notFound } from '@server/errors';
import { centsOf, formatMoneyCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { lockYear } from './queries/budget-stages';
import { cutScenariosQueries as cuts, scenarioPositionsCost } from '@server/domains/planning';
import { scenarioAdoption as rosterWrites } from '@server/domains/positions';
import type { Db } from '@server/db/index';
import * as applied from './queries/scenario-adoption-applied';
import * as q from './queries/scenario-adoptions';
import { lockedYearMessage, longDate } from '@shared/schemas/budget-stages';
import { fromCents } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { UndoBody, UndoPreview, UndoPreviewBody } from '@shared/schemas/scenario-adoptions';
import { stageStateOf } from './budget-stages-label';
import { requireOpenYear } from './budget-stages';
import { setLineAmounts } from '@server/domains/line-items';
import { auditAppliedCuts, basisOf, CHANGED_MESSAGE, presentAdoption, yearTotal } from './scenario-adoptions';

/**
 * Undoing an adoption. The adoption recorded, per line, the
 * amount it replaced and the amount it set. Undo returns to the replaced amount only the lines
 * still at the amount the adoption set: a line edited since (a transfer after the vote, a
 * correction) is named in the preview with its amount now and left as it is, unless the person
 * chooses to overwrite those edits (overwriteEdited). Everything goes through the line writer with
 * an audit entry naming the scenario, in one transaction; the scenario gets back the cuts of the
 * lines returned (a line left at its edited amount still carries the cut, so the scenario must not).
 * Refused in a locked year, for an adoption already undone, while a later adoption of the same
 * lines stands (undo that one first: the budget steps back in order), and unless it echoes the
 * basis of the preview the person read: an edit made after that preview would otherwise be
 * overwritten by an undo whose figures the person never saw.
 */

async function requireAdoption(app: AppContext, id: number): Promise<q.AdoptionRow> {
  const row = await q.findAdoption(app.db, id);
  if (!row) {
    throw notFound('Scenario adoption');
  }
  return row;
}

async function undoPlanOf(
  app: AppContext,
  actor: Actor,
  row: q.AdoptionRow,
  overwriteEdited: boolean,
  lock = false,
) {
  const db = app.db;
  const lines = await q.undoLines(db, row, lock);
  const total = await yearTotal(app, actor, row.budget_year_id, row.fiscal_year);
  const marks = await q.stageMarks(db, row.budget_year_id, row.fiscal_year);
  const state = await stageStateOf(db, row.budget_year_id, row.fiscal_year);
  const later = row.undone_at === null ? await q.laterOverlapping(db, row) : undefined;
  let change = 0n;
  // What each line becomes: what the adoption replaced, unless edited since and not overwritten.
  const writes: { id: number; amount: string }[] = [];
  const presented = lines.map((l) => {
    const now = centsOf(l.amount);
    const restore = !l.edited || overwriteEdited;
    const back = restore ? centsOf(l.amount_before) : now;
    if (restore) {
      writes.push({ id: Number(l.id), amount: l.amount_before });
    }
    change += back - now;
    return {
      id: Number(l.id),
      description: l.description,
      accountLine: l.account_line,
      category: l.category,
      building: l.building,
      currentAmount: fromCents(now),
      adoptedAmount: fromCents(centsOf(l.amount_after)),
      replacedAmount: fromCents(centsOf(l.amount_before)),
      editedSince: l.edited,
      returnsTo: fromCents(back),
      difference: fromCents(back - now),
    };
  });
  // The positions it closed come back and those it created go: their cost as the adoption recorded it.
  for (const p of await q.adoptionPositions(db, row.id)) {
    change += (p.action === 'closed' ? 1n : -1n) * centsOf(p.amount ?? '0');
  }
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
    editedCount: lines.filter((l) => l.edited).length,
    overwriteEdited,
    totalBefore: fromCents(total.cents),
    totalAfter: fromCents(total.cents + change),
    basis: basisOf([
      'undo',
      row.id,
      overwriteEdited,
      marks.events,
      marks.lastEventId,
      total.count,
      String(total.cents),
      lines.map((l) => [Number(l.id), l.amount, l.amount_before, l.edited]),
    ]),
    blocked,
  };
  return { preview, writes };
}

/** What undoing the adoption would return, nothing written (ADMIN). */
export async function previewUndo(
  app: AppContext,
  actor: Actor,
  id: number,
  body?: UndoPreviewBody,
): Promise<UndoPreview> {
  authorize(actor, 'budgetStages.manage');
  const row = await requireAdoption(app, id);
  return (await undoPlanOf(app, actor, row, body?.overwriteEdited ?? false)).preview;
}

/** Returns the adoption's lines to what it replaced, in one transaction (ADMIN); see the file's comment. */
export async function undoAdoption(app: AppContext, actor: Actor, id: number, body: UndoBody) {
  authorize(actor, 'budgetStages.manage');
  return app.db.transaction(async (trx) => {
    const tx = { ...app, db: trx };
    const found = await requireAdoption(tx, id);
    await lockYear(trx, found.budget_year_id, found.fiscal_year);
    const row = await requireAdoption(tx, id);
    await requireOpenYear(trx, row.budget_year_id, row.fiscal_year);
    const overwrite = body.overwriteEdited ?? false;
    const plan = await undoPlanOf(tx, actor, row, overwrite, true);
    if (plan.preview.blocked) {
      throw conflict(plan.preview.blocked);
    }
    if (body.basis !== plan.preview.basis) {
      throw conflict(CHANGED_MESSAGE.replace('this adoption', 'this undo'));
    }
    const cause = {
      action: 'undo-adoption',
      reason: `undid adoption of "${row.scenario_name}"${body.reason ? `: ${body.reason}` : ''}`,
    };
    const changed = await setLineAmounts(trx, actor, cause, plan.writes);
    const positionNotes = await undoPositions(trx, actor, row, cause.reason);
    const returned = plan.writes.map((l) => l.id);
    const kept = plan.preview.lines.filter((l) => l.editedSince && !overwrite).map((l) => l.id);
    if (row.cut_scenario_id !== null) {
      const percents = await q.adoptedPercents(trx, row.id, returned);
      await cuts.writeAdjustments(trx, row.cut_scenario_id, percents, false);
      await insertAudit(trx, actor, {
        action: 'undo-adopt',
        entity: 'cut-scenario',
        entityId: row.cut_scenario_id,
        after: { percentKept: percents, adoptionId: row.id },
      });
    }
    // The copies of the plan get back the cuts the adoption had taken out of them as applied.
    await auditAppliedCuts(
      trx,
      actor,
      'cuts-given-back-by-undo',
      row.id,
      await applied.giveBackAppliedCuts(trx, row.id, returned),
    );
    await q.markUndone(trx, row.id, actor, body.reason ?? null);
    const adoption = presentAdoption((await q.findAdoption(trx, row.id))!);
    await insertAudit(trx, actor, {
      action: 'undo',
      entity: 'scenario-adoption',
      entityId: row.id,
      before: presentAdoption(row),
      after: { ...adoption, overwriteEdited: overwrite, linesReturned: returned, editedLinesKept: kept },
    });
    const { totalBefore, totalAfter } = plan.preview;
    const edited = plan.preview.editedCount;
    let what = '';
    if (edited) {
      what = overwrite
        ? ` (${countOf(edited, 'line')} edited since overwritten)`
        : `; ${countOf(edited, 'line')} edited since left as ${edited === 1 ? 'it is' : 'they are'}`;
    }
    return {
      adoption,
      linesChanged: changed.length,
      linesKept: kept.length,
      positionNotes,
      message: `Undid the adoption of “${row.scenario_name}” in ${fiscalYearLabel(row.fiscal_year)}: ${countOf(changed.length, 'line')} returned to the amounts it replaced${what}, proposed total ${formatMoneyCents(totalBefore)} → ${formatMoneyCents(totalAfter)}`,
    };
  });
}

/**
 * The roster's half of an undo: the positions the adoption closed get their status and holders
 * back, those it created and nobody holds are deleted (server/domains/positions/scenario-adoption.ts),
 * and the scenario gets those cuts and adds back, as the lines' percents come back. Returns what could
 * not be given back.
 */
async function undoPositions(trx: Db, actor: Actor, row: q.AdoptionRow, reason: string): Promise<string[]> {
  const done = await q.adoptionPositions(trx, row.id);
  if (!done.length) {
    return [];
  }
  const closed = done.filter((d) => d.action === 'closed' && d.position_id !== null);
  const created = done.filter((d) => d.action === 'created' && d.position_id !== null);
  const ids = [...closed, ...created].map((d) => d.position_id!);
  const fields = new Map(
    (await trx('positions').whereIn('id', ids).select('*')).map((p: Record<string, unknown>) => [
      Number(p.id),
      p,
    ]),
  );
  const notes = await rosterWrites.undoForAdoption(
    trx,
    actor,
    closed.map((d) => ({
      positionId: d.position_id!,
      title: d.title,
      fte: d.fte,
      statusBefore: d.status_before ?? 'vacant',
      holdersBefore: d.holders_before ?? [],
      amount: d.amount,
    })),
    created.map((d) => d.position_id!),
    reason,
  );
  if (row.cut_scenario_id !== null) {
    const scenarioId = Number(row.cut_scenario_id);
    await scenarioPositionsCost.restoreChanges(
      trx,
      done.flatMap((d) => {
        const p = d.position_id === null ? undefined : fields.get(d.position_id);
        if (!p) {
          return [];
        }
        return [
          {
            cut_scenario_id: scenarioId,
            kind: d.action === 'closed' ? ('cut' as const) : ('add' as const),
            position_id: d.action === 'closed' ? d.position_id : null,
            title: String(p.title),
            building_id: (p.building_id as number | null) ?? null,
            dese_code: (p.dese_code as string | null) ?? null,
            category_id: (p.category_id as number | null) ?? null,
            work_group_id: (p.work_group_id as number | null) ?? null,
            fte: String(p.fte),
            vacancy_step: (p.vacancy_step as number | null) ?? null,
            vacancy_lane: (p.vacancy_lane as string | null) ?? null,
            reason: d.reason,
            // A cut given back keeps why it was picked, as the scenario said before adopting it.
            pick_why: d.action === 'closed' ? d.pick_why : null,
            pick_warning: d.action === 'closed' ? d.pick_warning : null,
            created_by: actor.id ?? null,
          },
        ];
      }),
    );
  }
  return notes;
}
