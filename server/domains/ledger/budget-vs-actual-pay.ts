import type { Db } from '@server/db/index';
import { tooFewToShow, withFundSides, withheldRows, withheldRowsOnAnySide } from '@server/lib/pay-groups';
import {
  NO_KEY,
  type LedgerAccount,
  type LedgerFigures,
  type LedgerGrouping,
  type LedgerReport,
  type LedgerShownFigures,
} from '@shared/schemas/ledger';
import type { LedgerFund } from '@shared/schemas/ledger-fund';
import type { LedgerScope } from './queries/budget-vs-actual';
import type { UnmatchedLineRow } from './queries/budget-vs-actual-accounts';
import { peopleByFunction, peopleByFund, peopleByGroup } from './queries/budget-vs-actual-people';

export { PAY_WITHHELD_NOTE } from '@server/lib/pay-groups';

/**
 * Budget vs actual as a reader who may not see individual pay reads it (server/lib/pay-groups.ts).
 * A group's budget is its proposed lines, whose salary lines are its people's next-year pay, and its
 * ledger actuals on salary accounts are their paid salaries: a group of 1 to 4 people
 * (./queries/budget-vs-actual-people.ts) has every figure withheld, budget and actuals alike (the
 * screen, the workbook and the CLI read 'Withheld'), and so have enough other groups that the
 * total cannot give them back; its accounts (the drill-down, the account lists) with it. A salary
 * line listed without a ledger account, of a function code of 1 to 4 people, has its amount
 * withheld (its description names the role, not the person, and stays). A report of one fund is
 * read beside every fund's: when every fund's withholds that fund's totals, so does it, with its
 * groups and salary lines with people (reportFundWithheld).
 */

/**
 * The keys of the groups of a view whose figures are withheld (call it only for a reader who may
 * not see individual pay). In a one-fund report whose fund's totals every fund's report withholds
 * (`fundWithheld`, reportFundWithheld) every group with people is withheld: the groups shown would
 * otherwise add up to the fund's total, which every fund's total less the funds shown gives back.
 * Otherwise the groups withheld are the same in every report the reader may ask for
 * (groupsWithheldInEveryFund), so that no report's group less another's gives a fund's part back.
 */
export async function withheldGroupKeys(
  db: Db,
  s: LedgerScope,
  by: LedgerGrouping,
  fundWithheld = false,
): Promise<Set<string>> {
  if (fundWithheld) {
    const groups = await peopleByGroup(db, s, by);
    return new Set(groups.filter((g) => g.people > 0).map((g) => g.key));
  }
  return groupsWithheldInEveryFund(db, s, by);
}

/**
 * The groups of a view withheld alike in every fund's report and in each fund's own: a group's
 * people in every fund's report, in each fund's that pays anyone, and the people every fund's has
 * more than that fund's (the other funds' part: every fund's group less the fund's gives their pay
 * back) are sides of one rule (withFundSides, withheldRowsOnAnySide, as the dashboard and the
 * stage comparison judge a fund choice). A group is withheld when on any side it holds 1 to 4
 * people, with enough others on that side that its report's total cannot give it back. One
 * statement per fund that pays anyone (a few), none per group.
 */
async function groupsWithheldInEveryFund(db: Db, s: LedgerScope, by: LedgerGrouping): Promise<Set<string>> {
  const all = await peopleByGroup(db, { ...s, fundId: null }, by);
  const parts: Awaited<ReturnType<typeof peopleByGroup>>[] = [];
  // One after the other: inside a transaction they share its one connection.
  for (const [fundId, people] of await peopleByFund(db, s)) {
    if (people > 0) {
      parts.push(await peopleByGroup(db, { ...s, fundId }, by));
    }
  }
  const keys = [...new Set([all, ...parts].flat().map((g) => g.key))];
  const side = (groups: { key: string; people: number }[]) => {
    const people = new Map(groups.map((g) => [g.key, g.people]));
    return keys.map((k) => people.get(k) ?? 0);
  };
  const allFunds = side(all);
  const sides = [allFunds, ...parts.flatMap((p) => withFundSides([side(p)], [allFunds]))];
  return new Set([...withheldRowsOnAnySide(sides)].map((i) => keys[i]));
}

/**
 * Whether a one-fund report's own figures are withheld from a reader who may not see individual
 * pay: when its fund is among those every fund's report withholds (`withheldFunds`, fundParts'),
 * which hold every fund of 1 to 4 people and enough others. Its totals less every fund's total
 * would otherwise give back the funds withheld there (every fund's total less the general fund's
 * is the grants'), and a fund of 1 to 4 people totals their pay. A report of every fund: never.
 */
export const reportFundWithheld = (fund: LedgerFund, withheldFunds: ReadonlySet<number>) =>
  fund.fundId !== null && withheldFunds.has(fund.fundId);

/** A group or an account with every money figure withheld. */
export const withholdFigures = <T extends LedgerShownFigures>(g: T): T => ({
  ...g,
  budget: null,
  revisedBudget: null,
  originalBudget: null,
  expended: null,
  encumbered: null,
  available: null,
  percentUsed: null,
  projectedYearEnd: null,
  projectedVariance: null,
  overBudget: false,
  projectedOver: false,
});

/**
 * The report's totals as the reader may read them: withheld, for a reader who may not see
 * individual pay, when the report is one fund's and that fund's totals are withheld
 * (reportFundWithheld: a fund paying only 1 to 4 people, whose totals are their pay, or one whose
 * totals less every fund's would give such a fund's back). A report of every fund keeps the
 * district's totals, as the DESE report keeps its budget total.
 */
export const shownTotals = (
  seesPay: boolean,
  fundWithheld: boolean,
  totals: LedgerFigures,
): LedgerShownFigures => (!seesPay && fundWithheld ? withholdFigures(totals) : totals);

const notInLedgerOf = (fund: LedgerFund) =>
  fund.scope === 'all'
    ? 'its account number is not in the ledger'
    : `its account number is not among the ${fund.label} accounts of the ledger`;

/**
 * The lines without an account as the reader may read them: for a reader who may not see
 * individual pay, the amounts of salary lines of a function code of 1 to 4 people withheld, and of
 * enough other salary lines that the list's sum (the account view's group of such lines) cannot
 * give them back. A line's description stays: it names a role ('Assistant Superintendents Staff -
 * District Wide'), as the budget's lines do, not the person in it.
 */
export async function linesWithoutAccountShown(
  db: Db,
  s: LedgerScope,
  rows: readonly UnmatchedLineRow[],
  fund: LedgerFund,
  seesPay: boolean,
  fundWithheld = false,
): Promise<{ lines: LedgerReport['linesWithoutAccount']; any: boolean }> {
  const lines = rows.map((l) => ({
    id: l.id,
    description: l.description,
    accountLine: l.account_line,
    deseCode: l.dese_code,
    categoryName: l.category_name,
    buildingName: l.building_name,
    amount: l.amount as number | null,
    reason: l.account_line ? notInLedgerOf(fund) : 'no account number',
  }));
  if (seesPay) {
    return { lines, any: false };
  }
  const people = await peopleByFunction(db, s);
  const count = (l: UnmatchedLineRow) =>
    l.personnel && l.function_code ? (people.get(l.function_code) ?? 0) : 0;
  // In a fund whose totals are withheld (withheldGroupKeys) every salary line with people is.
  const out = fundWithheld
    ? new Set(rows.flatMap((l, i) => (count(l) > 0 ? [i] : [])))
    : rows.some((l) => tooFewToShow(count(l)))
      ? withheldRows(rows.map(count))
      : new Set<number>();
  return { lines: lines.map((l, i) => (out.has(i) ? { ...l, amount: null } : l)), any: out.size > 0 };
}

/**
 * The key of the group an account falls in under `by` (the keys ledgerGroups groups accounts by):
 * an account of a withheld group is withheld with it, or its figures would give the group back.
 */
export function accountGroupKey(by: LedgerGrouping, a: LedgerAccount): string {
  const key = {
    function: a.functionCode,
    category: a.categoryId,
    building: a.buildingId,
    account: a.account,
  }[by];
  return key === null || key === '' ? NO_KEY : String(key);
}

/** A group as its reader may read it: withheld when its key is among `hidden` (withheldGroupKeys). */
export const shownGroup = <T extends LedgerShownFigures & { key: string }>(hidden: Set<string>, g: T): T =>
  hidden.has(g.key) ? withholdFigures(g) : g;

/** An account as its reader may read it: withheld with the group it falls in under `by`. */
export const shownAccount = (hidden: Set<string>, by: LedgerGrouping, a: LedgerAccount): LedgerAccount =>
  hidden.has(accountGroupKey(by, a)) ? withholdFigures(a) : a;
