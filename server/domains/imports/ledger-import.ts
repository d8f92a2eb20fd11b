import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/ledger-imports';
import type { LedgerAnalysis, LedgerExecuteBody, LedgerImportResult } from '@shared/schemas/ledger-import';
import { analyzeUploadAs, executeUploadAs, importFileAs } from './import';
import { ledgerKind } from './kinds/ledger';
import type { LedgerPlan } from './ledger-import-run';

export { getAccountPattern, setAccountPattern } from './ledger-account-pattern';
export type { LedgerPlan } from './ledger-import-run';

/** POST /ledger/import/analyze: keeps the upload and analyzes it as a ledger; its token is `fileName`. */
export function analyzeLedgerUpload(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
): Promise<LedgerAnalysis> {
  return analyzeUploadAs(app, actor, upload, ledgerKind);
}

/**
 * POST /ledger/import/execute: imports the ledger upload an analysis stored. Only its uploader may
 * import it; a real import deletes it (a dry run keeps it for the real one).
 */
export function executeLedgerUpload(
  app: AppContext,
  actor: Actor,
  body: LedgerExecuteBody,
): Promise<LedgerImportResult> {
  const { fileName, ...plan } = body;
  return executeUploadAs(app, actor, ledgerKind, fileName, plan);
}

/**
 * The CLI's ledger import: analyze a file on disk, apply `--map` overrides to the suggestions, then
 * import. Returns the mapping used beside the result.
 */
export function importLedgerLocalFile(
  app: AppContext,
  actor: Actor,
  filePath: string,
  plan: Omit<LedgerPlan, 'columnMappings'> & { overrides: Record<string, string | null> },
) {
  const { overrides, ...rest } = plan;
  return importFileAs(app, actor, ledgerKind, filePath, overrides, (columnMappings) => ({
    ...rest,
    columnMappings,
  }));
}

/** Ledger imports, newest first: the current one of each fiscal year and the ones they replaced. */
export async function listLedgerImports(app: AppContext, actor: Actor, query: { fiscalYear?: number }) {
  authorize(actor, 'budgetVsActual.read');
  return { imports: await q.listLedgerImports(app.db, query.fiscalYear) };
}
