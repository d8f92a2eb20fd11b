import type { Db } from '@server/db/index';
import type { LedgerGrouping } from '@shared/schemas/ledger';
import { lineCode } from '@server/sql/line-code';
import {
  accountProjection,
  base,
  figures,
  groupKey,
  int,
  KEYS,
  UNMATCHED,
  type LedgerScope,
  type FiguresRow,
  type Page,
} from './budget-vs-actual';

/** Budget vs actual's accounts and the lines that name none, read over the chain of budget-vs-actual.ts. */

export type AccountRow = FiguresRow & {
  id: number;
  row_number: number;
  account: string;
  description: string | null;
  function_code: string | null;
  object_code: string | null;
  location_code: string | null;
  category_id: number | null;
  category_name: string | null;
  building_id: number | null;
  building_name: string | null;
  line_count: number;
  warnings: string[];
};

/** Which accounts to list: those no line names only, and/or one group's under a grouping. */
export interface AccountFilter {
  unmatchedOnly: boolean;
  /** The group key (as ledgerGroups gives it) and the grouping it belongs to. */
  group?: { by: LedgerGrouping; key: string };
}

/**
 * The statement of the accounts in the figures that a filter picks, with their category, building,
 * matched lines and figures, in file order. A group's accounts are picked by the key ledgerGroups
 * groups them by, so they add up to that group's account figures. The only placeholder in it is
 * the group key's (the chain above holds no '?').
 */
export function accountsStatement(s: LedgerScope, filter: AccountFilter, extra = '') {
  const where: string[] = [];
  const bindings: string[] = [];
  if (filter.unmatchedOnly) {
    where.push(UNMATCHED);
  }
  if (filter.group) {
    where.push(`${groupKey(KEYS[filter.group.by].account)} = ?`);
    bindings.push(filter.group.key);
  }
  const sql = `${base(s)}
     SELECT a.id, a.row_number, a.account, a.description, a.function_code, a.object_code, a.location_code,
            a.category_ref AS category_id, bc.name AS category_name, a.building_ref AS building_id,
            b.name AS building_name, a.line_count::int AS line_count, a.warnings,
            ${figures(accountProjection(s, 'a.expended'), 'a')}${extra}
       FROM acc_full a
       LEFT JOIN budget_categories bc ON bc.id = a.category_ref
       LEFT JOIN buildings b ON b.id = a.building_ref
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.row_number, a.id`;
  return { sql, bindings };
}

/** One page of the accounts a filter picks, and how many it picks in all. */
export async function ledgerAccounts(
  db: Db,
  s: LedgerScope,
  filter: AccountFilter,
  page: Page,
): Promise<{ rows: AccountRow[]; total: number }> {
  // The count rides along on each row (counted before the page is cut).
  const { sql, bindings } = accountsStatement(s, filter, ', count(*) OVER ()::int AS total_count');
  const { rows } = await db.raw(`${sql} LIMIT ${int(page.limit)} OFFSET ${int(page.offset)}`, bindings);
  const list = rows as (AccountRow & { total_count: number })[];
  if (list.length || page.offset === 0) {
    return { rows: list, total: list[0]?.total_count ?? 0 };
  }
  // A page past the end: count on its own.
  const { rows: n } = await db.raw(`SELECT count(*)::int AS n FROM (${sql}) x`, bindings);
  return { rows: [], total: n[0].n as number };
}

export interface UnmatchedLineRow {
  id: number;
  description: string | null;
  account_line: string | null;
  dese_code: string | null;
  category_name: string | null;
  building_name: string | null;
  amount: number;
  /** The line is in a personnel category (a salary line), and its DESE function code by the DESE rule. */
  personnel: boolean;
  function_code: string | null;
}

/** Proposed lines of the year that name no account of the ledger (or no account at all). */
export async function linesWithoutAccount(db: Db, s: LedgerScope): Promise<UnmatchedLineRow[]> {
  const { rows } = await db.raw(
    `${base(s)}
     SELECT l.id, l.description, l.account_line, l.dese_code, bc.name AS category_name, b.name AS building_name, l.amount,
            coalesce(bc.is_personnel, false) AS personnel, ${lineCode('l.dese_code', 'bc')} AS function_code
       FROM line_match l
       LEFT JOIN budget_categories bc ON bc.id = l.category_id
       LEFT JOIN buildings b ON b.id = l.building_id
      WHERE l.account_id IS NULL
      ORDER BY l.account_line NULLS FIRST, l.id`,
  );
  return rows as UnmatchedLineRow[];
}
