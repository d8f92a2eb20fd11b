import { useMemo } from 'react';
import { importsInto } from '@shared/import-words';
import { MAX_IMPORT_MB, MAX_IMPORT_BYTES, type ImportType } from '@shared/schemas/import';
import { ApiError } from '@web/api/client';
import {
  useAnalyzeFile,
  useExecuteImport,
  type ImportAnalysis,
  type ImportResult,
  type importApi,
} from '@web/api/import';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { formatMoney } from '@web/lib/format';
import { toColumnMappings, type FieldMapping } from '../mapping';
import { supersedeText } from '../reconciliation';
import type { Run, WizardKind } from '../wizard-kind';
import { LeaveOutOption } from './lines-leave-out';
import { LinePreviewDetails } from './lines-preview';
import { LineResult, NoteColumns } from './lines-result';
import { skippedReason } from './skip-reason';
import { VersionField } from './version-field';

/** Beside a line import's mapping: the version the lines go into, and the columns kept in notes. */
export interface LineSettings {
  versionId: number | null;
  noteColumns: string[];
}

type LineBody = Parameters<typeof importApi.execute>[0] & { dryRun?: boolean };

const count = (n: number) => n.toLocaleString('en-US');

function useAnalyzeLines(importType: ImportType): Run<File, ImportAnalysis> {
  const analyze = useAnalyzeFile();
  return {
    isPending: analyze.isPending,
    isError: analyze.isError,
    error: analyze.error,
    reset: analyze.reset,
    mutate: (file, options) => analyze.mutate({ file, importType }, options),
  };
}

/** The payroll (operating) and budget line (proposed) imports: lines into a version of the year. */
function lineKind(
  importType: ImportType,
  title: string,
): WizardKind<ImportAnalysis, LineSettings, LineBody, ImportResult> {
  return {
    title,
    initialSettings: { versionId: null, noteColumns: [] },
    fromAnalysis: (analysis, settings) => ({ ...settings, noteColumns: analysis.suggestedNoteColumns }),
    useAnalyze: () => useAnalyzeLines(importType),
    useExecute: useExecuteImport,
    useBody: function useLineBody(analysis, mapping: FieldMapping, { versionId, noteColumns }) {
      const { selected: budgetYear } = useBudgetYear();
      return useMemo(
        () =>
          analysis && budgetYear && versionId
            ? {
                fileName: analysis.fileName,
                columnMappings: toColumnMappings(mapping),
                noteColumns,
                importType,
                budgetYearId: budgetYear.id,
                versionId,
              }
            : null,
        [analysis, budgetYear, versionId, mapping, noteColumns],
      );
    },
    upload: {
      Fields: (props) => <VersionField {...props} importType={importType} />,
      missing: (settings) => (settings.versionId ? undefined : 'Please select a version'),
      dropTitle: 'Choose a file or drop it here',
      dropHint: `CSV, Excel (.xlsx) or legacy Excel (.xls), up to ${MAX_IMPORT_MB} MB. Title rows above the column headers are fine.`,
      tooLarge: (bytes) =>
        bytes > MAX_IMPORT_BYTES ? `The file is larger than the ${MAX_IMPORT_MB} MB upload limit` : undefined,
    },
    map: {
      caption: "Map the file's columns to fields",
      showConfidence: true,
      repeatAdds: true,
      Extras: NoteColumns,
      // A column a field uses is no longer a note.
      columnChosen: (settings, column) => ({
        ...settings,
        noteColumns: settings.noteColumns.filter((c) => c !== column),
      }),
    },
    preview: {
      checking: 'Checking every row of the file...',
      // Into the fiscal years the dry run's rows go to (the version's, or its Fiscal Year column's):
      // another year of the budget year is new lines.
      repeats: (analysis, body, dry) =>
        dry ? importsInto(analysis.previousImports, body.budgetYearId, dry.fiscalYears) : [],
      noun: 'Rows',
      refusedTitle: 'This file cannot be imported as mapped',
      // Only a 400 refuses the file as mapped; anything else may pass on a second try.
      refuses: (error) => error instanceof ApiError && error.status === 400,
      imported: (dry) => dry.imported,
      summary: (dry) => ({
        variant: dry.reviewCount || dry.skipped ? 'info' : 'success',
        title: 'Ready to import',
        text: (
          <>
            {count(dry.imported)} of {count(dry.rowCount)} rows will be imported
            {dry.skipped
              ? `, ${count(dry.skipped)} skipped (${Object.entries(dry.skippedReasons)
                  .map(([r, n]) => skippedReason(r, n))
                  .join(', ')})`
              : ''}
            {/* The Data Quality list's rule, as the result and Import History count them. */}
            {dry.reviewCount ? `; ${count(dry.reviewCount)} will be marked for review` : ''}. Total{' '}
            {formatMoney(dry.totalAmount)}. {supersedeText(dry)}
          </>
        ),
      }),
      // A town's payroll holds every department: the payroll may leave out the others' rows.
      ...(importType === 'operating' ? { Options: LeaveOutOption } : {}),
      Details: LinePreviewDetails,
    },
    complete: {
      Result: LineResult,
      links: (result) => [
        ...(result.reviewCount ? [{ to: '/admin/data-quality', label: 'Review Flagged Records' }] : []),
        { to: '/admin/import-history', label: 'View Import History' },
      ],
    },
  };
}

export const LINE_KINDS = {
  operating: lineKind('operating', 'Import an operating budget (employees)'),
  proposed: lineKind('proposed', 'Import a proposed budget (lines)'),
} satisfies Record<ImportType, unknown>;
