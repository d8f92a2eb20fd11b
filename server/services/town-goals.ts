import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, conflict, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/queries/audit';
import * as q from '@server/queries/town-goals';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import {
  GAP_THRESHOLD,
  type GapAnalysis,
  type SaveTownGoalBody,
  type TownGuidance,
} from '@server/schemas/town-goals';
import { requireBudgetYear } from './fiscal-years';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** Percent goal -> dollars: baseline x (1 + percent / 100), to the cent (SPEC section 5). */
export function dollarsFromPercent(baseline: number, percent: number): number {
  return Math.round((toCents(baseline) * (100 + percent)) / 100) / 100;
}

/** Dollar goal -> percent over the baseline, to 3 decimals; null without a positive baseline. */
export function percentFromDollars(baseline: number | null, goal: number): number | null {
  if (baseline === null || baseline <= 0) {
    return null;
  }
  const percent = Math.round(((toCents(goal) - toCents(baseline)) / toCents(baseline)) * 100 * 1000) / 1000;
  // The column holds up to 9,999.999%; a goal further from its baseline than that has no useful percent.
  return Math.abs(percent) < 10_000 ? percent : null;
}

/** Every town goal, oldest fiscal year first. */
export async function listTownGoals(app: AppContext, actor: Actor) {
  authorize(actor, 'townGoals.read');
  return { goals: (await q.listTownGoals(app.db)).map(q.presentTownGoal) };
}

/** The baseline amount: as given, else the dollar goal of the baseline year (by default the year before). */
async function resolveBaseline(db: Db, input: SaveTownGoalBody, baselineYear: number) {
  if (input.baselineAmount !== undefined && input.baselineAmount !== null) {
    return input.baselineAmount;
  }
  const previous = await q.findTownGoalByYear(db, baselineYear);
  return previous?.dollar_goal ?? null;
}

async function goalValues(db: Db, input: SaveTownGoalBody): Promise<q.TownGoalValues> {
  const baselineYear = input.baselineYear ?? input.fiscalYear - 1;
  if (baselineYear >= input.fiscalYear) {
    throw badRequest('The baseline year must be before the goal’s fiscal year', [
      { path: 'baselineYear', message: 'Must be an earlier fiscal year' },
    ]);
  }
  const baseline = await resolveBaseline(db, input, baselineYear);
  let dollarGoal = input.dollarGoal ?? null;
  let percentGoal = input.percentGoal ?? null;
  if (input.goalType !== 'PERCENT' && dollarGoal === null) {
    throw badRequest('Enter the dollar goal', [
      { path: 'dollarGoal', message: 'Required for this goal type' },
    ]);
  }
  if (input.goalType !== 'DOLLAR' && percentGoal === null) {
    throw badRequest('Enter the percent goal', [
      { path: 'percentGoal', message: 'Required for this goal type' },
    ]);
  }
  if (input.goalType === 'PERCENT') {
    if (baseline === null) {
      throw badRequest(
        `A percent goal needs a baseline: enter a baseline amount or set a dollar goal for ${fiscalYearLabel(baselineYear)} first`,
        [{ path: 'baselineAmount', message: 'Required for a percent goal' }],
      );
    }
    dollarGoal = dollarsFromPercent(baseline, percentGoal!);
  } else if (input.goalType === 'DOLLAR') {
    percentGoal = percentFromDollars(baseline, dollarGoal!);
  }
  return {
    fiscal_year: input.fiscalYear,
    goal_type: input.goalType,
    dollar_goal: dollarGoal,
    percent_goal: percentGoal,
    baseline_year: baseline === null && input.baselineYear == null ? null : baselineYear,
    baseline_amount: baseline,
    actual_amount: input.actualAmount ?? null,
    notes: input.notes ? input.notes : null,
    is_baseline: input.isBaseline ?? false,
  };
}

/**
 * Creates the town goal of a fiscal year, or saves the existing one (by id, or by fiscal year, which
 * is unique). A percent goal becomes dollars from the baseline and a dollar goal gets its percent,
 * so both are always on the card. Moving a goal onto a year that has one is a 409.
 */
export async function saveTownGoal(app: AppContext, actor: Actor, input: SaveTownGoalBody) {
  authorize(actor, 'townGoals.write');
  return app.db.transaction(async (trx) => {
    let existing: q.TownGoalRow | undefined;
    if (input.id !== undefined) {
      existing = await q.findTownGoalById(trx, input.id);
      if (!existing) {
        throw notFound('Town goal');
      }
      const other = await q.findTownGoalByYear(trx, input.fiscalYear);
      if (other && other.id !== existing.id) {
        throw conflict(`${fiscalYearLabel(input.fiscalYear)} already has a town goal`);
      }
    } else {
      existing = await q.findTownGoalByYear(trx, input.fiscalYear);
    }
    const values = await goalValues(trx, input);
    const row = existing
      ? await q.updateTownGoal(trx, existing.id, values)
      : await q.insertTownGoal(trx, values);
    const goal = q.presentTownGoal(row);
    await insertAudit(trx, actor, {
      action: existing ? 'update' : 'create',
      entity: 'town-goal',
      entityId: row.id,
      before: existing ? q.presentTownGoal(existing) : undefined,
      after: goal,
    });
    return { goal, created: !existing };
  });
}

/** Deletes a town goal; the fiscal year then has no guidance (goal treated as 0). */
export async function deleteTownGoal(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'townGoals.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findTownGoalById(trx, id);
    if (!before) {
      throw notFound('Town goal');
    }
    await q.deleteTownGoal(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: 'town-goal',
      entityId: id,
      before: q.presentTownGoal(before),
    });
    return { message: 'Town goal deleted' };
  });
}

/** The town's guidance for a fiscal year; 404 when there is none (callers treat that as a goal of 0). */
export async function guidanceForYear(
  app: AppContext,
  actor: Actor,
  fiscalYear: number,
): Promise<TownGuidance> {
  authorize(actor, 'townGoals.read');
  const row = await q.findTownGoalByYear(app.db, fiscalYear);
  if (!row || row.dollar_goal === null) {
    throw notFound(`Town guidance for ${fiscalYearLabel(fiscalYear)}`);
  }
  return {
    fiscalYear,
    baselineYear: row.baseline_year,
    dollarGoal: row.dollar_goal,
    goalType: row.goal_type,
    hasTownGoal: true,
    townFunding: row.dollar_goal,
  };
}

/** The dollar goal of a fiscal year, 0 when it has none. */
export async function totalForYear(app: AppContext, actor: Actor, fiscalYear: number) {
  authorize(actor, 'townGoals.read');
  const row = await q.findTownGoalByYear(app.db, fiscalYear);
  const total = row?.dollar_goal ?? null;
  return { fiscalYear, total: total ?? 0, hasTownGoal: total !== null };
}

/**
 * The district's need (the proposed budget: of a version when versionId is given, of a budget year
 * when budgetYearId is, else of the latest budget year with proposed lines for the year) against the
 * town goal (0 when there is none). OVER beyond +GAP_THRESHOLD, UNDER beyond -GAP_THRESHOLD, else NEAR.
 */
export async function gapAnalysis(
  app: AppContext,
  actor: Actor,
  input: { fiscalYear: number; versionId?: number; budgetYearId?: number },
): Promise<GapAnalysis> {
  authorize(actor, 'townGoals.read');
  let districtNeed = 0;
  let budgetYearId: number | null = null;
  if (input.versionId !== undefined) {
    const version = await q.versionExists(app.db, input.versionId);
    if (!version) {
      throw notFound('Budget version');
    }
    districtNeed = await q.proposedTotalOfVersion(app.db, input.versionId, input.fiscalYear);
    budgetYearId = version.budget_year_id ?? null;
  } else {
    if (input.budgetYearId !== undefined) {
      budgetYearId = (await requireBudgetYear(app.db, input.budgetYearId)).id;
    } else {
      budgetYearId = await q.budgetYearWithProposedLines(app.db, input.fiscalYear);
    }
    if (budgetYearId !== null) {
      districtNeed = await q.proposedTotalOfBudgetYear(app.db, budgetYearId, input.fiscalYear);
    }
  }
  const goal = await q.findTownGoalByYear(app.db, input.fiscalYear);
  const townGoal = goal?.dollar_goal ?? 0;
  const gap = (toCents(districtNeed) - toCents(townGoal)) / 100;
  return {
    fiscalYear: input.fiscalYear,
    budgetYearId,
    versionId: input.versionId ?? null,
    districtNeed,
    townGoal,
    hasTownGoal: goal?.dollar_goal != null,
    gap,
    status: gap > GAP_THRESHOLD ? 'OVER' : gap < -GAP_THRESHOLD ? 'UNDER' : 'NEAR',
  };
}
