import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, conflict, notFound } from '@server/errors';
import { gapStatus, goalGap } from '@shared/budget-math';
import { formatMoneyCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/town-goals';
import { fromCents, MAX_MONEY_TEXT, toCents } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { echoFunds, GOAL_FUNDS } from '@shared/schemas/fund-words';
import {
  dollarsFromPercent,
  fitsMoney,
  goalsAgree,
  percentFromDollars,
  type GapAnalysis,
  type SaveTownGoalBody,
  type TownGuidance,
} from '@shared/schemas/town-goals';
import { requireBudgetYear } from './fiscal-years';
import { homeOfFiscalYear } from './fiscal-year-homes';
import { keepFollowers, requireClosedFollowersKept } from './town-goal-followers';
// A cycle of domains (stages reads budget years), safe: only functions cross it, called at request time.
import { requireUnclosedFiscalYear } from '@server/domains/stages';

/** Every town goal, oldest fiscal year first. */
export async function listTownGoals(app: AppContext, actor: Actor) {
  authorize(actor, 'townGoals.read');
  return { goals: (await q.listTownGoals(app.db)).map(q.presentTownGoal) };
}

/**
 * The baseline amount: as given, else the dollar goal of the baseline year (by default the year
 * before) as it stands now, which a DOLLAR or PERCENT goal then follows (fromGoal).
 */
async function resolveBaseline(db: Db, input: SaveTownGoalBody, baselineYear: number) {
  if (input.baselineAmount !== undefined && input.baselineAmount !== null) {
    return { baseline: input.baselineAmount, fromGoal: false };
  }
  const previous = await q.findTownGoalByYear(db, baselineYear);
  return { baseline: previous?.dollar_goal ?? null, fromGoal: input.goalType !== 'BOTH' };
}

async function goalValues(db: Db, input: SaveTownGoalBody): Promise<q.TownGoalValues> {
  const baselineYear = input.baselineYear ?? input.fiscalYear - 1;
  if (baselineYear >= input.fiscalYear) {
    throw badRequest('The baseline year must be before the goal’s fiscal year', [
      { path: 'baselineYear', message: 'Must be an earlier fiscal year' },
    ]);
  }
  const { baseline, fromGoal } = await resolveBaseline(db, input, baselineYear);
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
  if (input.goalType !== 'DOLLAR' && baseline === null) {
    const what = input.goalType === 'PERCENT' ? 'A percent goal' : 'A goal with both dollars and a percent';
    throw badRequest(
      `${what} needs a baseline: enter a baseline amount or set a dollar goal for ${fiscalYearLabel(baselineYear)} first`,
      [
        {
          path: 'baselineAmount',
          message: `Required for a ${input.goalType === 'PERCENT' ? 'percent' : 'BOTH'} goal`,
        },
      ],
    );
  }
  if (input.goalType === 'PERCENT') {
    dollarGoal = dollarsFromPercent(baseline!, percentGoal!);
    if (dollarGoal === null || !fitsMoney(dollarGoal)) {
      throw badRequest(
        `The percent goal gives more than the largest amount a goal can hold ($${MAX_MONEY_TEXT})`,
        [{ path: 'percentGoal', message: `Gives more than $${MAX_MONEY_TEXT}` }],
      );
    }
  } else if (input.goalType === 'DOLLAR') {
    percentGoal = percentFromDollars(baseline, dollarGoal!);
  } else if (!goalsAgree(baseline!, dollarGoal!, percentGoal!)) {
    const derived = dollarsFromPercent(baseline!, percentGoal!);
    const percent = percentFromDollars(baseline!, dollarGoal!);
    throw badRequest(
      `The dollar goal and the percent goal disagree: ${percentGoal}% over the baseline ${formatMoneyCents(baseline!)} is ` +
        `${derived === null ? 'out of range' : formatMoneyCents(derived)}, not ${formatMoneyCents(dollarGoal!)}` +
        `${percent === null ? '' : ` (which is ${percent}%)`}. Enter one of them, or make them agree.`,
      [
        {
          path: 'dollarGoal',
          message:
            derived === null
              ? 'Does not match the percent goal'
              : `Should be ${formatMoneyCents(derived)} for ${percentGoal}%`,
        },
        {
          path: 'percentGoal',
          message:
            percent === null
              ? 'Does not match the dollar goal'
              : `Should be ${percent}% for ${formatMoneyCents(dollarGoal!)}`,
        },
      ],
    );
  }
  return {
    fiscal_year: input.fiscalYear,
    goal_type: input.goalType,
    dollar_goal: dollarGoal,
    percent_goal: percentGoal,
    baseline_year: baseline === null && input.baselineYear == null ? null : baselineYear,
    // A baseline taken from the baseline year's goal is not stored: it is read as that goal stands.
    baseline_amount: fromGoal ? null : baseline,
    actual_amount: input.actualAmount ?? null,
    notes: input.notes ? input.notes : null,
    is_baseline: input.isBaseline ?? false,
  };
}

/**
 * Creates the town goal of a fiscal year, or saves the existing one (by id, or by fiscal year, which
 * is unique). A percent goal becomes dollars from the baseline and a dollar goal gets its percent,
 * so both are always on the card; without a baseline amount the baseline is the baseline year's
 * goal, followed as it changes (queries/town-goals.ts standingGoals). Moving a goal onto a year
 * that has one is a 409.
 */
export async function saveTownGoal(app: AppContext, actor: Actor, input: SaveTownGoalBody) {
  authorize(actor, 'townGoals.write');
  return app.db.transaction(async (trx) => {
    await q.lockTownGoalYear(trx, input.fiscalYear);
    await requireUnclosedFiscalYear(trx, input.fiscalYear);
    let existing: q.StandingTownGoal | undefined;
    if (input.id !== undefined) {
      existing = await q.findTownGoalById(trx, input.id);
      if (!existing) {
        throw notFound('Town goal');
      }
      const other = await q.findTownGoalByYear(trx, input.fiscalYear);
      if (other && other.id !== existing.id) {
        throw conflict(`${fiscalYearLabel(input.fiscalYear)} already has a town goal`);
      }
      // Moving a goal off a closed year changes that year's history too.
      await requireUnclosedFiscalYear(trx, existing.fiscal_year);
    } else {
      existing = await q.findTownGoalByYear(trx, input.fiscalYear);
    }
    const before = await q.listTownGoals(trx);
    if (existing && existing.fiscal_year !== input.fiscalYear) {
      await keepFollowers(trx, actor, existing.fiscal_year);
    }
    const values = await goalValues(trx, input);
    const row = existing
      ? await q.updateTownGoal(trx, existing.id, values)
      : await q.insertTownGoal(trx, values);
    await requireClosedFollowersKept(trx, before, input.fiscalYear);
    const goal = q.presentTownGoal((await q.findTownGoalById(trx, row.id))!);
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
    await requireUnclosedFiscalYear(trx, before.fiscal_year);
    await keepFollowers(trx, actor, before.fiscal_year);
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
 * The district's need (the proposed budget of a budget year's fiscal year, in the active scope;
 * with a version, that version's lines and the lines of no version: q.districtNeed) against the
 * town goal. The budget year is the version's, else the one named, else the latest with proposed
 * lines for the year. OVER beyond +GAP_THRESHOLD, UNDER beyond -GAP_THRESHOLD, else NEAR; a year
 * with no town goal has neither gap nor status (null: goalGap), and its townGoal reads 0.
 */
export async function gapAnalysis(
  app: AppContext,
  actor: Actor,
  input: { fiscalYear: number; versionId?: number; budgetYearId?: number },
): Promise<GapAnalysis> {
  authorize(actor, 'townGoals.read');
  let budgetYearId: number | null = null;
  if (input.versionId !== undefined) {
    const version = await q.findVersion(app.db, input.versionId);
    if (!version) {
      throw notFound('Budget version');
    }
    if (
      input.budgetYearId !== undefined &&
      version.budget_year_id !== null &&
      version.budget_year_id !== input.budgetYearId
    ) {
      throw badRequest(`Version ‘${version.label}’ belongs to another budget year`, [
        { path: 'versionId', message: 'Not a version of this budget year' },
      ]);
    }
    budgetYearId = version.budget_year_id;
  }
  if (budgetYearId === null && input.budgetYearId !== undefined) {
    budgetYearId = (await requireBudgetYear(app.db, input.budgetYearId)).id;
  }
  if (budgetYearId === null) {
    // The year's plan is read in its one home (docs/ARCHITECTURE.md, 'One home for each fiscal year').
    budgetYearId = (await homeOfFiscalYear(app.db, input.fiscalYear))?.id ?? null;
  }
  const need =
    budgetYearId === null
      ? { total: '0', count: 0 }
      : await q.districtNeed(app.db, {
          budgetYearId,
          fiscalYear: input.fiscalYear,
          versionId: input.versionId,
        });
  const needCents = toCents(need.total)!;
  const goal = await q.findTownGoalByYear(app.db, input.fiscalYear);
  const goalCents = goal?.dollar_goal == null ? null : toCents(goal.dollar_goal)!;
  // A year with no town goal has no gap and no status (goalGap), never OVER a goal of 0.
  const gapCents = goalGap(needCents - (goalCents ?? 0n), goalCents !== null);
  return {
    fiscalYear: input.fiscalYear,
    budgetYearId,
    versionId: input.versionId ?? null,
    districtNeed: fromCents(needCents),
    lineCount: need.count,
    townGoal: fromCents(goalCents ?? 0n),
    hasTownGoal: goalCents !== null,
    gap: gapCents === null ? null : fromCents(gapCents),
    status: gapCents === null ? null : gapStatus(gapCents),
    ...echoFunds(GOAL_FUNDS),
  };
}
