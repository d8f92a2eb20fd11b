import type { AppContext } from '@server/context';
import { AppError, notFound } from '@server/errors';
import type { HeaderInfo } from '@server/lib/import/header';
import { openTable } from '@server/lib/import/read-table';
import { authorize, type Actor } from '@server/policies/index';
import type { ImportResult, ImportType } from '@shared/schemas/import';
import { findBudgetYearRow } from '@server/domains/budgets';
import { findVersionById } from '@server/domains/budgets';
import { refuseSecondHome, requireBudgetYear } from '@server/domains/budgets';
import { dataRows, headerOf, sampleRows } from './import-analyze';
import { refuseUnreadableAmounts, resolveMapping } from './import-mapping';
import { runImport, type ImportProgress } from './import-run';
import { refuseRepeat } from './import-repeat';

export interface ImportPlan {
  importType: ImportType;
  budgetYearId: number;
  versionId: number | null;
  /** A version to create for the import, in its transaction (the CLI's --create-version). */
  newVersion?: { label: string; fiscalYear: number };
  columnMappings: Record<string, string | null>;
  noteColumns: string[];
  dryRun?: boolean;
  /** Leave out rows whose filled building cell names none of the district's buildings. */
  onlyDistrictBuildings?: boolean;
  /** Import a file already imported into this budget year as this kind (its lines come twice). */
  allowRepeat?: boolean;
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
  // One home per fiscal year (docs/ARCHITECTURE.md): refused before the file is read; the
  // database trigger refuses the same lines whatever path writes them.
  await refuseSecondHome(
    app.db,
    budgetYear,
    fiscalYear,
    plan.versionId === null ? 'budgetYearId' : 'versionId',
  );
  return { budgetYear, version, fiscalYear };
}

/**
 * Imports a file already on disk with a confirmed mapping, in one transaction (see runImport).
 * `header` comes from the analysis when the wizard stored it; otherwise the file is found again in
 * the first rows, which are read either way: a mapped amount column must hold amounts.
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
  const sample = await sampleRows(table);
  const header = file.header ?? headerOf(sample).header;
  const mapping = resolveMapping(plan.importType, header.columns, plan.columnMappings, plan.noteColumns);
  // Without a Fiscal Year column every row goes to the target's year, checked before the file is
  // read; with one, the rows' years are known once they are read (runImport checks them then).
  if (!mapping.fields.has('fiscalYear')) {
    await refuseRepeat(
      app.db,
      plan,
      { budgetYearId: targets.budgetYear.id, fiscalYears: [targets.fiscalYear] },
      file.sha256,
    );
  }
  refuseUnreadableAmounts(plan.importType, mapping, header.columns, dataRows(sample, header));
  return runImport(app, actor, { table, header, mapping, file, targets, plan });
}
