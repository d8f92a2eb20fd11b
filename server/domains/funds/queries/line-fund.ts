import type { Db } from '@server/db/index';
import { inScope, type LineScope } from '@server/domains/planning';
import type { FundChoice } from '@shared/schemas/fund-choice';
import { GENERAL_FUND } from '@server/sql/general-fund';

/**
 * The fund that pays a line: its own, else the general fund (a line naming none is the general
 * fund's: line_items.fund_id is null). The one home of that rule for every sum by fund.
 */
export const LINE_FUND = (fundId: string) => `coalesce(${fundId}, ${GENERAL_FUND})`;

/** A line of `alias` (a row with fund_id: line_items_all, a stage's frozen line) is the general fund's. */
export const ON_GENERAL_FUND = (alias: string) => `${LINE_FUND(`${alias}.fund_id`)} = ${GENERAL_FUND}`;

/**
 * The condition keeping the lines of a fund choice (shared/schemas/fund-choice.ts): every line for
 * 'all', the general fund's for 'general'. Written into a WHERE beside the caller's own filters.
 */
export const OF_FUNDS = (choice: FundChoice | undefined, alias: string) =>
  choice === 'general' ? ON_GENERAL_FUND(alias) : 'true';

export interface FundSumRow {
  fund_id: number;
  line_count: number;
  amount: string;
}

/** The budget's lines (the dashboard's scope) summed by the fund that pays them, as exact decimal text. */
export async function sumsByFund(db: Db, scope: LineScope): Promise<FundSumRow[]> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('li.fund_id')} AS fund_id, count(*)::int AS line_count, sum(li.amount)::text AS amount
       FROM line_items li
      WHERE ${where.sql}
      GROUP BY 1`,
    where.bindings,
  );
  return rows;
}
