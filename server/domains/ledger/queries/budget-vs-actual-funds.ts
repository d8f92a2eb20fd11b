import type { Db } from '@server/db/index';
import { base, int, type LedgerScope } from './budget-vs-actual';
import { FUND_ORDER } from '@server/sql/general-fund';

/**
 * Budget vs actual by fund, over the chain of budget-vs-actual.ts read for every fund (whatever fund
 * the report itself reads): each fund's totals, and the accounts whose FUND segment names no fund
 * (or that have none), which are never dropped: their totals, each segment's, and the first rows.
 */

const every = (s: LedgerScope): LedgerScope => ({ ...s, fundId: null });

/** The summed amounts of accounts `a` (available = revised − expended − encumbered). */
const AMOUNTS = `coalesce(sum(a.original_budget), 0) AS original_budget,
  coalesce(sum(a.revised_budget), 0) AS revised_budget, coalesce(sum(a.expended), 0) AS expended,
  coalesce(sum(a.encumbered), 0) AS encumbered,
  coalesce(sum(a.revised_budget - a.expended - a.encumbered), 0) AS available`;

export interface AmountsRow {
  original_budget: number;
  revised_budget: number;
  expended: number;
  encumbered: number;
  available: number;
}

export type FundTotalsRow = AmountsRow & {
  fund_id: number;
  code: string;
  name: string;
  kind: string;
  budget: number;
  account_count: number;
  line_count: number;
};

/**
 * Every fund (the general fund first, then by code, as the funds list) with its accounts' and
 * lines' totals; a fund with neither has zeros. The funds' figures plus the unmatched accounts'
 * are the report's totals for every fund.
 */
export async function fundTotals(db: Db, s: LedgerScope): Promise<FundTotalsRow[]> {
  const { rows } = await db.raw(
    `${base(every(s))}, items AS (
       SELECT a.fund_ref AS fund_id, 0::numeric AS budget, a.original_budget, a.revised_budget, a.expended,
              a.encumbered, 1 AS accounts, 0 AS lines
         FROM acc a WHERE a.fund_ref IS NOT NULL
       UNION ALL
       SELECT l.fund_id, l.amount, 0, 0, 0, 0, 0, 1 FROM lines l
     )
     SELECT f.id AS fund_id, f.code, f.name, f.kind, coalesce(sum(a.budget), 0) AS budget, ${AMOUNTS},
            coalesce(sum(a.accounts), 0)::int AS account_count, coalesce(sum(a.lines), 0)::int AS line_count
       FROM funds f LEFT JOIN items a ON a.fund_id = f.id
      GROUP BY f.id
      ORDER BY ${FUND_ORDER('f')}`,
  );
  return rows as FundTotalsRow[];
}

export type SegmentRow = AmountsRow & {
  /** Null for the total of every unmatched account (is_total), or for accounts with no segment. */
  fund_code: string | null;
  is_total: boolean;
  account_count: number;
};

/** The accounts no fund claims: their total (is_total) and each segment's, segments by code, none last. */
export async function unmatchedSegments(db: Db, s: LedgerScope): Promise<SegmentRow[]> {
  const { rows } = await db.raw(
    `${base(every(s))}
     SELECT a.fund_code, GROUPING(a.fund_code) = 1 AS is_total, count(*)::int AS account_count, ${AMOUNTS}
       FROM acc a WHERE a.fund_ref IS NULL
      GROUP BY GROUPING SETS ((a.fund_code), ())
      ORDER BY is_total DESC, a.fund_code IS NULL, a.fund_code COLLATE "C"`,
  );
  return rows as SegmentRow[];
}

export type UnmatchedAccountRow = AmountsRow & {
  row_number: number;
  account: string;
  description: string | null;
  fund_code: string | null;
  function_code: string | null;
};

/** The first `limit` accounts no fund claims, in file order. */
export async function unmatchedAccounts(
  db: Db,
  s: LedgerScope,
  limit: number,
): Promise<UnmatchedAccountRow[]> {
  const { rows } = await db.raw(
    `${base(every(s))}
     SELECT a.row_number, a.account, a.description, a.fund_code, a.function_code, a.original_budget, a.revised_budget,
            a.expended, a.encumbered, a.revised_budget - a.expended - a.encumbered AS available
       FROM acc a WHERE a.fund_ref IS NULL
      ORDER BY a.row_number, a.id LIMIT ${int(limit)}`,
  );
  return rows as UnmatchedAccountRow[];
}
