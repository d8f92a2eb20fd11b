import type { AppContext } from '@server/context';
import { AppError, forbidden } from '@server/errors';
import { deleteUpload, loadUpload } from '@server/lib/import/uploads';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/ledger-imports';
import {
  LEDGER_IMPORT_TYPE,
  type LedgerExecuteBody,
  type LedgerImportResult,
} from '@shared/schemas/ledger-import';
import { analyzeLedgerFile } from './ledger-import-analyze';
import { checkLedgerFileSize } from './ledger-import-limits';
import { importLedgerFromPath, type LedgerPlan } from './ledger-import-run';

export { analyzeLedgerUpload, getAccountPattern, setAccountPattern } from './ledger-import-analyze';
export type { LedgerPlan } from './ledger-import-run';

/**
 * POST /ledger/import/execute: imports the ledger upload an analysis stored. Only its uploader may
 * import it; a real import deletes it (a dry run keeps it for the real one).
 */
export async function executeLedgerUpload(
  app: AppContext,
  actor: Actor,
  body: LedgerExecuteBody,
): Promise<LedgerImportResult> {
  authorize(actor, 'import.run');
  const upload = await loadUpload(app.config.dataDir, body.fileName);
  if (!upload) {
    throw new AppError(
      404,
      'NOT_FOUND',
      'The uploaded file has expired or was already imported: upload it again',
    );
  }
  if (upload.meta.userId !== actor.id) {
    throw forbidden('This file was uploaded by someone else: upload it yourself to import it');
  }
  if (upload.meta.importType !== LEDGER_IMPORT_TYPE) {
    throw new AppError(
      400,
      'BAD_REQUEST',
      `This file was analyzed for a ${upload.meta.importType} import: analyze it again as a ledger`,
    );
  }
  const result = await importLedgerFromPath(
    app,
    actor,
    {
      path: upload.path,
      originalName: upload.meta.originalName,
      sha256: upload.meta.sha256,
      header: upload.meta.header,
    },
    body,
  );
  if (!result.dryRun) {
    await deleteUpload(app.config.dataDir, body.fileName);
  }
  return result;
}

/**
 * The CLI's ledger import: analyze a file on disk, apply `--map` overrides to the suggestions, then
 * import. Returns the mapping used beside the result.
 */
export async function importLedgerLocalFile(
  app: AppContext,
  actor: Actor,
  filePath: string,
  plan: Omit<LedgerPlan, 'columnMappings'> & { overrides: Record<string, string | null> },
) {
  const originalName = filePath.split(/[\\/]/).pop() ?? filePath;
  await checkLedgerFileSize(filePath);
  const analysis = await analyzeLedgerFile(app, actor, { path: filePath, originalName });
  const columnMappings: Record<string, string | null> = {};
  for (const [field, s] of Object.entries(analysis.suggestedMappings)) {
    columnMappings[field] = s.csvColumn;
  }
  Object.assign(columnMappings, plan.overrides);
  const result = await importLedgerFromPath(
    app,
    actor,
    { path: filePath, originalName, sha256: analysis.sha256, header: analysis.header },
    { ...plan, columnMappings },
  );
  return { analysis, columnMappings, result };
}

/** Ledger imports, newest first: the current one of each fiscal year and the ones they replaced. */
export async function listLedgerImports(app: AppContext, actor: Actor, query: { fiscalYear?: number }) {
  authorize(actor, 'budgetVsActual.read');
  return { imports: await q.listLedgerImports(app.db, query.fiscalYear) };
}
