import { createHash } from 'node:crypto';
import type { AppContext } from '@server/context';
import { validationFailed } from '@server/errors';
import { centsOf, centsText } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import { cutScenariosQueries as cuts } from '@server/domains/planning';
import * as q from './queries/scenario-adoptions';
import { lockedYearMessage, longDate, STAGE_LABELS, stageCaption } from '@shared/schemas/budget-stages';
import { fromCents } from '@shared/schemas/common';
import type { Adoption, AdoptBody, AdoptPreview, AdoptPreviewBody } from '@shared/schemas/scenario-adoptions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { stageStateOf } from './budget-stages-label';
import { adoptedSinceOf, requireScenario, scenarioPositionsCost, scopeOf } from '@server/domains/planning';
import type { ScenarioPositionChange } from '@shared/schemas/scenario-positions';
import { budgetSummary } from '@server/domains/budgets';
import { reconciliation } from '@server/domains/line-items';

/**
 * What adopting a cut scenario would do, worked out the same way for the preview and the adoption
 * (./scenario-adoptions.ts): the lines whose amount the scenario's percents change, the year's
 * proposed total before and after, and a basis token over all of it and the year's stage events.
 */

export const CHANGED_MESSAGE = 'The budget changed since you reviewed this adoption: review it again';

/**
 * The reason an adoption writes on every line and position it changes ('adopted scenario
 * "Staffing": Committee vote'); the stage comparison knows an adoption's closing by it.
 */
export const adoptionCause = (scenarioName: string, reason: string | null): string =>
  `adopted scenario "${scenarioName}"${reason ? `: ${reason}` : ''}`;
export function presentAdoption(row: q.AdoptionRow): Adoption {
  return {
    id: Number(row.id),
    scenarioId: row.cut_scenario_id === null ? null : Number(row.cut_scenario_id),
    scenarioName: row.scenario_name,
    budgetYearId: Number(row.budget_year_id),
    fiscalYear: Number(row.fiscal_year),
    fromStage: {
      id: Number(row.from_stage_id),
      stage: row.from_stage,
      label: STAGE_LABELS[row.from_stage as keyof typeof STAGE_LABELS] ?? row.from_stage,
      date: row.from_stage_date,
    },
    reason: row.reason,
    adoptedBy: row.adopted_by_name,
    adoptedAt: new Date(row.adopted_at).toISOString(),
    totalBefore: fromCents(centsOf(row.totals_before)),
    totalAfter: fromCents(centsOf(row.totals_after)),
    lineCount: Number(row.line_count),
    undoneAt: row.undone_at === null ? null : new Date(row.undone_at).toISOString(),
    undoneBy: row.undone_by_name,
    undoReason: row.undo_reason,
  };
}

/** A short fingerprint of what a confirmation showed; any change to it gives another token. */
export function basisOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
}

/** The year's proposed total (the dashboard's own figure) and line count, in cents. */
export async function yearTotal(app: AppContext, actor: Actor, budgetYearId: number, fiscalYear: number) {
  const summary = await budgetSummary(app, actor, { budgetYearId, fiscalYear });
  return { cents: centsOf(summary.proposedBudget), count: summary.proposedCount };
}

export interface Plan {
  preview: AdoptPreview;
  lines: q.PlanRow[];
  /** The cuts and adds by position it applies (none stale), and the roster they apply to. */
  positions: ScenarioPositionChange[];
  roster: { budgetYearId: number; fiscalYear: number };
  latestAdvanceId: number | null;
}

/** 400 when the body names another budget or fiscal year than the scenario's. */
export function checkYear(row: cuts.CutScenarioRow, body: AdoptPreviewBody | AdoptBody) {
  if (body?.budgetYearId !== undefined && body.budgetYearId !== row.budget_year_id) {
    throw validationFailed([
      {
        path: 'budgetYearId',
        message: `Scenario “${row.name}” belongs to another budget year: choose that budget year to adopt it`,
      },
    ]);
  }
  if (body?.fiscalYear !== undefined && body.fiscalYear !== row.fiscal_year) {
    throw validationFailed([
      {
        path: 'fiscalYear',
        message: `Scenario “${row.name}” cuts ${fiscalYearLabel(row.fiscal_year)}, not ${fiscalYearLabel(body.fiscalYear)}`,
      },
    ]);
  }
}

/** The plan of adopting `row` now; `app.db` may be a transaction. */
export async function planOf(app: AppContext, actor: Actor, row: cuts.CutScenarioRow): Promise<Plan> {
  const db = app.db;
  const scope = scopeOf(row);
  const lines = await q.planLines(db, scope, row.id);
  const total = await yearTotal(app, actor, scope.budgetYearId, scope.fiscalYear);
  const marks = await q.stageMarks(db, scope.budgetYearId, scope.fiscalYear);
  const state = await stageStateOf(db, scope.budgetYearId, scope.fiscalYear);
  let change = 0n;
  const presented = lines.map((l) => {
    const before = centsOf(l.amount);
    const after = centsOf(l.new_amount);
    change += after - before;
    return {
      id: Number(l.id),
      description: l.description,
      accountLine: l.account_line,
      category: l.category,
      building: l.building,
      currentAmount: fromCents(before),
      percentKept: Number(l.percent_kept),
      newAmount: fromCents(after),
      difference: fromCents(after - before),
    };
  });
  // Cuts by position close positions and adds create them: the follow then moves the salary lines
  // by exactly what each saves or costs (the same cost rule), so the totals after include them.
  const costed = await scenarioPositionsCost.changesWithCosts(db, row);
  const positions = costed.changes.filter((c) => !c.stale);
  const positionsNet = costed.savings - costed.addedCost;
  change -= positionsNet;
  const where = await scenarioPositionsCost.rosterOf(db, row);
  // A percent cut of a salary line saved before the year's salary lines followed its positions:
  // they are the positions' cost now, and the cut would leave them apart from it.
  const salaryCut = lines.find((l) => l.is_personnel);
  const followed = salaryCut
    ? await reconciliation.positionsRoster(db, scope.budgetYearId, scope.fiscalYear)
    : null;
  const earlier = await q.listAdoptions(db, { ...scope, activeOnly: true });
  const adoptedSince = await adoptedSinceOf(db, row);
  let blocked: string | null = null;
  if (state.locked) {
    blocked = lockedYearMessage(scope.fiscalYear, state.stage);
  } else if (positions.length && !where.available) {
    blocked = where.message;
  } else if (salaryCut && followed?.follows) {
    blocked = `Line ${salaryCut.id} is a salary line set from the ${fiscalYearLabel(followed.roster.fiscalYear)} positions' cost now: take its percent out of the scenario and cut positions instead (Cut positions)`;
  } else if (!lines.length && !positions.length) {
    const own = earlier.find((a) => a.cut_scenario_id === row.id);
    const applied = adoptedSince.find((a) => a.cutsApplied > 0);
    let why = '';
    if (own) {
      why = ` (its cuts were adopted on ${longDate(new Date(own.adopted_at).toISOString())})`;
    } else if (applied) {
      why = ` (its cuts were already applied by the adoption of “${applied.scenarioName}” on ${longDate(applied.adoptedAt)})`;
    }
    blocked = `Nothing to adopt: scenario “${row.name}” changes no line of ${fiscalYearLabel(scope.fiscalYear)}${why}`;
  }
  const basis = basisOf([
    'adopt',
    row.id,
    marks.events,
    marks.lastEventId,
    total.count,
    centsText(total.cents),
    lines.map((l) => [Number(l.id), l.amount, l.percent_kept]),
    positions.map((c) => [c.id, c.positionId, c.status, c.amount, c.fte]),
  ]);
  return {
    lines,
    positions,
    roster: where.roster,
    latestAdvanceId: marks.latestAdvanceId,
    preview: {
      scenario: { id: row.id, name: row.name, budgetYearId: row.budget_year_id, fiscalYear: row.fiscal_year },
      stage: {
        stage: state.stage,
        label: STAGE_LABELS[state.stage],
        caption: stageCaption(state),
        locked: state.locked,
      },
      lines: presented,
      totalBefore: fromCents(total.cents),
      totalAfter: fromCents(total.cents + change),
      cutsTotal: fromCents(-change),
      positions,
      positionsNet: fromCents(positionsNet),
      basis,
      blocked,
      earlier: earlier.map(presentAdoption),
      adoptedSince,
    },
  };
}

/** What adopting the scenario would change now, nothing written (ADMIN). */
export async function previewAdoption(
  app: AppContext,
  actor: Actor,
  id: number,
  body: AdoptPreviewBody,
): Promise<AdoptPreview> {
  authorize(actor, 'budgetStages.manage');
  const row = await requireScenario(app.db, id);
  checkYear(row, body);
  return (await planOf(app, actor, row)).preview;
}
