import { fiscalYearLabel } from '@shared/budget-math';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import {
  rollFromProblem,
  rollTargetYear,
  type RollForwardResponse,
  type RollForwardTotals,
} from '@shared/schemas/roll-forward';

/**
 * The Roll Forward screen's words. A budget year plans the fiscal year after it (budget year FY26
 * plans FY27), so the screen never leaves the reader to work that out: it says which fiscal year's
 * lines are copied, which budget year plans them, and which fiscal year they are copied into, each
 * year written as every screen writes it ('FY27', fiscalYearLabel).
 */

const fy = fiscalYearLabel;

/** 'FY27's lines (planned in the FY26 budget year)', or without the budget year when it is not known. */
function linesOf(fiscalYear: number, budgetYear: string | null, stage?: string): string {
  const where = budgetYear ? ` (planned in the ${budgetYear} budget year${stage ? `, ${stage}` : ''})` : '';
  return `${fy(fiscalYear)}'s lines${where}`;
}

/**
 * What the field says of the year typed: whose lines are copied into which year. `budgetYearOf`
 * names the budget year that plans a fiscal year (its home), or null when none is known yet.
 */
export function fromHint(value: string, budgetYearOf: (fiscalYear: number) => string | null): string {
  const year = parseFiscalYear(value);
  return year !== null && !rollFromProblem(value)
    ? `Copies ${linesOf(year, budgetYearOf(year))} into ${fy(rollTargetYear(year))}, a new year's budget`
    : `A fiscal year, such as FY27: its lines are copied into the fiscal year after it`;
}

/**
 * What the totals are of: 'Copy FY27's lines (planned in the FY26 budget year, Draft) into FY28
 * (planned in the FY28 budget year, which the roll forward creates)'; 'Copied ...' once done.
 */
export function copyCaption(result: RollForwardResponse): string {
  const { from, to } = result;
  const created = result.dryRun ? 'which the roll forward creates' : 'which the roll forward created';
  const into = `${fy(to.fiscalYear)} (planned in the ${to.budgetYear} budget year${to.createsBudgetYear ? `, ${created}` : ''})`;
  return `${result.dryRun ? 'Copy' : 'Copied'} ${linesOf(from.fiscalYear, from.budgetYear, from.stageLabel)} into ${into}`;
}

type Money = RollForwardTotals['operatingTotal'];

/** The rows of the totals table: what, how many lines (null: none to count), how much (null: no amount). */
export function totalsRows(result: RollForwardResponse): [string, number | null, Money | null][] {
  const t = result.totals;
  const to = result.to.fiscalYear;
  return [
    // Two years' salaries, each named by its year: 'next-year' twice in a row read as one figure.
    [`Employees carried, at their ${fy(to)} salaries`, t.employeesCarried, t.operatingTotal],
    [`Their ${fy(to + 1)} salaries (next-year salaries in ${fy(to)})`, null, t.nextYearSalaryTotal],
    ['Employees left out (retiring or inactive)', t.employeesLeftOut, null],
    ['Proposed lines carried', t.proposedCarried, t.proposedTotal],
    ['One-time lines left out', t.oneTimeLeftOut, t.oneTimeTotal],
    ...(t.proposedToGeneralFund
      ? [
          [
            `Moved to the general fund (grant ends before ${fy(to)})`,
            t.proposedToGeneralFund,
            t.proposedToGeneralFundTotal,
          ] as [string, number, Money],
        ]
      : []),
  ];
}

/** The headings and messages that name the year the roll forward started. */
export const startedWords = (to: number) => ({
  button: `Roll forward into ${fy(to)}`,
  done: `${fy(to)} started in Draft`,
  standing: `${fy(to)} was rolled forward and is still Draft`,
  undoWhile: `Undo is possible while ${fy(to)} is still Draft and nobody has edited it.`,
});

/** 'Undone: 12 lines and 3 positions of FY28 removed, and budget year FY28.' */
export function undoneText(res: {
  toFiscalYear: number;
  linesRemoved: number;
  positionsRemoved: number;
  budgetYearRemoved: string | null;
}): string {
  const positions = res.positionsRemoved ? ` and ${res.positionsRemoved} positions` : '';
  const budgetYear = res.budgetYearRemoved ? `, and budget year ${res.budgetYearRemoved}` : '';
  return `Undone: ${res.linesRemoved} lines${positions} of ${fy(res.toFiscalYear)} removed${budgetYear}.`;
}

/** The year the field offers, written as the screens write years ('FY27'); '' when none. */
export const offeredText = (year: number | null) => (year === null ? '' : fy(year));
