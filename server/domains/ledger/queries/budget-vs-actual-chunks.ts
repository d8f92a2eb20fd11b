import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/index';
import { int } from './budget-vs-actual';

/**
 * Reads for budget vs actual that must not hold a whole ledger at once: the rows set aside at import
 * (a page and their count; a pattern that fits no account sets every row aside), and any statement
 * read a chunk at a time through a cursor, for the workbook that lists every account.
 */

/** How many rows each FETCH brings: a few megabytes of rows at most. */
export const CHUNK_ROWS = 2000;

/**
 * The rows of `sql` in chunks of `size`, through a cursor of the transaction `trx` (one snapshot,
 * one plan; the cursor is closed however the reading ends).
 */
export async function* inChunks<T>(
  trx: Db,
  sql: string,
  bindings: readonly string[] = [],
  size = CHUNK_ROWS,
): AsyncGenerator<T[]> {
  const name = `bva_${randomUUID().replaceAll('-', '')}`;
  // A cursor is planned for its first tenth of rows by default, which picked nested loops over the
  // ledger's CTEs (minutes at 200,000 accounts); every row is read here.
  await trx.raw('SET LOCAL cursor_tuple_fraction = 1');
  await trx.raw(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, bindings);
  try {
    for (;;) {
      const { rows } = await trx.raw(`FETCH ${int(size)} FROM ${name}`);
      if (!rows.length) {
        return;
      }
      yield rows as T[];
    }
  } finally {
    await trx.raw(`CLOSE ${name}`).catch(() => undefined);
  }
}

export interface SetAsideRow {
  row: number;
  account: string;
  description: string | null;
  reason: string;
  revisedBudget: number;
  expended: number;
  encumbered: number;
}

/** The rows of a fiscal year's current import kept out of the figures, in file order. */
export function setAsideStatement(fiscalYear: number): string {
  return `SELECT la.row_number AS "row", la.account, la.description, la.set_aside_reason AS reason,
                 la.revised_budget AS "revisedBudget", la.expended, la.encumbered
            FROM ledger_accounts la JOIN ledger_imports li ON li.id = la.ledger_import_id
           WHERE li.fiscal_year = ${int(fiscalYear)} AND li.is_current AND la.set_aside_reason IS NOT NULL
           ORDER BY la.row_number, la.id`;
}

/** The first `limit` rows set aside, and how many there are. */
export async function setAsidePage(
  db: Db,
  fiscalYear: number,
  limit: number,
): Promise<{ rows: SetAsideRow[]; total: number }> {
  const { rows } = await db.raw(
    `SELECT x.*, count(*) OVER ()::int AS total_count FROM (${setAsideStatement(fiscalYear)}) x
      ORDER BY x."row" LIMIT ${int(limit)}`,
  );
  const list = rows as (SetAsideRow & { total_count: number })[];
  return {
    rows: list.map(({ total_count: _n, ...r }) => r),
    total: list[0]?.total_count ?? 0,
  };
}
