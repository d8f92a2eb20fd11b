import type { AppContext } from '@server/context';
import { AppError, forbidden, notFound } from '@server/errors';
import type { HeaderInfo } from '@server/lib/import/header';
import { openTable } from '@server/lib/import/read-table';
import { deleteUpload, loadUpload } from '@server/lib/import/uploads';
import { authorize, type Actor } from '@server/policies/index';
import type { ExecuteBody, ImportResult, ImportType } from '@shared/schemas/import';
import { findBudgetYearRow } from '@server/domains/budgets';
import { findVersionById } from '@server/domains/budgets';
import { requireBudgetYear } from '@server/domains/budgets';
import { analyzeFile, headerOf, sampleRows } from './import-analyze';
import { resolveMapping } from './import-mapping';
import { runImport, type ImportProgress } from './import-run';

export interface ImportPlan {
  importType: ImportType;
  budgetYearId: number;
  versionId: number | null;
  /** A version to create for the import, in its transaction (the CLI's --create-version). */
  newVersion?: { label: string; fiscalYear: number };
  columnMappings: Record<string, string | null>;
  noteColumns: string[];
  dryRun?: boolean;
  onProgress?: (progress: ImportProgress) => void;
}

/** The budget year, the version (which must not belong to another budget year) and the fiscal year lines get. */
async function loadTargets(app: AppContext, plan: ImportPlan) {
  const budgetYear = await requireBudgetYear(app.db, plan.budgetYearId);
  const version = plan.versionId === null ? null : ((await findVersionById(app.db, plan.versionId)) ?? null);
  if (plan.versionId !== null && !version) {
    throw notFound('Version');
  }
  if (version && version.budget_year_id !== null && version.budget_year_id !== budgetYear.id) {
    const other = await findBudgetYearRow(app.db, version.budget_year_id);
    throw new AppError(
      400,
      'BAD_REQUEST',
      `The version "${version.label}" belongs to budget year ${other?.fiscal_year ?? version.budget_year_id}, not ${budgetYear.fiscal_year}`,
    );
  }
  const fiscalYear = version?.fiscal_year ?? plan.newVersion?.fiscalYear ?? budgetYear.current_fiscal_year;
  if (!fiscalYear) {
    throw new AppError(400, 'BAD_REQUEST', 'Choose a version: the budget year has no current fiscal year');
  }
  return { budgetYear, version, fiscalYear };
}

/**
 * Imports a file already on disk with a confirmed mapping, in one transaction (see runImport).
 * `header` comes from the analysis when the wizard stored it; otherwise the file is sampled again.
 */
export async function importFromPath(
  app: AppContext,
  actor: Actor,
  file: { path: string; originalName: string; sha256: string; header?: HeaderInfo },
  plan: ImportPlan,
): Promise<ImportResult> {
  authorize(actor, 'import.run');
  const targets = await loadTargets(app, plan);
  const table = await openTable(file.path, file.originalName);
  const header = file.header ?? headerOf(await sampleRows(table)).header;
  const mapping = resolveMapping(plan.importType, header.columns, plan.columnMappings, plan.noteColumns);
  return runImport(app, actor, { table, header, mapping, file, targets, plan });
}

/**
 * POST /import/execute: imports the upload an analysis stored. Only its uploader may import it;
 * a real import deletes it afterwards (a dry run keeps it for the real one).
 */
export async function executeUpload(app: AppContext, actor: Actor, body: ExecuteBody): Promise<ImportResult> {
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
  if (upload.meta.importType !== body.importType) {
    throw new AppError(
      400,
      'BAD_REQUEST',
      `This file was analyzed for a ${upload.meta.importType} import: analyze it again as ${body.importType}`,
    );
  }
  const result = await importFromPath(
    app,
    actor,
    {
      path: upload.path,
      originalName: upload.meta.originalName,
      sha256: upload.meta.sha256,
      header: upload.meta.header,
    },
    { ...body, noteColumns: body.noteColumns ?? [] },
  );
  if (!result.dryRun) {
    await deleteUpload(app.config.dataDir, body.fileName);
  }
  return result;
}

/**
 * The CLI's import: analyze a file on disk, apply `--map` overrides to the suggestions, then import.
 * Returns the analysis too, so the CLI can show the mapping it used.
 */
export async function importLocalFile(
  app: AppContext,
  actor: Actor,
  filePath: string,
  plan: Omit<ImportPlan, 'columnMappings' | 'noteColumns'> & {
    overrides: Record<string, string | null>;
    noteColumns?: string[];
  },
) {
  const originalName = filePath.split(/[\\/]/).pop() ?? filePath;
  const analysis = await analyzeFile(app, actor, { path: filePath, originalName }, plan.importType);
  const columnMappings: Record<string, string | null> = {};
  for (const [field, s] of Object.entries(analysis.suggestedMappings)) {
    columnMappings[field] = s.csvColumn;
  }
  Object.assign(columnMappings, plan.overrides);
  const noteColumns = plan.noteColumns ?? analysis.suggestedNoteColumns;
  const result = await importFromPath(
    app,
    actor,
    { path: filePath, originalName, sha256: analysis.sha256, header: analysis.header },
    { ...plan, columnMappings, noteColumns },
  );
  return { analysis, columnMappings, noteColumns, result };
}
