import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { AppError, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import {
  claimFiscalYearHomes,
  copyStepLaneSettings,
  hasRecordedHome,
  homeOfFiscalYear,
} from '@server/domains/budgets';
import { rollForwardLines } from '@server/domains/line-items';
import { carryStateRates } from '@server/domains/massachusetts';
import { createBudgetYearIn } from '@server/domains/setup';
import { budgetStages, stageStateOf } from '@server/domains/stages';
import { STAGE_LABELS } from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  rollTargetYear,
  type RollForwardInput,
  type RollForwardResponse,
} from '@shared/schemas/roll-forward';
import * as q from './queries/roll-forwards';
import * as roster from './roster';
import { closedGrants } from '@server/domains/funds';

/**
 * Roll forward (docs/ARCHITECTURE.md 'Roll forward'): the next fiscal year's budget started from a
 * year's, in one transaction. A dry run does all of it and rolls the transaction back, so its totals
 * are the ones a real run writes.
 */

/** A 409 naming the field it is about: the state of the district, not the input, stands in the way. */
const refused = (message: string, path = 'fromFiscalYear') =>
  new AppError(409, 'CONFLICT', message, [{ path, message }]);

class DryRun extends Error {
  constructor(public result: RollForwardResponse) {
    super('dry run');
  }
}

export async function rollForward(
  app: AppContext,
  actor: Actor,
  input: RollForwardInput,
): Promise<RollForwardResponse> {
  authorize(actor, 'budgets.manage');
  try {
    return await app.db.transaction(async (trx) => {
      const result = await rollIn(trx, actor, input);
      if (input.dryRun) {
        throw new DryRun(result);
      }
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) {
      return { ...err.result, dryRun: true, id: null, undoable: false };
    }
    throw err;
  }
}

async function rollIn(trx: Db, actor: Actor, input: RollForwardInput): Promise<RollForwardResponse> {
  const fromFy = input.fromFiscalYear;
  const toFy = rollTargetYear(fromFy);
  // Messages write years as every screen does ('FY27'); the audit keeps its stored 'FY2027' values.
  const from = fiscalYearLabel(fromFy);
  const to = fiscalYearLabel(toFy);
  if (!(await q.tryLock(trx, toFy))) {
    throw refused(`Another administrator is rolling ${to} forward right now; look again in a moment`);
  }
  const source = await homeOfFiscalYear(trx, fromFy);
  if (!source) {
    throw validationFailed([
      { path: 'fromFiscalYear', message: `${from} has no budget: no budget year holds its lines` },
    ]);
  }
  // A line carried on a grant whose period ends before the new year goes to the general fund.
  const src = { budgetYearId: source.id, fiscalYear: fromFy, closedGrants: await closedGrants(trx, toFy) };
  const totals = await rollForwardLines.rollSourceTotals(trx, src);
  if (totals.employeesCarried + totals.proposedCarried === 0) {
    throw validationFailed([
      {
        path: 'fromFiscalYear',
        message: `${from} in budget year ${source.label} has no lines to roll forward`,
      },
    ]);
  }
  const state = await stageStateOf(trx, source.id, fromFy);
  const appropriated = state.stage === 'TOWN_APPROPRIATED' || state.stage === 'REVISED';
  // A dry run (and the refusal asking to confirm) says what a run would do; a real run what it did.
  const starts = input.dryRun || !input.confirm ? 'would start' : 'starts';
  const warning = appropriated
    ? null
    : `${from} is ${STAGE_LABELS[state.stage]}, not yet Town Appropriated: ${to} ${starts} from figures that may still change`;
  if (warning && !input.confirm && !input.dryRun) {
    throw validationFailed([{ path: 'confirm', message: `${warning}. Confirm to roll forward anyway` }]);
  }

  // The target: the next year's home, else the budget year named for it, else a new one.
  const home = await homeOfFiscalYear(trx, toFy);
  let target = home
    ? { id: home.id, fiscal_year: home.label }
    : await q.budgetYearByLabel(trx, fiscalYearLabel(toFy));
  const createsBudgetYear = !target;
  let claimedHome = false;
  let followed: number[] = [];
  if (target) {
    // The salary lines the positions' follow keeps there do not count (roster.ts says why).
    const already = await roster.targetLines(trx, { budgetYearId: target.id, fiscalYear: toFy });
    if (already.others > 0) {
      throw refused(
        `${to} already has ${already.others + already.followed.length} lines in budget year ${target.fiscal_year}: a roll forward starts an empty year, so roll ${to} forward into ${fiscalYearLabel(rollTargetYear(toFy))} instead`,
      );
    }
    followed = already.followed;
    // A home read where the year's lines are (the follow's lines claim none) is claimed here too, so
    // undo gives it up again rather than leaving FY+1 recorded in a budget year it never was.
    if (!home || !(await hasRecordedHome(trx, toFy))) {
      await claimFiscalYearHomes(trx, target, [toFy], 'fromFiscalYear');
      claimedHome = true;
    }
  } else {
    const created = await createBudgetYearIn(trx, actor, {
      label: toFy,
      notes: `Rolled forward from ${from} (budget year ${source.label})`,
    });
    target = { id: created.budgetYear.id, fiscal_year: created.budgetYear.fiscalYear };
    await copyStepLaneSettings(trx, source.id, target.id);
  }
  const record = await q.insertRecord(trx, {
    from_budget_year_id: source.id,
    from_fiscal_year: fromFy,
    to_budget_year_id: target.id,
    to_fiscal_year: toFy,
    created_budget_year: createsBudgetYear,
    created_by: actor.kind === 'user' ? actor.id : null,
    totals,
  });
  const salaryLinesReplaced = await roster.removeFollowedLines(trx, actor, followed, from, to);
  const budgets = await q.targetBudgets(trx, target.id, toFy);
  const written = await rollForwardLines.rollLinesForward(trx, src, {
    budgetYearId: target.id,
    ...budgets,
    rollForwardId: record.id,
  });
  const positions = await roster.carryPositions(trx, actor, {
    from: src,
    to: { budgetYearId: target.id, fiscalYear: toFy },
    rollForwardId: record.id,
  });
  const rosterBefore = positions.carried ? null : await roster.rosterBefore(trx, fromFy);
  const rates = await carryStateRates(trx, fromFy);
  const carriedNotes = [
    ...(createsBudgetYear
      ? [`budget year ${target.fiscal_year} with ${source.label}'s step-and-lane settings`]
      : []),
    ...(rates.nssParameters ? [`${from}'s carry-forward limit for net school spending`] : []),
    ...(rates.nssInclusionRuleIds.length
      ? [`${rates.nssInclusionRuleIds.length} net school spending inclusion rules`]
      : []),
  ];
  const note = `Rolled forward from ${from} (budget year ${source.label}, ${STAGE_LABELS[state.stage]}): ${written.employeeIds.length} employees, ${written.proposedIds.length} proposed lines`;
  const stageId = await budgetStages.freezeStage(trx, actor, {
    budgetYearId: target.id,
    fiscalYear: toFy,
    stage: 'DRAFT',
    date: new Date().toISOString().slice(0, 10),
    note,
  });
  const all = {
    ...totals,
    employeesCarried: written.employeeIds.length,
    proposedCarried: written.proposedIds.length,
    nextYearSalaryTotal: await q.nextYearSalaryTotal(trx, written.employeeIds),
  };
  const carried = { ...rates, claimedHome, positions, salaryLinesReplaced };
  await q.finishRecord(trx, record.id, { stage_id: stageId, totals: all, carried });
  await insertAudit(trx, actor, {
    action: 'create',
    entity: 'roll-forward',
    entityId: record.id,
    after: {
      from: `FY${fromFy}`,
      to: `FY${toFy}`,
      fromBudgetYear: source.label,
      toBudgetYear: target.fiscal_year,
      createsBudgetYear,
      totals: all,
      carried,
      stageId,
    },
  });
  return {
    dryRun: false,
    id: record.id,
    from: {
      fiscalYear: fromFy,
      budgetYearId: source.id,
      budgetYear: source.label,
      stage: state.stage,
      stageLabel: STAGE_LABELS[state.stage],
    },
    to: { fiscalYear: toFy, budgetYearId: target.id, budgetYear: target.fiscal_year, createsBudgetYear },
    totals: all,
    warning,
    carried: carriedNotes,
    positions: { ...positions, salaryLinesReplaced },
    rosterBefore,
    undoable: true,
  };
}
