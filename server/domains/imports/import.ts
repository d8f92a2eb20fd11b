import type { AppContext } from '@server/context';
import { AppError, forbidden } from '@server/errors';
import { headerSignature } from '@server/lib/import/header';
import { deleteUpload, loadUpload } from '@server/lib/import/uploads';
import { parseOrThrow } from '@server/middleware/validate';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/import';
import {
  analyzeFields,
  type ExecuteBody,
  type ImportAnalysis,
  type ImportKindName,
  type ImportRunsQuery,
  type SavedMappingsQuery,
} from '@shared/schemas/import';
import { analyzeAs, storeAndAnalyze, type FileAnalysis } from './import-analyze';
import type { ImportPlan } from './import-execute';
import type { ImportKind } from './kinds/kind';
import { lineKindOf } from './kinds/lines';

export { importFromPath } from './import-execute';

/**
 * The pipeline every kind of import (kinds/) goes through: the upload kept under a token for its
 * uploader and analyzed, executed by that uploader only with a confirmed mapping (a dry run keeps
 * the upload for the real import, which deletes it), or, in the CLI, a file on disk analyzed and
 * imported with the suggested mapping and `--map` overrides.
 */

/** Keeps an upload under a token and analyzes it as `kind`; the token comes back as `fileName`. */
export function analyzeUploadAs<K extends ImportKindName, Extra>(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
  kind: ImportKind<K, unknown, { dryRun: boolean }, Extra>,
) {
  authorize(actor, 'import.run');
  return storeAndAnalyze(app, actor, upload, kind.name, (file) => analyzeAs(app, actor, file, kind));
}

/**
 * Imports the upload an analysis kept, as `kind` with `plan` (the confirmed mapping in it). Only its
 * uploader may import it, as the kind it was analyzed as; a real import deletes it.
 */
export async function executeUploadAs<K extends ImportKindName, Plan, Result extends { dryRun: boolean }>(
  app: AppContext,
  actor: Actor,
  kind: ImportKind<K, Plan, Result, unknown>,
  fileName: string,
  plan: Plan,
): Promise<Result> {
  authorize(actor, 'import.run');
  const upload = await loadUpload(app.config.dataDir, fileName);
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
  if (upload.meta.importType !== kind.name) {
    throw new AppError(
      400,
      'BAD_REQUEST',
      `This file was analyzed for a ${upload.meta.importType} import: analyze it again as ${kind.noun}`,
    );
  }
  const result = await kind.run(
    app,
    actor,
    {
      path: upload.path,
      originalName: upload.meta.originalName,
      sha256: upload.meta.sha256,
      header: upload.meta.header,
    },
    plan,
  );
  if (!result.dryRun) {
    await deleteUpload(app.config.dataDir, fileName);
  }
  return result;
}

/**
 * The CLI's import of a file on disk: analyzed as `kind`, the suggested mapping with `overrides`
 * applied (null skips a field), then imported with the plan `planFor` makes of them. Returns the
 * analysis and the mapping used beside the result.
 */
export async function importFileAs<K extends ImportKindName, Plan, Result extends { dryRun: boolean }, Extra>(
  app: AppContext,
  actor: Actor,
  kind: ImportKind<K, Plan, Result, Extra>,
  filePath: string,
  overrides: Record<string, string | null>,
  planFor: (columnMappings: Record<string, string | null>, analysis: FileAnalysis<K> & Extra) => Plan,
) {
  const originalName = filePath.split(/[\\/]/).pop() ?? filePath;
  await kind.checkFile?.(filePath);
  const analysis = await analyzeAs(app, actor, { path: filePath, originalName }, kind);
  const columnMappings: Record<string, string | null> = {};
  for (const [field, s] of Object.entries(analysis.suggestedMappings)) {
    columnMappings[field] = s.csvColumn;
  }
  Object.assign(columnMappings, overrides);
  const result = await kind.run(
    app,
    actor,
    { path: filePath, originalName, sha256: analysis.sha256, header: analysis.header },
    planFor(columnMappings, analysis),
  );
  return { analysis, columnMappings, result };
}

/** Analyzes a budget import's file on disk (no upload kept). */
export const analyzeFile = (
  app: AppContext,
  actor: Actor,
  file: { path: string; originalName: string; sha256?: string },
  importType: ImportPlan['importType'],
) => analyzeAs(app, actor, file, lineKindOf(importType));

/** POST /import/analyze: a payroll or budget file, its kind named by the `importType` field. */
export function analyzeUpload(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
  rawFields: unknown,
): Promise<ImportAnalysis> {
  authorize(actor, 'import.run');
  const { importType } = parseOrThrow(analyzeFields, rawFields ?? {}, 'body');
  return analyzeUploadAs(app, actor, upload, lineKindOf(importType));
}

/** POST /import/execute: a payroll or budget import (or its dry run) of an analyzed upload. */
export function executeUpload(app: AppContext, actor: Actor, body: ExecuteBody) {
  return executeUploadAs(app, actor, lineKindOf(body.importType), body.fileName, {
    ...body,
    noteColumns: body.noteColumns ?? [],
  });
}

/** The CLI's payroll or budget import; note columns are the saved mapping's unless given. */
export async function importLocalFile(
  app: AppContext,
  actor: Actor,
  filePath: string,
  plan: Omit<ImportPlan, 'columnMappings' | 'noteColumns'> & {
    overrides: Record<string, string | null>;
    noteColumns?: string[];
  },
) {
  const { overrides, ...rest } = plan;
  let noteColumns: string[] = [];
  const outcome = await importFileAs(
    app,
    actor,
    lineKindOf(plan.importType),
    filePath,
    overrides,
    (columnMappings, analysis) => {
      noteColumns = plan.noteColumns ?? analysis.suggestedNoteColumns;
      return { ...rest, columnMappings, noteColumns };
    },
  );
  return { ...outcome, noteColumns };
}

/** Recorded import runs, newest first (Import History's runs table). */
export async function listImportRuns(app: AppContext, actor: Actor, filter: ImportRunsQuery) {
  authorize(actor, 'import.run');
  return { runs: await q.listImportRuns(app.db, filter) };
}

/** The mapping confirmed earlier for a file with these columns (in any order), or null. */
export async function getSavedMapping(app: AppContext, actor: Actor, query: SavedMappingsQuery) {
  authorize(actor, 'import.run');
  return { mapping: await q.findSavedMapping(app.db, query.importType, headerSignature(query.columns)) };
}
