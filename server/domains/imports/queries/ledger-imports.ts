import type { Db } from '@server/db/index';
import type { LedgerImport } from '@shared/schemas/ledger-import';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';

/**
 * ledger_imports (one row per import of a fiscal year's ledger) and ledger_settings (the account
 * pattern). The ledger's saved column mappings are kept as every import's are (queries/import.ts).
 */

export interface LedgerImportRow {
  id: number;
  fiscal_year: number;
  period: number;
  file_name: string;
  account_pattern: string;
  user_id: number | null;
  created_at: Date | string;
  account_count: number;
  is_current: boolean;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The account pattern setting (the migration writes its one row). */
export async function findLedgerSettings(
  db: Db,
): Promise<{ account_pattern: string; updated_at: Date | string }> {
  return db('ledger_settings').where({ id: 1 }).first('account_pattern', 'updated_at');
}

/** Replaces the account pattern. */
export async function saveAccountPattern(db: Db, pattern: string, userId: number | null): Promise<void> {
  await db('ledger_settings')
    .where({ id: 1 })
    .update({ account_pattern: pattern, updated_by: userId, updated_at: db.fn.now() });
}

/** The fiscal year's current import, locked against a concurrent import of the same year. */
export function findCurrentImport(
  db: Db,
  fiscalYear: number,
  lock = false,
): Promise<LedgerImportRow | undefined> {
  const q = db<LedgerImportRow>('ledger_imports').where({ fiscal_year: fiscalYear, is_current: true });
  return (lock ? q.forUpdate() : q).first();
}

/** The current import of a fiscal year with who made it. */
export async function findCurrentImportInfo(db: Db, fiscalYear: number) {
  const row = await db('ledger_imports as li')
    .leftJoin('users as u', 'u.id', 'li.user_id')
    .where({ 'li.fiscal_year': fiscalYear, 'li.is_current': true })
    .first(
      'li.id',
      'li.period',
      'li.file_name',
      'li.created_at',
      'li.account_pattern',
      'u.name as user_name',
    );
  return row as
    | {
        id: number;
        period: number;
        file_name: string;
        created_at: Date | string;
        account_pattern: string;
        user_name: string | null;
      }
    | undefined;
}

/**
 * Takes a transaction-scoped advisory lock on a fiscal year's ledger, so two imports of one year
 * run one after the other (the first import of a year has no row to lock FOR UPDATE).
 */
export async function lockLedgerYear(db: Db, fiscalYear: number): Promise<void> {
  await db.raw(`SELECT pg_advisory_xact_lock(hashtext('ledger'), ?)`, [fiscalYear]);
}

export async function insertLedgerImport(
  db: Db,
  row: {
    fiscal_year: number;
    period: number;
    file_name: string;
    file_sha256: string;
    account_pattern: string;
    column_mappings: unknown;
    user_id: number | null;
  },
): Promise<number> {
  const [inserted] = await db('ledger_imports')
    .insert({
      ...row,
      column_mappings: JSON.stringify(row.column_mappings),
      is_current: false,
      status: 'pending',
    })
    .returning('id');
  return inserted.id as number;
}

/**
 * Marks the earlier import replaced (the run stays in the history). Its accounts are no longer read
 * and are deleted afterwards, a chunk at a time (deleteImportAccounts), not in this transaction.
 */
export async function retireImport(db: Db, id: number, replacedById: number): Promise<void> {
  await db('ledger_imports').where({ id }).update({ is_current: false, replaced_by_id: replacedById });
}

/**
 * Makes a pending import complete and the fiscal year's current one, with its counts; false when
 * it is no longer pending (a sweep deleted it as abandoned).
 */
export async function finishLedgerImport(
  db: Db,
  id: number,
  counts: { row_count: number; account_count: number; set_aside_count: number; warning_count: number },
): Promise<boolean> {
  const updated = await db('ledger_imports')
    .where({ id, status: 'pending' })
    .update({ ...counts, is_current: true, status: 'complete' }, ['id']);
  return updated.length === 1;
}

/**
 * Imports whose rows nobody reads any more and that still may hold some: pending ones started
 * before `pendingBefore` (abandoned by a failure or a restart), and replaced ones.
 */
export async function leftoverImports(
  db: Db,
  pendingBefore: Date,
): Promise<{ id: number; pending: boolean }[]> {
  const rows = await db('ledger_imports as li')
    .where((w) => w.where('li.status', 'pending').andWhere('li.created_at', '<', pendingBefore))
    .orWhere((w) =>
      w
        .where({ 'li.status': 'complete', 'li.is_current': false })
        .whereExists(db('ledger_accounts as la').whereRaw('la.ledger_import_id = li.id').select(db.raw('1'))),
    )
    .select('li.id', 'li.status');
  return rows.map((r) => ({ id: r.id as number, pending: r.status === 'pending' }));
}

/** Deletes a pending import's row (its accounts first, with deleteImportAccounts). */
export async function deletePendingImport(db: Db, id: number): Promise<void> {
  await db('ledger_imports').where({ id, status: 'pending' }).del();
}

/** Ledger imports, newest first (optionally of one fiscal year). */
export async function listLedgerImports(db: Db, fiscalYear?: number): Promise<LedgerImport[]> {
  const q = db('ledger_imports as li')
    .leftJoin('users as u', 'u.id', 'li.user_id')
    .select('li.*', db.raw(`coalesce(u.name, li.column_mappings ->> 'actor') as user_name`))
    .orderBy([
      { column: 'li.created_at', order: 'desc' },
      { column: 'li.id', order: 'desc' },
    ])
    .limit(200);
  // A pending import is not one yet: it becomes one, or disappears, when it ends.
  q.where('li.status', 'complete');
  if (fiscalYear !== undefined) {
    q.where('li.fiscal_year', fiscalYear);
  }
  const rows = await q;
  return rows.map((r) => ({
    id: r.id,
    fiscalYear: r.fiscal_year,
    period: r.period,
    fileName: r.file_name,
    accountPattern: r.account_pattern,
    user: r.user_name,
    createdAt: iso(r.created_at),
    rowCount: r.row_count,
    accountCount: r.account_count,
    setAsideCount: r.set_aside_count,
    warningCount: r.warning_count,
    isCurrent: r.is_current,
    replacedById: r.replaced_by_id,
  }));
}

/** Earlier imports of byte-identical files, newest first. */
export async function findLedgerImportsOfFile(db: Db, sha256: string) {
  const rows = await db('ledger_imports as li')
    .leftJoin('users as u', 'u.id', 'li.user_id')
    .where({ 'li.file_sha256': sha256, 'li.status': 'complete' })
    .select(
      'li.id',
      'li.created_at',
      'li.account_count',
      db.raw(`coalesce(u.name, li.column_mappings ->> 'actor') as user_name`),
    )
    .orderBy('li.created_at', 'desc')
    .limit(5);
  return rows.map((r) => ({
    id: r.id as number,
    createdAt: new Date(r.created_at).toISOString(),
    user: r.user_name as string | null,
    importedCount: r.account_count as number,
  }));
}

/**
 * Whether a fiscal year exists in the workbench: it has a home (a budget year planning it, claimed
 * when the budget year was created with it in its range), a budget year is named for it or centred
 * on it, or some budget year holds lines of it.
 */
export async function fiscalYearExists(db: Db, fiscalYear: number): Promise<boolean> {
  if (await db('fiscal_year_homes').where({ fiscal_year: fiscalYear }).first('fiscal_year')) {
    return true;
  }
  const years = await db('budget_years').select('fiscal_year', 'current_fiscal_year');
  if (
    years.some((y) => y.current_fiscal_year === fiscalYear || parseFiscalYear(y.fiscal_year) === fiscalYear)
  ) {
    return true;
  }
  return Boolean(await db('line_items').where({ fiscal_year: fiscalYear }).first('id'));
}
