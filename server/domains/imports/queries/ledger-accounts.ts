import type { Db } from '@server/db/index';
import { openCopy } from '@server/lib/import/copy';

/** ledger_accounts: the rows of a ledger import. Amounts are decimal text with 2 places. */

export interface LedgerAccountInsert {
  ledger_import_id: number;
  fiscal_year: number;
  row_number: number;
  account: string;
  description: string | null;
  /** The account's FUND segment as written (matched to funds.code in any case by the reports). */
  fund_code: string | null;
  function_code: string | null;
  object_code: string | null;
  location_code: string | null;
  building_id: number | null;
  original_budget: string;
  transfers: string;
  revised_budget: string;
  expended: string;
  encumbered: string;
  warnings: string[];
  set_aside_reason: string | null;
}

const COPY_COLUMNS = [
  'ledger_import_id',
  'fiscal_year',
  'row_number',
  'account',
  'description',
  'fund_code',
  'function_code',
  'object_code',
  'location_code',
  'building_id',
  'original_budget',
  'transfers',
  'revised_budget',
  'expended',
  'encumbered',
  'warnings',
  'set_aside_reason',
] as const satisfies readonly (keyof LedgerAccountInsert)[];

/**
 * Rows per COPY statement, and per transaction: embedded PGlite has one connection, which each
 * statement holds from every other request, so each is kept short.
 */
const COPY_BATCH = 2_000;

/** Rows per DELETE statement, short for the same reason. */
const DELETE_BATCH = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One row as a line of COPY's CSV: null as nothing, every text quoted. */
function copyLine(row: LedgerAccountInsert): string {
  let line = '';
  for (let i = 0; i < COPY_COLUMNS.length; i += 1) {
    const column = COPY_COLUMNS[i];
    const value = column === 'warnings' ? JSON.stringify(row.warnings) : row[column];
    if (i) {
      line += ',';
    }
    if (value !== null && value !== undefined) {
      const text = String(value);
      line += `"${text.indexOf('"') >= 0 ? text.replace(/"/g, '""') : text}"`;
    }
  }
  return `${line}\n`;
}

/**
 * Inserts a PENDING import's rows with COPY, a few thousand per statement, each in a transaction of
 * its own with a turn of the event loop between them: other requests take the connection between
 * two. Nobody reads a pending import's rows, so they need not land together; the import becomes
 * visible at once when it is made complete (row-by-row INSERTs took 17 s for 100,000 rows).
 */
export async function insertLedgerAccounts(db: Db, rows: readonly LedgerAccountInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += COPY_BATCH) {
    await db.transaction(async (trx) => {
      const copy = await openCopy(trx, 'ledger_accounts', COPY_COLUMNS);
      try {
        for (const row of rows.slice(i, i + COPY_BATCH)) {
          await copy.write(copyLine(row));
        }
        await copy.finish();
      } catch (err) {
        await copy.abort(err as Error);
        throw err;
      }
    });
    await nextTurn();
  }
}

/** Deletes an import's rows a chunk per statement, handing other requests the connection between two. */
export async function deleteImportAccounts(db: Db, importId: number): Promise<void> {
  for (;;) {
    // Raw, for the count of rows deleted: the embedded client answers a builder's del() otherwise.
    const result = await db.raw(
      `DELETE FROM ledger_accounts WHERE id IN
         (SELECT id FROM ledger_accounts WHERE ledger_import_id = ? LIMIT ${DELETE_BATCH})`,
      [importId],
    );
    if (Number((result as { rowCount: number }).rowCount) < DELETE_BATCH) {
      return;
    }
    await nextTurn();
  }
}

export interface LedgerSums {
  original_budget: string;
  transfers: string;
  revised_budget: string;
  expended: string;
  encumbered: string;
  accounts: number;
}

/**
 * An import's sums, in SQL: of the rows in the figures (`stored`) and of those set aside. Amounts
 * as numeric text (the reconciliation compares them with the file's exact sums).
 */
export async function ledgerImportSums(
  db: Db,
  importId: number,
): Promise<{ stored: LedgerSums; setAside: LedgerSums }> {
  const { rows } = await db.raw(
    `SELECT (set_aside_reason IS NOT NULL) AS set_aside,
            coalesce(sum(original_budget), 0)::text AS original_budget,
            coalesce(sum(transfers), 0)::text AS transfers,
            coalesce(sum(revised_budget), 0)::text AS revised_budget,
            coalesce(sum(expended), 0)::text AS expended,
            coalesce(sum(encumbered), 0)::text AS encumbered,
            count(*)::int AS accounts
       FROM ledger_accounts WHERE ledger_import_id = ?
      GROUP BY 1`,
    [importId],
  );
  const zero: LedgerSums = {
    original_budget: '0',
    transfers: '0',
    revised_budget: '0',
    expended: '0',
    encumbered: '0',
    accounts: 0,
  };
  const of = (setAside: boolean) =>
    (rows as (LedgerSums & { set_aside: boolean })[]).find((r) => r.set_aside === setAside) ?? zero;
  return { stored: of(false), setAside: of(true) };
}

/** Accounts per function code of an import (rows in the figures). */
export async function functionCodeCounts(
  db: Db,
  importId: number,
): Promise<{ code: string; accounts: number }[]> {
  const rows = await db('ledger_accounts')
    .where({ ledger_import_id: importId })
    .whereNull('set_aside_reason')
    .whereNotNull('function_code')
    .select('function_code as code')
    .count<{ code: string; accounts: number }[]>('* as accounts')
    .groupBy('function_code')
    .orderBy('function_code');
  return rows.map((r) => ({ code: r.code, accounts: Number(r.accounts) }));
}

/** Buildings with a code, to match an account's location segment. */
export function listBuildingCodes(db: Db): Promise<{ id: number; code: string; name: string }[]> {
  return db('buildings').whereNotNull('code').select('id', 'code', 'name');
}

/** Rows set aside from the current import of a fiscal year, in file order. */
export async function setAsideRows(db: Db, fiscalYear: number) {
  const rows = await db('ledger_accounts as la')
    .join('ledger_imports as li', 'li.id', 'la.ledger_import_id')
    .where({ 'li.fiscal_year': fiscalYear, 'li.is_current': true })
    .whereNotNull('la.set_aside_reason')
    .orderBy('la.row_number')
    .select(
      'la.row_number',
      'la.account',
      'la.description',
      'la.set_aside_reason',
      'la.revised_budget',
      'la.expended',
      'la.encumbered',
    );
  return rows.map((r) => ({
    row: r.row_number as number,
    account: r.account as string,
    description: r.description as string | null,
    reason: r.set_aside_reason as string,
    revisedBudget: Number(r.revised_budget),
    expended: Number(r.expended),
    encumbered: Number(r.encumbered),
  }));
}
