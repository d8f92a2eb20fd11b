import type { ImportAnalysis } from '@shared/schemas/import';
import { SKIP } from '@shared/schemas/import';
import { requiredFieldsText } from '@shared/import-words';

/** The wizard's mapping: a column name, or SKIP, for every expected field. */
export type FieldMapping = Record<string, string>;

/** What the mapping step reads of an analysis: the same for line imports and the ledger. */
export type MappedAnalysis = Pick<
  ImportAnalysis,
  'expectedColumns' | 'suggestedMappings' | 'detectedColumns' | 'previewData'
>;

/** The analysis's suggestions as a starting mapping (fields with no suggestion are skipped). */
export function initialMapping(analysis: MappedAnalysis): FieldMapping {
  const mapping: FieldMapping = {};
  for (const { field } of analysis.expectedColumns) {
    mapping[field] = analysis.suggestedMappings[field]?.csvColumn ?? SKIP;
  }
  return mapping;
}

/** Labels of required fields left unmapped or on SKIP. */
export function missingRequired(analysis: MappedAnalysis, mapping: FieldMapping): string[] {
  return analysis.expectedColumns
    .filter((f) => f.required && (!mapping[f.field] || mapping[f.field] === SKIP))
    .map((f) => f.label);
}

/** The server's words for an unmapped required field (shared/import-words.ts), said before it is asked. */
export const requiredMessage = requiredFieldsText;

/** The body's columnMappings: SKIP becomes null. */
export function toColumnMappings(mapping: FieldMapping): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(mapping).map(([field, column]) => [field, column === SKIP ? null : column]),
  );
}

/** Columns no field uses, which may go to notes instead. */
export function unmappedColumns(analysis: MappedAnalysis, mapping: FieldMapping): string[] {
  const used = new Set(Object.values(mapping));
  return analysis.detectedColumns.filter((c) => !used.has(c));
}

/** The first non-blank preview value of a column, to show what a mapping picks up. */
export function sampleValue(analysis: MappedAnalysis, column: string | undefined): string {
  if (!column || column === SKIP) {
    return '';
  }
  return analysis.previewData.map((row) => row[column] ?? '').find((v) => v.trim() !== '') ?? '';
}

/** 12,345 bytes -> '12 KB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} bytes`;
  }
  if (bytes < 1024 * 1024) {
    return `${Math.round(bytes / 1024)} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
