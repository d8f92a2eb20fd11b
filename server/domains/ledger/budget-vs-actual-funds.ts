import type { Db } from '@server/db/index';
import { findCurrentImportInfo } from '@server/domains/imports';
import { PERIODS_PER_YEAR } from '@shared/schemas/ledger-import';
import {
  UNMATCHED_FUND_LISTED,
  type LedgerFundTotals,
  type UnmatchedFund,
} from '@shared/schemas/ledger-fund';
import type { FundKind } from '@shared/schemas/funds';
import type { LedgerScope } from './queries/budget-vs-actual';
import * as q from './queries/budget-vs-actual-funds';
import { peopleByFund } from './queries/budget-vs-actual-people';
import { withheldKeys, withheldRows } from '@server/lib/pay-groups';

type Listed = UnmatchedFund['accounts'][number];
const NO_AMOUNTS = {
  originalBudget: null,
  revisedBudget: null,
  expended: null,
  encumbered: null,
  available: null,
};
const noAmounts = (a: Listed): Listed => ({ ...a, ...NO_AMOUNTS });

/**
 * The accounts no fund claims as the reader may read them: with `people` (each account's function
 * code's people; null for a reader who sees every sum of pay), those of 1 to 4 people are withheld
 * (a salary account's actuals are their pay), and enough others that the totals cannot give them
 * back (server/lib/pay-groups.ts withheldRows).
 */
function unmatchedAccountsShown(accounts: Listed[], people: number[] | null): Listed[] {
  const out = people ? withheldRows(people) : new Set<number>();
  return accounts.map((a, i) => (out.has(i) ? noAmounts(a) : a));
}

/**
 * Budget vs actual by the ledger's fund segment: each fund's totals and the accounts no fund
 * claims, read whatever fund the report itself reads (so the screen lists every fund beside the
 * one it shows), and each fund's actual spending for the funds report.
 */

const amountsOf = (r: q.AmountsRow) => ({
  originalBudget: r.original_budget,
  revisedBudget: r.revised_budget,
  expended: r.expended,
  encumbered: r.encumbered,
  available: r.available,
});

/**
 * The funds whose totals a reader who may not see individual pay may not read: the funds are the
 * rows of one more breakdown, each holding the people it pays (a fund paying 1 to 4 people totals
 * their pay), and enough other funds are withheld that the total of every fund less the funds shown
 * cannot give them back (withheldRows). Their ids; none for a reader who sees every sum of pay.
 */
async function withheldFunds(db: Db, scope: LedgerScope, rows: q.FundTotalsRow[], seesPay: boolean) {
  if (seesPay) {
    return new Set<number>();
  }
  const people = await peopleByFund(db, scope);
  return withheldKeys(
    rows.map((r) => r.fund_id),
    (id) => people.get(id) ?? 0,
  );
}

/**
 * Every fund's totals and the unmatched accounts, through `db` (the report's snapshot). `people`
 * (null: the reader sees every sum of pay) is each function code's people: the listed accounts a
 * reader who may not see individual pay may not read are withheld (unmatchedAccountsShown), and so
 * are the totals, budget and actuals alike, of the funds withheldFunds names (their ids are
 * `withheldFunds`, for a one-fund report of one of them to withhold its own figures too).
 */
export async function fundParts(
  db: Db,
  scope: LedgerScope,
  people: Map<string, number> | null = null,
): Promise<{ fundTotals: LedgerFundTotals[]; unmatchedFund: UnmatchedFund; withheldFunds: Set<number> }> {
  // One after the other: inside a transaction they share its one connection.
  const totals = await q.fundTotals(db, scope);
  const segments = await q.unmatchedSegments(db, scope);
  const accounts = await q.unmatchedAccounts(db, scope, UNMATCHED_FUND_LISTED);
  const total = segments.find((r) => r.is_total);
  const hiddenFunds = await withheldFunds(db, scope, totals, people === null);
  const listed = unmatchedAccountsShown(
    accounts.map((a) => ({
      row: a.row_number,
      account: a.account,
      description: a.description,
      fundCode: a.fund_code,
      ...amountsOf(a),
    })),
    people && accounts.map((a) => (a.function_code ? (people.get(a.function_code) ?? 0) : 0)),
  );
  // An account withheld is in its segment's, the unmatched accounts' and (every fund's totals
  // less the funds') the report's totals: those by fund are withheld with it.
  const withheld = listed.some((a) => a.expended === null);
  const shown = (x: ReturnType<typeof amountsOf>) => (withheld ? NO_AMOUNTS : x);
  return {
    fundTotals: totals.map((r) => ({
      fundId: r.fund_id,
      code: r.code,
      name: r.name,
      kind: r.kind as FundKind,
      budget: hiddenFunds.has(r.fund_id) ? null : r.budget,
      ...(hiddenFunds.has(r.fund_id) ? NO_AMOUNTS : shown(amountsOf(r))),
      accountCount: r.account_count,
      lineCount: r.line_count,
    })),
    unmatchedFund: {
      accountCount: total?.account_count ?? 0,
      ...shown(
        total
          ? amountsOf(total)
          : { originalBudget: 0, revisedBudget: 0, expended: 0, encumbered: 0, available: 0 },
      ),
      segments: segments
        .filter((r) => !r.is_total)
        .map((r) => ({ fundCode: r.fund_code, accountCount: r.account_count, ...shown(amountsOf(r)) })),
      accounts: listed,
    },
    withheldFunds: hiddenFunds,
  };
}

/** A fiscal year's ledger spending by fund, for the funds report. */
export interface FundActuals {
  fiscalYear: number;
  period: number;
  fileName: string;
  /** Expended to date per fund id (every fund, 0 when none of its accounts spent). */
  expended: Map<number, number>;
  /** Expended by accounts whose fund segment names no fund. */
  unmatchedExpended: number;
  unmatchedAccountCount: number;
}

/**
 * What a fiscal year's current ledger says each fund expended (ytd), or null when the year has no
 * ledger. The accounts are matched to funds as budget vs actual matches them (the same statement).
 */
export async function fundActuals(db: Db, fiscalYear: number): Promise<FundActuals | null> {
  const ledger = await findCurrentImportInfo(db, fiscalYear);
  if (!ledger) {
    return null;
  }
  const scope: LedgerScope = {
    fiscalYear,
    budgetYearId: null,
    periodsElapsed: Math.min(ledger.period, PERIODS_PER_YEAR),
  };
  const totals = await q.fundTotals(db, scope);
  const unmatched = (await q.unmatchedSegments(db, scope)).find((r) => r.is_total);
  return {
    fiscalYear,
    period: ledger.period,
    fileName: ledger.file_name,
    expended: new Map(totals.map((r) => [r.fund_id, r.expended])),
    unmatchedExpended: unmatched?.expended ?? 0,
    unmatchedAccountCount: unmatched?.account_count ?? 0,
  };
}
