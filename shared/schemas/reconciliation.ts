import { z } from 'zod';
import { idNumber, moneyOut } from './common';
import { fiscalYearInput, fiscalYearLabel } from './fiscal-year';
import { formatMoneyCents } from '@shared/money';

/**
 * POST /reconciliation/update-salary-budget: sets the proposed budget's personnel (salary) lines to
 * the operating payroll of the same category, building and function code, removing the rest.
 */
export const updateSalaryBudgetBody = z.strictObject({
  budgetYearId: idNumber,
  fiscalYear: fiscalYearInput,
  /** Answer what the update would change, and write nothing. */
  dryRun: z.boolean().optional(),
});

/** One salary line the update sets: added (from null), changed, or removed (to null). */
export const salaryLineChange = z.object({
  action: z.enum(['create', 'update', 'remove']),
  categoryName: z.string().nullable(),
  buildingName: z.string().nullable(),
  code: z.string().nullable(),
  /** The fund a line set from positions is on, when not the general fund (positions' fund shares). */
  fundName: z.string().nullable().optional(),
  from: moneyOut.nullable(),
  to: moneyOut.nullable(),
});

/**
 * A fiscal year whose salary lines are locked (a voted stage, or a closed year) while what they
 * should hold moved on: the positions' cost (or the payroll) they no longer equal. A voted budget
 * keeps its lines, so this is said, never fixed silently: reopen the stage, then Update Salary
 * Budget brings them in line.
 */
export const salaryLinesLocked = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** What locks them: the stage's label ('School Committee Adopted'). */
  stageLabel: z.string(),
  /** Locked because the year is closed (read-only history), not only by its stage. */
  closed: z.boolean(),
  /** What the lines should equal: the positions' cost (a year being planned) or the year's payroll. */
  source: z.enum(['positions', 'payroll']),
  /** Salary lines Update Salary Budget would add, change or remove once the year is reopened. */
  linesOutOfDate: z.number().int(),
  /** What the salary lines should hold less what they hold (positive: they hold too little). */
  difference: moneyOut,
  /** The same in words (salaryLinesLockedText). */
  message: z.string(),
});

export const updateSalaryBudgetResponse = z.object({
  /** Proposed personnel lines whose amount changed. */
  updatedItems: z.number().int(),
  /** Personnel lines added where payroll had no proposed line to land on. */
  createdItems: z.number().int(),
  /** Personnel lines removed: their category, building and function code has no payroll. */
  removedItems: z.number().int(),
  /** Sum of every employee's salary in the fiscal year. */
  totalOperatingSalary: moneyOut,
  /** Payroll written onto proposed personnel lines (employees with a personnel category). */
  distributedAmount: moneyOut,
  /** Payroll of employees with no personnel category, which has no proposed line to go to. */
  undistributedAmount: moneyOut,
  /** Each line set, in the order written. */
  changes: z.array(salaryLineChange),
  /** True when nothing was written: what the update would do. */
  dryRun: z.boolean(),
  /**
   * What the salary lines were set to: the year's own payroll, or (a year being planned) the cost of
   * the roster of positions before it; the totals above are of that (salaryBudgetTotalText).
   */
  source: z.enum(['positions', 'payroll']),
  /** Present when the year's lines are locked: the changes are what a reopen would let it make. */
  locked: salaryLinesLocked.optional(),
});

export type UpdateSalaryBudgetBody = z.infer<typeof updateSalaryBudgetBody>;
export type SalaryLineChange = z.infer<typeof salaryLineChange>;
export type UpdateSalaryBudgetResult = z.infer<typeof updateSalaryBudgetResponse>;
export type SalaryLinesLocked = z.infer<typeof salaryLinesLocked>;

/**
 * A write's answer with what its change could not reach, when anything: the locked salary lines
 * (salaryLines) a position write, a line write or a vacancy placement answers with.
 */
export const withSalaryLines = <T extends object>(answer: T, salaryLines: SalaryLinesLocked | null) =>
  salaryLines ? { ...answer, salaryLines } : answer;

/**
 * GET /positions/salary-lines: whether the salary lines a roster's cost is budgeted into are
 * locked and out of date (the Positions manager's banner and `positions list` say so on opening,
 * not only after a write); null when they are open, follow a payroll, or equal the positions' cost.
 */
export const rosterSalaryLinesResponse = z.object({ salaryLines: salaryLinesLocked.nullable() });
export type RosterSalaryLines = z.infer<typeof rosterSalaryLinesResponse>;

/**
 * What the reader may do about locked lines: reopen the stage or the closed year (Budget Stages)
 * and Update Salary Budget. The wording names only what they may do (their abilities).
 */
export interface SalaryLinesFixer {
  reopen: boolean;
  update: boolean;
}

/**
 * What a locked year's drift says, in one wording for the API, the screens and the CLI. `change`:
 * said after a position change that could not reach the lines ('this change is not in them').
 * `may`: the reader's abilities; one who may not reopen is told an administrator can, one who may
 * not update the salary budget either is told the fact alone (every step is someone else's).
 */
export function salaryLinesLockedText(
  d: Omit<SalaryLinesLocked, 'message'>,
  change = false,
  may: SalaryLinesFixer = { reopen: true, update: true },
): string {
  const fy = fiscalYearLabel(d.fiscalYear);
  const by = d.closed ? `${fy} is closed` : `the stage ${d.stageLabel}`;
  const head = `${fy}'s salary lines are locked by ${by}`;
  const what = d.closed ? 'the closed year' : 'the stage';
  const fix = !may.update
    ? ''
    : may.reopen
      ? ` Reopen ${what} (Budget Stages), then Update Salary Budget, to bring them in line.`
      : ` An administrator can reopen ${what} (Budget Stages); then Update Salary Budget brings them in line.`;
  if (!d.linesOutOfDate) {
    return `${head}: ${change ? 'this change did not move them, and they' : 'they'} already equal what they should hold.`;
  }
  const lines = d.linesOutOfDate === 1 ? '1 salary line is' : `${d.linesOutOfDate} salary lines are`;
  const amount = formatMoneyCents(Math.abs(d.difference));
  const gap =
    d.difference === 0
      ? `${lines} out of date (the total is the same, spread differently)`
      : `${lines} out of date: they hold ${amount} ${d.difference > 0 ? 'less' : 'more'} than ${d.source === 'positions' ? 'the positions cost' : 'the payroll'}`;
  return `${head}${change ? ': this change is not in them' : ''}. ${gap}.${fix}`;
}
