import type { Db } from '@server/db/index';

/**
 * The general fund: every install has exactly one (migration 20261202000100 makes it, and a fund of
 * kind 'general' can be neither added nor deleted). The one home of how SQL names it.
 */
export const GENERAL_FUND = `(SELECT id FROM funds WHERE kind = 'general')`;

/**
 * A line's or a position share's fund as a place's salary lines are keyed: null for the general
 * fund's (a line naming no fund is the general fund's), else the fund's own id.
 */
export const OWN_FUND = (fundId: string) => `nullif(${fundId}, ${GENERAL_FUND})`;

/** Funds in the order every list shows them: the general fund first, then by code. */
export const FUND_ORDER = (alias?: string) => {
  const a = alias ? `${alias}.` : '';
  return `(${a}kind = 'general') DESC, lower(${a}code), ${a}id`;
};

/** The general fund's id. */
export async function generalFundId(db: Db): Promise<number> {
  const row = await db('funds').where({ kind: 'general' }).first('id');
  return Number(row.id);
}
