import { suggestMappings } from '@server/lib/import/suggest';
import type { ImportResult, ImportType } from '@shared/schemas/import';
import { importFromPath, type ImportPlan } from '../import-execute';
import { findRunsOfFile } from '../queries/runs-of-file';
import type { ImportKind } from './kind';

/**
 * The two budget imports, payroll (operating: employees and their pay) and budget lines
 * (proposed): their fields and suggestions by type, earlier runs from import_runs, and the line
 * writer's one-transaction COPY (import-run.ts), which transforms, reconciles and writes.
 */
export type LineKind<T extends ImportType> = ImportKind<T, ImportPlan, ImportResult, object>;

function lineKind<T extends ImportType>(type: T): LineKind<T> {
  return {
    name: type,
    noun: type,
    suggest: (columns, profiles, sampleRows) => suggestMappings(type, columns, profiles, sampleRows),
    previousImports: (db, sha256) => findRunsOfFile(db, sha256, type),
    analyzeMore: () => Promise.resolve({}),
    run: importFromPath,
  };
}

export const payrollKind = lineKind('operating');
export const budgetKind = lineKind('proposed');

/** The kind of a budget import type. */
export const lineKindOf = (type: ImportType): LineKind<ImportType> =>
  type === 'operating' ? payrollKind : budgetKind;
