import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { deleteImportAccounts } from './queries/ledger-accounts';
import { deletePendingImport, leftoverImports } from './queries/ledger-imports';

/**
 * A ledger import writes its rows under a pending import, in short transactions, and only its last
 * transaction makes it complete and current. What is left when an import fails, or the process
 * stops mid-way, is deleted here: nobody reads it in the meantime.
 */

/**
 * A pending import older than this is abandoned: an import of the largest file allowed takes well
 * under a minute, and a younger one may be another process's (a CLI import) still running.
 */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Deletes a pending import and its rows, a chunk at a time. */
export async function discardPendingImport(db: Db, importId: number): Promise<void> {
  await deleteImportAccounts(db, importId);
  await deletePendingImport(db, importId);
}

/**
 * Deletes the rows nobody reads any more: abandoned pending imports (and their rows) and the rows
 * of replaced imports (deleted after the replacing import completed; a restart may have cut that
 * short). Run when the server starts and before each import.
 */
export async function sweepLedgerLeftovers(db: Db, now = new Date()): Promise<number> {
  const leftovers = await leftoverImports(db, new Date(now.getTime() - ABANDONED_AFTER_MS));
  for (const { id, pending } of leftovers) {
    if (pending) {
      await discardPendingImport(db, id);
    } else {
      await deleteImportAccounts(db, id);
    }
  }
  return leftovers.length;
}

/** After a failed import: its pending rows go. A failure here must not hide the import's own. */
export async function discardAfterFailure(app: AppContext, importId: number): Promise<void> {
  await discardPendingImport(app.db, importId).catch((err: unknown) => {
    app.log.warn('ledger import: a pending import is left for the next sweep', {
      importId,
      error: String(err),
    });
  });
}

/** After an import completed: the rows of the import it replaced, which nobody reads any more. */
export async function dropReplacedRows(app: AppContext, importId: number): Promise<void> {
  await deleteImportAccounts(app.db, importId).catch((err: unknown) => {
    app.log.warn("ledger import: a replaced import's rows are left for the next sweep", {
      importId,
      error: String(err),
    });
  });
}
