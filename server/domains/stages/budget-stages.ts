import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict, notFound, validationFailed, yearLocked } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import * as q from './queries/budget-stages';
import { insertStageStaffing } from './queries/stage-staffing';
import { staffingToFreeze } from '@server/domains/positions';
import { fiscalYearsWithLines } from '@server/domains/budgets';
import { latestPublishedStage } from '@server/domains/public-dashboard';
import {
  LOCKING_STAGES,
  nextStage,
  STAGE_LABELS,
  stageCaption,
  stageDateRefusal,
  type AdvanceStageBody,
  type ReopenStageBody,
  type SnapshotLine,
  type StageEvent,
  type StagesResponse,
} from '@shared/schemas/budget-stages';
import { settleProjectedLinesOf } from '@server/domains/line-items';
import { stageStateOf, stateOf } from './budget-stages-label';
import { requireBudgetYear } from '@server/domains/budgets';
import { requireMappedDollars } from '@server/domains/massachusetts';
import { recordSecurityEvent } from '@server/domains/admin';
import { districtToday } from '@server/lib/district-day';

/**
 * Budget stages: a fiscal year moves through the stages in one order, an
 * administrator moves it with a date and a note, and each move freezes the year's lines and totals.
 * From the committee's vote on, the lines are locked (a database trigger refuses every write, so no
 * path can miss it) until an administrator reopens the year with a reason.
 */

export function presentEvent(row: q.StageRow): StageEvent {
  const t = row.totals;
  return {
    id: Number(row.id),
    event: row.event,
    stage: row.stage,
    stageLabel: STAGE_LABELS[row.stage],
    date: row.stage_date,
    note: row.note,
    createdBy: row.created_by_name,
    createdAt: new Date(row.created_at).toISOString(),
    totals: t
      ? {
          proposedTotal: Number(t.proposedTotal),
          proposedCount: Number(t.proposedCount),
          employeeCount: Number(t.employeeCount),
          salaryTotal: Number(t.salaryTotal),
          nextYearSalaryTotal: Number(t.nextYearSalaryTotal),
        }
      : null,
    lineCount: row.event === 'advance' ? Number(row.line_count ?? 0) : null,
  };
}

/** A fiscal year the budget year holds (lines, or its current year): else a 400 naming fiscalYear. */
export async function requireFiscalYear(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  const by = await requireBudgetYear(db, budgetYearId, 'budgetYearId');
  const years = new Set([...(await fiscalYearsWithLines(db, budgetYearId)), by.current_fiscal_year]);
  if (!years.has(fiscalYear)) {
    throw validationFailed([
      {
        path: 'fiscalYear',
        message: `Budget year ${by.fiscal_year} has no lines in ${fiscalYearLabel(fiscalYear)}`,
      },
    ]);
  }
}

async function stagesOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<StagesResponse> {
  const rows = await q.listStages(db, budgetYearId, fiscalYear);
  const state = stateOf(rows, await q.closureOf(db, budgetYearId, fiscalYear));
  const next = nextStage(state);
  const published = await latestPublishedStage(db, budgetYearId, fiscalYear);
  return {
    budgetYearId,
    fiscalYear,
    current: { ...state, stageLabel: STAGE_LABELS[state.stage], caption: stageCaption(state) },
    next:
      'stage' in next
        ? { stage: next.stage, label: STAGE_LABELS[next.stage], blocked: null }
        : { stage: null, label: null, blocked: next.error },
    events: rows.map(presentEvent),
    published: published
      ? { stageLabel: published.stage_label, publishedAt: new Date(published.published_at).toISOString() }
      : null,
  };
}

/** The stages of a fiscal year: where it stands, what comes next, every move and reopen. */
export async function listStages(
  app: AppContext,
  actor: Actor,
  query: { budgetYearId: number; fiscalYear: number },
) {
  authorize(actor, 'dashboard.read');
  await requireBudgetYear(app.db, query.budgetYearId);
  return stagesOf(app.db, query.budgetYearId, query.fiscalYear);
}

/** A 409 unless the year's lines may change now (the services' early check; the trigger is the rule). */
export async function requireOpenYear(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  const state = await stageStateOf(db, budgetYearId, fiscalYear);
  if (state.locked) {
    throw yearLocked(fiscalYear, state.stage, state.closed, state.closedBy);
  }
}

/**
 * Freezes the year's lines under a new stage row (the lines first, under the id the row will take;
 * the totals summed from them). A locking stage first turns the year's projected lines into stored
 * ones, so nothing in the voted year follows an open year's line any more.
 */
export async function freezeStage(
  trx: Db,
  actor: Actor,
  values: {
    budgetYearId: number;
    fiscalYear: number;
    stage: AdvanceStageBody['stage'];
    date: string;
    note: string | null;
  },
): Promise<number> {
  if (LOCKING_STAGES.includes(values.stage)) {
    await settleProjectedLinesOf(trx, values.budgetYearId, values.fiscalYear);
  }
  const id = await q.nextStageId(trx);
  await q.freezeLines(trx, id, values.budgetYearId, values.fiscalYear);
  const totals = await q.snapshotTotals(trx, id);
  await q.insertEvent(trx, actor, { ...values, event: 'advance', id, totals });
  // The roster's FTE with it, so staffing too can be compared with the stage it left.
  await insertStageStaffing(trx, id, await staffingToFreeze(trx, values.budgetYearId, values.fiscalYear));
  await insertAudit(trx, actor, {
    action: 'create',
    entity: 'budget-stage',
    entityId: id,
    after: { ...values, stageLabel: STAGE_LABELS[values.stage], totals },
  });
  return id;
}

/** Moves a year to its next stage (ADMIN). `stage` must be that next stage: two admins cannot both move it. */
export async function advanceStage(app: AppContext, actor: Actor, body: AdvanceStageBody) {
  authorize(actor, 'budgetStages.manage');
  return app.db.transaction(async (trx) => {
    await requireFiscalYear(trx, body.budgetYearId, body.fiscalYear);
    await q.lockYear(trx, body.budgetYearId, body.fiscalYear);
    const state = await stageStateOf(trx, body.budgetYearId, body.fiscalYear);
    const next = nextStage(state);
    if ('error' in next) {
      throw conflict(`${fiscalYearLabel(body.fiscalYear)}: ${next.error}`);
    }
    if (next.stage !== body.stage) {
      throw conflict(
        `${fiscalYearLabel(body.fiscalYear)} is ${stageCaption(state)}: the next stage is ${STAGE_LABELS[next.stage]}, not ${STAGE_LABELS[body.stage]}`,
      );
    }
    const early = stageDateRefusal(state, body.stage, body.date);
    if (early) {
      throw validationFailed([{ path: 'date', message: early }]);
    }
    if (body.stage === 'SCHOOL_COMMITTEE_ADOPTED') {
      await requireMappedDollars(trx, body.budgetYearId, body.fiscalYear); // a code on every dollar
    }
    await freezeStage(trx, actor, { ...body, note: body.note ?? null });
    return stagesOf(trx, body.budgetYearId, body.fiscalYear);
  });
}

/** Unlocks a voted year for changes (ADMIN, with a reason), recorded in the audit and security logs. */
export async function reopenStage(app: AppContext, actor: Actor, body: ReopenStageBody) {
  authorize(actor, 'budgetStages.manage');
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, body.budgetYearId, 'budgetYearId');
    await q.lockYear(trx, body.budgetYearId, body.fiscalYear);
    const state = await stageStateOf(trx, body.budgetYearId, body.fiscalYear);
    if (state.closed) {
      throw yearLocked(body.fiscalYear, state.stage, true, state.closedBy);
    }
    if (!state.locked) {
      throw conflict(
        `${fiscalYearLabel(body.fiscalYear)} is ${stageCaption(state)}: its lines can already change, there is nothing to reopen`,
      );
    }
    const today = districtToday();
    const id = await q.insertEvent(trx, actor, {
      budgetYearId: body.budgetYearId,
      fiscalYear: body.fiscalYear,
      event: 'reopen',
      stage: state.stage,
      date: today,
      note: body.reason,
    });
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'budget-stage',
      entityId: id,
      after: { reopened: STAGE_LABELS[state.stage], fiscalYear: body.fiscalYear, reason: body.reason },
    });
    await recordSecurityEvent(app, trx, 'budget-reopened', {
      actor,
      subjectId: actor.kind === 'user' ? actor.id : null,
      detail: {
        budgetYearId: body.budgetYearId,
        fiscalYear: body.fiscalYear,
        stage: state.stage,
        reason: body.reason,
      },
    });
    return stagesOf(trx, body.budgetYearId, body.fiscalYear);
  });
}

/** One snapshot's lines, as frozen (employee lines carry salaries: staff only). */
export async function showSnapshot(
  app: AppContext,
  actor: Actor,
  id: number,
  kind: 'employee' | 'proposed' | 'all' = 'all',
) {
  authorize(actor, 'lineItems.read');
  const row = await q.findStage(app.db, id);
  if (!row || row.event !== 'advance') {
    throw notFound('Budget stage snapshot');
  }
  const lines = await q.snapshotLines(app.db, id, kind);
  return {
    stage: presentEvent(row),
    budgetYearId: Number(row.budget_year_id),
    fiscalYear: Number(row.fiscal_year),
    lines: lines.map(presentSnapshotLine),
  };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function presentSnapshotLine(r: q.SnapshotLineRow): SnapshotLine {
  return {
    lineId: Number(r.line_id),
    isOperating: r.is_operating,
    isProjected: r.is_projected,
    firstName: r.first_name,
    lastName: r.last_name,
    position: r.position,
    workGroup: r.work_group,
    employeeStatus: r.employee_status,
    currentFTE: num(r.current_fte),
    currentSalary: num(r.current_salary),
    nextYearSalary: num(r.next_year_salary),
    name: r.name,
    accountDescription: r.account_description,
    accountLine: r.account_line,
    amount: num(r.amount),
    deseCode: r.dese_code,
    categoryId: num(r.category_id),
    categoryName: r.category_name,
    buildingId: num(r.building_id),
    buildingName: r.building_name,
  };
}
