import type { AppContext } from '@server/context';
import { AppError, badRequest } from '@server/errors';
import { centsOf, fromCents } from '@shared/money';
import { YEAR_LOCKED } from '@shared/schemas/common';
import { authorize, can, type Actor } from '@server/policies/index';
import * as q from './queries/reconciliation';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  salaryLinesLockedText,
  type SalaryLinesLocked,
  type UpdateSalaryBudgetBody,
  type UpdateSalaryBudgetResult,
} from '@shared/schemas/reconciliation';
import type { Db } from '@server/db/index';
import { homeOfFiscalYear, requireBudgetYear } from '@server/domains/budgets';
import { stageStateOf } from '@server/domains/stages';
import { STAGE_LABELS, type StageState } from '@shared/schemas/budget-stages';
import { planSalaryGroups, writeSalaryPlan, type Applied, type SalaryPlan } from './salary-plan';

/**
 * Sets the proposed salary budget of a fiscal year to its operating payroll, exactly, whatever was
 * there before.
 *
 * Which lines the update owns: every proposed line of a personnel category in the fiscal year (in
 * the active scope). A personnel category is the product's word for "salaries": Budget
 * Comparison's personnel subtotal sets exactly these lines against the payroll and the DESE report
 * counts them as salaries, so a line typed into one is part of the salary budget too. Nothing marks
 * who made a line (the demo's, a projection's, an import's and a person's look alike), and a marker
 * would have left the imported and projected lines, the ones that go stale, outside the update.
 * Costs that are not payroll (stipends, substitutes, vacancies to fill) belong in a non-personnel
 * category, which the update never touches; the confirmation says so.
 *
 * A salary line's place is (category, building, function code): the code each person carries (their
 * own, else their category's, as every report reads it), so the DESE report, the per-pupil table
 * and the resident page show the people's codes. For each place with payroll, its lines get the
 * payroll (split over several lines in proportion to their amounts) or one line is added; each
 * salary line at a place with no payroll (no one, or only blank salaries) is removed. Employees
 * without a personnel category have no line to land on and are reported as undistributed. One
 * transaction, every change through the line writer and audited with its cause (a removed line's
 * audit entry keeps what it held). Run twice, the second run changes nothing.
 *
 * A locked year (a voted stage, or closed) keeps its lines: the plan (salary-plan.ts) is read, never
 * written; the dry run answers it with `locked` (how many lines are out of date and by how much),
 * and the update is refused (409 YEAR_LOCKED) in the same words, unless nothing is out of date.
 */
export async function updateSalaryBudget(
  app: AppContext,
  actor: Actor,
  input: UpdateSalaryBudgetBody,
): Promise<UpdateSalaryBudgetResult> {
  authorize(actor, 'reconciliation.write');
  // A dry run is the same update, rolled back: what it would change is exactly what it changes.
  let preview: Applied | undefined;
  let source: UpdateSalaryBudgetResult['source'] = 'payroll';
  const result: Omit<UpdateSalaryBudgetResult, 'dryRun' | 'source'> = await app.db
    .transaction(async (trx) => {
      await requireBudgetYear(trx, input.budgetYearId);
      const payroll = await salarySource(trx, input.budgetYearId, input.fiscalYear);
      source = payroll.from;
      if (!payroll.groups.length) {
        throw badRequest(
          `There are no ${fiscalYearLabel(input.fiscalYear)} employee lines to take the payroll from`,
        );
      }
      const plan = await planSalaryGroups(trx, input, payroll);
      const state = await stageStateOf(trx, input.budgetYearId, input.fiscalYear);
      if (state.locked) {
        // A voted year keeps its lines: the dry run says what is out of date (what a reopen would
        // let the update set); the update is refused with the same words, never a stale line left
        // behind without a word.
        const locked = lockedOf(actor, input, state, payroll.from, plan);
        if (input.dryRun || !locked.linesOutOfDate) {
          return { ...plan.summary, locked };
        }
        throw new AppError(409, YEAR_LOCKED, locked.message);
      }
      const applied = await writeSalaryPlan(trx, actor, input, plan);
      if (input.dryRun) {
        preview = applied;
        throw DRY_RUN;
      }
      return applied;
    })
    .catch((err: unknown) => {
      if (err === DRY_RUN && preview) {
        return preview;
      }
      throw err;
    });
  return { ...result, source, dryRun: Boolean(input.dryRun) };
}

/**
 * What `actor` may do to bring locked salary lines in line, for the words that tell them: reopen the
 * stage (budgetStages.manage), then Update Salary Budget (reconciliation.write); the words name
 * only those steps, or who can take them.
 */
export const salaryLinesFixer = (actor: Actor) => ({
  reopen: can(actor, 'budgetStages.manage'),
  update: can(actor, 'reconciliation.write'),
});

/**
 * A locked year's drift (salaryLinesLocked): what its plan would change, and the total in cents,
 * worded for `actor` (salaryLinesFixer).
 */
function lockedOf(
  actor: Actor,
  year: { budgetYearId: number; fiscalYear: number },
  state: StageState,
  source: 'positions' | 'payroll',
  plan: SalaryPlan,
  change = false,
): SalaryLinesLocked {
  const cents = (v: number | null) => centsOf(v ?? 0);
  const difference = plan.summary.changes.reduce((sum, c) => sum + cents(c.to) - cents(c.from), 0n);
  const drift = {
    budgetYearId: year.budgetYearId,
    fiscalYear: year.fiscalYear,
    stageLabel: STAGE_LABELS[state.stage],
    closed: state.closed,
    source,
    linesOutOfDate: plan.summary.changes.length,
    difference: fromCents(difference),
  };
  return { ...drift, message: salaryLinesLockedText(drift, change, salaryLinesFixer(actor)) };
}

/**
 * What a change to a roster's positions left undone: the salary lines of the year its cost is
 * budgeted for (costYearOf) when they are locked and no longer equal the positions' cost. null
 * when they follow the positions (followRoster set them), when that year has a payroll of its own
 * (its source, which positions do not move), or when nothing is out of date. The position writes
 * answer with it, so the person who made the change is told it is not in the voted budget.
 */
export async function lockedRosterLines(
  db: Db,
  actor: Actor,
  roster: { budgetYearId: number; fiscalYear: number },
  change = true,
): Promise<SalaryLinesLocked | null> {
  const target = await costYearOf(db, roster);
  // The lock first: an open year (the common case) answers at once.
  const state = await stageStateOf(db, target.budgetYearId, target.fiscalYear);
  if (!state.locked || (await q.hasPayroll(db, target.budgetYearId, target.fiscalYear))) {
    return null;
  }
  const payroll = await salarySource(db, target.budgetYearId, target.fiscalYear);
  const drift = lockedOf(
    actor,
    target,
    state,
    payroll.from,
    await planSalaryGroups(db, target, payroll),
    change,
  );
  return drift.linesOutOfDate ? drift : null;
}

/** Thrown to roll a dry run back. */
const DRY_RUN = new Error('dry run');

/**
 * Where a fiscal year's salary budget comes from: its own payroll (its employee lines, not projected
 * ones) when it has one; else, for the year being planned, the positions of the roster before it
 * (their cost is budgeted for this year: server/sql/position-cost.ts), from that roster's home
 * budget year; else, with no roster either, its projected employees. Projected employees are a
 * guess at the roster, so positions, where a district keeps them, come first.
 */
export async function salarySource(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  places?: readonly q.Place[],
): Promise<{ groups: q.PayrollGroup[]; total: number; from: 'positions' | 'payroll' }> {
  if (!(await q.hasPayroll(db, budgetYearId, fiscalYear))) {
    const roster = await rosterBefore(db, budgetYearId, fiscalYear);
    if (places || (await q.hasPositions(db, roster.budgetYearId, roster.fiscalYear))) {
      return {
        ...(await q.positionGroups(db, roster.budgetYearId, roster.fiscalYear, places)),
        from: 'positions',
      };
    }
  }
  return { ...(await q.payrollGroups(db, budgetYearId, fiscalYear)), from: 'payroll' };
}

/**
 * Sets a fiscal year's proposed salary lines to the positions' cost, in the caller's transaction:
 * what a position write does after it writes, for the year its roster's cost is budgeted for. Only
 * for a year with no payroll of its own (that payroll is the source: salarySource) and whose lines
 * are not locked (a voted budget keeps its lines; Update Salary Budget after a reopen brings them in
 * line). Returns null when it did nothing.
 */
export async function followPositions(
  db: Db,
  actor: Actor,
  target: { budgetYearId: number; fiscalYear: number },
  places?: readonly q.Place[],
  why?: string,
): Promise<Applied | null> {
  if (await q.hasPayroll(db, target.budgetYearId, target.fiscalYear)) {
    return null;
  }
  if ((await stageStateOf(db, target.budgetYearId, target.fiscalYear)).locked) {
    return null;
  }
  // A place named by a position's own columns may leave its code blank: the lines there read
  // their category's code, and so do the positions' cost groups.
  const at = places && (await q.resolvePlaces(db, places));
  const source = await salarySource(db, target.budgetYearId, target.fiscalYear, at);
  return writeSalaryPlan(db, actor, target, await planSalaryGroups(db, target, source, at), why);
}

/**
 * followPositions for a roster (budget year, fiscal year): its cost is budgeted for the fiscal year
 * after, in that year's home budget year, else the roster's. With `places`, only the salary lines
 * at those places (category, building, function code) are set: the positions elsewhere did not
 * change, and at 50,000 positions costing them all again is what an edit must not wait for.
 */
export async function followRoster(
  db: Db,
  actor: Actor,
  roster: { budgetYearId: number; fiscalYear: number },
  places?: readonly q.Place[],
  why?: string,
): Promise<Applied | null> {
  return followPositions(db, actor, await costYearOf(db, roster), places, why);
}

/** The year a roster's cost is budgeted for: the fiscal year after, in its home, else the roster's budget year. */
async function costYearOf(db: Db, roster: { budgetYearId: number; fiscalYear: number }) {
  const fiscalYear = roster.fiscalYear + 1;
  return { budgetYearId: (await homeOfFiscalYear(db, fiscalYear))?.id ?? roster.budgetYearId, fiscalYear };
}

/**
 * The roster whose positions set a fiscal year's salary lines (salarySource's choice, for the
 * Scenario Builder's cuts by position): the roster of the year before, in its home budget year
 * (else `budgetYearId`). `follows` is false when the year has a payroll of its own, whose salaries
 * are its salary lines' source instead, or when that roster has no positions.
 */
export async function positionsRoster(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ follows: boolean; roster: { budgetYearId: number; fiscalYear: number } }> {
  const roster = await rosterBefore(db, budgetYearId, fiscalYear);
  const follows =
    !(await q.hasPayroll(db, budgetYearId, fiscalYear)) &&
    (await q.hasPositions(db, roster.budgetYearId, roster.fiscalYear));
  return { follows, roster };
}

/** The roster a fiscal year is planned from: the year before's, in its home budget year (else `budgetYearId`). */
async function rosterBefore(db: Db, budgetYearId: number, fiscalYear: number) {
  return {
    budgetYearId: (await homeOfFiscalYear(db, fiscalYear - 1))?.id ?? budgetYearId,
    fiscalYear: fiscalYear - 1,
  };
}
