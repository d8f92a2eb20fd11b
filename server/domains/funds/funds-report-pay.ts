import type { Db } from '@server/db/index';
import { PAY_WITHHELD_NOTE, seesIndividualPay, withheldKeys, withheldRows } from '@server/lib/pay-groups';
import type { Actor } from '@server/policies/index';
import type { FundCategory, FundFunction } from '@shared/schemas/funds-report-detail';
import { peopleByFund, type FundPeopleRow } from './queries/fund-breakdown';

/**
 * The funds report's breakdowns as a reader who may not see individual pay reads them
 * (server/lib/pay-groups.ts): within each fund, by DESE function and by category, a row whose
 * salaries are the pay of 1 to 4 people has its budget withheld (null), with enough other rows
 * that the fund's total, which stays (it is the dashboard's), cannot give it back. A row's people
 * are the year's employee lines of its fund and its function code, or its category (peopleByFund),
 * as the DESE report counts a code's; a row no employee line is behind is no one's pay and stays.
 * The report has no fund choice: every fund's rows are its own lines, so each fund is judged on
 * its own. The funds themselves are one more breakdown, of All funds (which stays): a fund whose
 * people (all its rows' together) are 1 to 4 has every figure of its own withheld (its total, the
 * year before's, the change, its actual, its award comparison), and so do enough other funds that
 * All funds less the funds shown cannot give it back; a withheld fund's rows with people are
 * withheld too, so that its rows shown do not add up to its total.
 */

interface Row {
  budget: number | null;
}

/** A fund's rows with their head counts: [fund, key] -> people. */
type People = Map<string, number>;
const keyOf = (fundId: number, key: string | number | null) => `${fundId}|${key ?? ''}`;

function count(rows: FundPeopleRow[], key: (r: FundPeopleRow) => string | number | null): People {
  const out: People = new Map();
  for (const r of rows) {
    const k = keyOf(r.fund_id, key(r));
    out.set(k, (out.get(k) ?? 0) + r.people);
  }
  return out;
}

/**
 * One breakdown of one fund with its withheld rows' budgets null; `withheld` says whether any was.
 * In a fund whose total is withheld (`fundWithheld`) every row with people is: the rows shown would
 * otherwise add up to the total, and All funds less the funds shown give back the ones withheld.
 */
function withhold<T extends Row>(
  rows: T[],
  people: (row: T) => number,
  fundWithheld: boolean,
): { rows: T[]; withheld: boolean } {
  const counts = rows.map(people);
  const out = withheldRows(counts);
  if (fundWithheld) {
    counts.forEach((n, i) => n > 0 && out.add(i));
  }
  return {
    rows: rows.map((r, i) => (out.has(i) ? { ...r, budget: null } : r)),
    withheld: out.size > 0,
  };
}

export interface PayRule {
  /** A fund's breakdown by function. */
  byFunction(fundId: number, rows: FundFunction[]): FundFunction[];
  /** A fund's breakdown by category. */
  byCategory(fundId: number, rows: FundCategory[]): FundCategory[];
  /** Whether a fund's own figures are withheld (the funds as rows of All funds). */
  fundWithheld(fundId: number): boolean;
  /** PAY_WITHHELD_NOTE once any row or fund was withheld. */
  notes(): string[];
}

const SEES_ALL: PayRule = {
  byFunction: (_fundId, rows) => rows,
  byCategory: (_fundId, rows) => rows,
  fundWithheld: () => false,
  notes: () => [],
};

/**
 * The rule for this reader over a year's lines and the report's funds; ADMIN and FINANCE
 * (seesIndividualPay) get every figure.
 */
export async function payRule(
  db: Db,
  actor: Actor,
  year: { budgetYearId: number; fiscalYear: number },
  fundIds: readonly number[],
): Promise<PayRule> {
  if (seesIndividualPay(actor)) {
    return SEES_ALL;
  }
  const people = await peopleByFund(db, year);
  const byCode = count(people, (r) => r.code);
  const byCategory = count(people, (r) => r.category_id);
  const byFund = count(people, () => null);
  const withheldFunds = withheldKeys(fundIds, (id) => byFund.get(keyOf(id, null)) ?? 0);
  let any = withheldFunds.size > 0;
  const noted = <T>(result: { rows: T[]; withheld: boolean }) => {
    any ||= result.withheld;
    return result.rows;
  };
  return {
    byFunction: (fundId, rows) =>
      noted(withhold(rows, (r) => byCode.get(keyOf(fundId, r.code)) ?? 0, withheldFunds.has(fundId))),
    byCategory: (fundId, rows) =>
      noted(
        withhold(rows, (r) => byCategory.get(keyOf(fundId, r.categoryId)) ?? 0, withheldFunds.has(fundId)),
      ),
    fundWithheld: (fundId) => withheldFunds.has(fundId),
    notes: () => (any ? [PAY_WITHHELD_NOTE] : []),
  };
}
