import { z } from 'zod';
import { MAX_CURRENT_FISCAL_YEAR } from './budget-years';
import { fiscalYearLabel, parseFiscalYear } from './fiscal-year';
import { setupYearProblem } from './setup';
import { moneyOut } from './common';
import { formatNumber, grouped } from '@shared/money';

/**
 * Roll forward: the next fiscal year's budget started from a year's. The API, the CLI and
 * the screen share these shapes; money is exact decimal text.
 */

/** The fiscal year a roll forward from `fromFiscalYear` starts: the one after it. */
export const rollTargetYear = (fromFiscalYear: number) => fromFiscalYear + 1;

/** A fiscal year to roll forward from, or why not (its next year must be in the spec's range too). */
export function rollFromProblem(value: unknown): string | null {
  const problem = setupYearProblem(value);
  if (problem) {
    return problem;
  }
  const year = parseFiscalYear(value as string | number)!;
  return year >= MAX_CURRENT_FISCAL_YEAR
    ? `${fiscalYearLabel(rollTargetYear(year))} is past the last fiscal year the workbench plans (${fiscalYearLabel(MAX_CURRENT_FISCAL_YEAR)})`
    : null;
}

/**
 * The year the screen offers to roll forward from: the latest fiscal year with lines that
 * rollFromProblem accepts (the server finds a budget for any year some budget year holds lines of),
 * or null when there is none.
 */
export function defaultRollFrom(yearsWithLines: readonly number[]): number | null {
  const rollable = yearsWithLines.filter((year) => rollFromProblem(year) === null);
  return rollable.length ? Math.max(...rollable) : null;
}

/** A fiscal year as the API, the CLI and the screen accept it, checked by `problemOf`. */
const yearInput = (problemOf: (value: unknown) => string | null) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const problem = problemOf(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return parseFiscalYear(value)!;
  });

/** POST /roll-forward */
export const rollForwardBody = z.strictObject({
  /** 'FY2027', 'FY27' or 2027: the year whose budget starts the next. */
  fromFiscalYear: yearInput(rollFromProblem),
  /** Work it all out and answer the totals; write nothing. */
  dryRun: z.boolean().optional().default(false),
  /** Needed when the year is not yet Town Appropriated (the answer's warning says so). */
  confirm: z.boolean().optional().default(false),
});
export type RollForwardBody = z.input<typeof rollForwardBody>;
export type RollForwardInput = z.output<typeof rollForwardBody>;

/** POST /roll-forward/undo */
export const rollForwardUndoBody = z.strictObject({
  /** The fiscal year the roll forward started (FY2028 after rolling FY2027 forward). */
  toFiscalYear: yearInput(setupYearProblem),
});
export type RollForwardUndoBody = z.input<typeof rollForwardUndoBody>;

const money = moneyOut;

export const rollForwardTotals = z.object({
  employeesCarried: z.number().int(),
  employeesLeftOut: z.number().int(),
  proposedCarried: z.number().int(),
  oneTimeLeftOut: z.number().int(),
  /** The carried employees' salaries in the new year (each one's next-year salary). */
  operatingTotal: money,
  proposedTotal: money,
  oneTimeTotal: money,
  /** The new year's next-year salaries, as the rule wrote them (null on a dry run before any write). */
  nextYearSalaryTotal: money,
  /**
   * Carried proposed lines on a grant whose period ends before the new year: they go to the general
   * fund there (as positions' shares of such a grant do). 0 when none.
   */
  proposedToGeneralFund: z.number().int(),
  proposedToGeneralFundTotal: money,
});
export type RollForwardTotals = z.infer<typeof rollForwardTotals>;

/**
 * The roster carried: the year's positions that are not closed, into the next year's roster. A
 * filled position whose holders all left (Retiring, Inactive) is carried vacant; `vacant` counts
 * every carried position not filled (vacant, posted, frozen). FTE is decimal text to the thousandth.
 * `salaryLinesReplaced`: the next year's salary lines that followed the roster, removed because the
 * year now has a payroll of its own (docs/ARCHITECTURE.md, 'Roll forward').
 */
export const rollForwardPositions = z.object({
  carried: z.number().int(),
  filled: z.number().int(),
  vacant: z.number().int(),
  fte: z.string(),
  holders: z.number().int(),
  salaryLinesReplaced: z.number().int(),
  /**
   * Carried positions a grant paid a share of whose period does not reach the new roster's cost
   * year (a closed grant): that share is the general fund's in the new roster. 0 when none.
   */
  sharesToGeneralFund: z.number().int().default(0),
});
export type RollForwardPositions = z.infer<typeof rollForwardPositions>;

/** The roster carried, in the words the CLI and the screen both print (null: no roster to carry). */
export function positionsCarriedText(p: RollForwardPositions): string | null {
  if (!p.carried && !p.salaryLinesReplaced) {
    return null;
  }
  // Counts grouped as every figure the screen and the CLI print: '38,631 positions (37,493.200 FTE)'.
  const n = (count: number) => formatNumber(count, 0);
  const replaced = p.salaryLinesReplaced
    ? `; ${n(p.salaryLinesReplaced)} salary lines that followed the positions replaced by the carried payroll`
    : '';
  const closed = p.sharesToGeneralFund
    ? `; ${n(p.sharesToGeneralFund)} paid in part by a grant whose period has ended, that part now on the general fund`
    : '';
  return `${n(p.carried)} positions (${grouped(p.fte)} FTE): ${n(p.filled)} filled by ${n(p.holders)} carried holders, ${n(p.vacant)} vacant, posted or frozen${replaced}${closed}`;
}

/**
 * When the year rolled from has no positions to carry: the latest earlier fiscal year whose roster
 * (in its home budget year) has positions not closed. A roll forward carries only the year's own
 * roster, so these stay behind; the screen says so rather than carrying none in silence.
 */
export const rollForwardRosterBefore = z
  .object({ fiscalYear: z.number().int(), positions: z.number().int() })
  .nullable()
  .meta({
    description:
      'When the year rolled from has no positions: the latest earlier fiscal year whose roster has some (not carried); null otherwise',
  });
export type RollForwardRosterBefore = z.infer<typeof rollForwardRosterBefore>;

/** The positions line of the preview and the result: what is carried, or that none is and why. */
export function positionsLine(
  result: Pick<RollForwardResponse, 'from' | 'positions' | 'rosterBefore'>,
): string {
  const carried = positionsCarriedText(result.positions);
  if (carried) {
    return `Positions carried: ${carried}`;
  }
  const before = result.rosterBefore;
  const elsewhere = before ? ` (${fiscalYearLabel(before.fiscalYear)} has ${before.positions})` : '';
  return `Positions: none carried — ${fiscalYearLabel(result.from.fiscalYear)} has no positions${elsewhere}`;
}

export const rollForwardResponse = z.object({
  dryRun: z.boolean(),
  id: z.number().int().nullable(),
  from: z.object({
    fiscalYear: z.number().int(),
    budgetYearId: z.number().int(),
    budgetYear: z.string(),
    stage: z.string(),
    stageLabel: z.string(),
  }),
  to: z.object({
    fiscalYear: z.number().int(),
    budgetYearId: z.number().int().nullable(),
    budgetYear: z.string(),
    /** The roll forward creates this budget year (it had no home). */
    createsBudgetYear: z.boolean(),
  }),
  totals: rollForwardTotals,
  /** Why the year is not the usual starting point (not yet Town Appropriated); confirm to go on. */
  warning: z.string().nullable(),
  /** What else was carried as data of the year (rates of the state figures, budget settings). */
  carried: z.array(z.string()),
  positions: rollForwardPositions,
  rosterBefore: rollForwardRosterBefore,
  undoable: z.boolean(),
});
export type RollForwardResponse = z.infer<typeof rollForwardResponse>;

export const rollForwardUndoResponse = z.object({
  toFiscalYear: z.number().int(),
  linesRemoved: z.number().int(),
  positionsRemoved: z.number().int(),
  budgetYearRemoved: z.string().nullable(),
});
export type RollForwardUndoResponse = z.infer<typeof rollForwardUndoResponse>;

/** GET /roll-forward/latest?toFiscalYear: the roll forward that started a year, and whether undo is allowed. */
export const rollForwardStatusResponse = z.object({
  rollForward: z.object({ id: z.number().int(), undoable: z.boolean(), totals: z.unknown() }).nullable(),
});
export type RollForwardStatus = z.infer<typeof rollForwardStatusResponse>;
export const rollForwardStatusQuery = z.strictObject({
  toFiscalYear: rollForwardUndoBody.shape.toFiscalYear,
});
