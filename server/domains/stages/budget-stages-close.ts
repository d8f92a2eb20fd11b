import type { AppContext } from '@server/context';
import { conflict, yearLocked } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { recordSecurityEvent } from '@server/domains/admin';
import type { Db } from '@server/db/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { settleProjectedLinesOf } from '@server/domains/line-items';
import {
  CLOSED_LABEL,
  lockedYearMessage,
  nextStage,
  STAGE_LABELS,
  stageCaption,
  type CloseYearBody,
  type ReopenStageBody,
} from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import * as q from './queries/budget-stages';
import { stageStateOf } from './budget-stages-label';
import { listStages, requireFiscalYear } from './budget-stages';
import { districtToday } from '@server/lib/district-day';

/**
 * Closed years: past history no one edits. A close is a stage event the lock
 * rule reads (budget_year_locked, migration 20261127000500), so the database refuses the year's
 * lines on every path and requireOpenYear refuses stages, scenarios and adoptions with the same
 * 409 naming the year; reports read a closed year as any other. ADMIN only, audited; an unclose,
 * with a reason, puts the year back where it stood before the close.
 */

const today = () => districtToday();

/** The year's state, read under its advisory lock (two admins closing at once take turns). */
async function lockedState(trx: Db, year: { budgetYearId: number; fiscalYear: number }) {
  await requireFiscalYear(trx, year.budgetYearId, year.fiscalYear);
  await q.lockYear(trx, year.budgetYearId, year.fiscalYear);
  return stageStateOf(trx, year.budgetYearId, year.fiscalYear);
}

/** POST /budget-stages/close and `budget-cli budget-year close FY2025`. */
export async function closeYear(app: AppContext, actor: Actor, body: CloseYearBody) {
  authorize(actor, 'budgetStages.manage');
  await app.db.transaction(async (trx) => {
    const state = await lockedState(trx, body);
    if (state.closed) {
      throw conflict(`${fiscalYearLabel(body.fiscalYear)} is already closed (${stageCaption(state)})`);
    }
    if (state.reopened) {
      const next = nextStage(state);
      const record = 'stage' in next ? `record them as ${STAGE_LABELS[next.stage]}` : 'record them';
      throw conflict(
        `${fiscalYearLabel(body.fiscalYear)} was reopened for changes: ${record} before closing it, so its history ends on a snapshot`,
      );
    }
    if (!state.locked) {
      // As a vote does: projected lines become stored ones, so nothing in the closed year follows an open one.
      await settleProjectedLinesOf(trx, body.budgetYearId, body.fiscalYear);
    }
    const id = await q.insertEvent(trx, actor, {
      budgetYearId: body.budgetYearId,
      fiscalYear: body.fiscalYear,
      event: 'close',
      stage: state.stage,
      date: today(),
      note: body.note ?? null,
    });
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'budget-stage',
      entityId: id,
      after: {
        closed: CLOSED_LABEL,
        fiscalYear: body.fiscalYear,
        stage: STAGE_LABELS[state.stage],
        note: body.note ?? null,
      },
    });
  });
  return listStages(app, actor, body);
}

/** POST /budget-stages/reopen-closed and `budget-cli budget-year reopen FY2025 --reason ...`. */
export async function reopenClosedYear(app: AppContext, actor: Actor, body: ReopenStageBody) {
  authorize(actor, 'budgetStages.manage');
  await app.db.transaction(async (trx) => {
    const state = await lockedState(trx, body);
    if (!state.closed) {
      throw conflict(`${fiscalYearLabel(body.fiscalYear)} is not closed: there is no closed year to reopen`);
    }
    const id = await q.insertEvent(trx, actor, {
      budgetYearId: body.budgetYearId,
      fiscalYear: body.fiscalYear,
      event: 'unclose',
      stage: state.stage,
      date: today(),
      note: body.reason,
    });
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'budget-stage',
      entityId: id,
      after: { reopenedClosedYear: true, fiscalYear: body.fiscalYear, reason: body.reason },
    });
    await recordSecurityEvent(app, trx, 'budget-reopened', {
      actor,
      subjectId: actor.kind === 'user' ? actor.id : null,
      detail: { ...body, stage: state.stage, closed: true },
    });
  });
  return listStages(app, actor, body);
}

/**
 * GET /budget-stages/closed-years: the closed fiscal years with the refusal's own words, so the
 * screens of a year's other records (town goals, state figures, enrollment) show it read-only.
 */
export async function listClosedYears(app: AppContext, actor: Actor) {
  authorize(actor, 'dashboard.read');
  const closedYears = [];
  for (const row of await q.closedYears(app.db)) {
    const state = await stageStateOf(app.db, row.budget_year_id, row.fiscal_year);
    closedYears.push({
      budgetYearId: row.budget_year_id,
      fiscalYear: row.fiscal_year,
      closedBy: state.closedBy,
      message: lockedYearMessage(row.fiscal_year, state.stage, true, state.closedBy),
    });
  }
  return { closedYears };
}

/**
 * A 409 naming the year when it is closed: for writes a vote alone does not stop (a cut
 * scenario's what-ifs, the ledger's actuals) but a closed year's history refuses.
 */
export async function requireUnclosedYear(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  const state = await stageStateOf(db, budgetYearId, fiscalYear);
  if (state.closed) {
    throw yearLocked(fiscalYear, state.stage, true, state.closedBy);
  }
}

/** The same for a fiscal year named alone (the ledger's): its one home's state decides. */
export async function requireUnclosedFiscalYear(db: Db, fiscalYear: number): Promise<void> {
  const home = await homeOfFiscalYear(db, fiscalYear);
  if (home) {
    await requireUnclosedYear(db, home.id, fiscalYear);
  }
}
