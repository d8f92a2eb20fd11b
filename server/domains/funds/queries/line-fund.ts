import type { Db } from '@server/db/index';
import { inScope, type LineScope } from '@server/domains/planning';

/**
 * The fund that pays a line: its own, else the general fund (a line naming none is the general
 * fund's: line_items.fund_id is null). The one home of that rule for every sum by fund.
 */
export const LINE_FUND = (fundId: string) =>
  `coalesce(${fundId}, (SELECT id FROM funds WHERE kind = 'general'))`;

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
