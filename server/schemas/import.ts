import { z } from 'zod';
import { SCENARIO_TYPES } from './common';

/**
 * The import API (SPEC sections 3, 5 and 7): analyze a .csv/.xlsx/.xls file, map its columns onto
 * the fields below, execute in one transaction, and list the runs. Imports only zod: the web app
 * and the CLI use the same field lists and limits.
 */

export const IMPORT_TYPES = SCENARIO_TYPES;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const importTypeSchema = z.enum(IMPORT_TYPES, { error: 'Choose operating or proposed' });

export const IMPORT_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** Uploads larger than this are refused with 413. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_MB = MAX_IMPORT_BYTES / (1024 * 1024);
/** SPEC section 9: the preview shows the first 5 rows; results list 20 warnings and 10 errors. */
export const PREVIEW_ROWS = 5;
export const RESULT_WARNINGS_SHOWN = 20;
export const RESULT_ERRORS_SHOWN = 10;
/** The mapping value that leaves a field out (only optional fields may be skipped). */
export const SKIP = 'SKIP';

export const CONFIDENCES = ['high', 'medium', 'none'] as const;
export const confidenceSchema = z.enum(CONFIDENCES);

export interface ImportField {
  field: string;
  label: string;
  required: boolean;
  /** What the field holds and how its values are read. */
  description: string;
}

export const OPERATING_FIELDS: readonly ImportField[] = [
  {
    field: 'lastName',
    label: 'Last Name',
    required: true,
    description:
      "A last name, or a full name: 'Last, First' or 'First Last' is split when First Name is not mapped",
  },
  { field: 'firstName', label: 'First Name', required: false, description: 'Given name' },
  { field: 'position', label: 'Position', required: false, description: 'Job title, e.g. Teacher' },
  {
    field: 'currentSalary',
    label: 'Current Salary',
    required: true,
    description: 'Budgeted salary for the FTE: $1,234.50, 1,234 and (1,234.00) are all read',
  },
  {
    field: 'currentFTE',
    label: 'FTE',
    required: false,
    description: '1.0 full time, 0.5 half; 50% also works (blank = 1.0)',
  },
  {
    field: 'locationCode',
    label: 'Building / Location',
    required: false,
    description: 'Matched to a building by code, then by name; no match leaves District Wide with a warning',
  },
  { field: 'department', label: 'Department', required: false, description: 'Department name' },
  { field: 'workGroup', label: 'Work Group', required: false, description: 'Bargaining unit or work group' },
  { field: 'jobClass', label: 'Job Class', required: false, description: 'Job class or job code' },
  {
    field: 'deseCode',
    label: 'DESE Code / Account',
    required: false,
    description: "A DESE function code, or an account string containing one ('01-170-2305-51100')",
  },
  { field: 'hireDate', label: 'Hire Date', required: false, description: 'm/d/yyyy, ISO or an Excel date' },
  {
    field: 'dateOfDeparture',
    label: 'Departure Date',
    required: false,
    description: 'm/d/yyyy, ISO or an Excel date',
  },
  {
    field: 'employeeStatus',
    label: 'Status',
    required: false,
    description: 'Active, Retiring or Inactive (blank = Active)',
  },
  {
    field: 'nextYearSalary',
    label: 'Next Year Salary',
    required: false,
    description: 'Stored as a manual next-year salary',
  },
  {
    field: 'fiscalYear',
    label: 'Fiscal Year',
    required: false,
    description: "Per row: 'FY26', 2026 or '2025-2026'",
  },
  { field: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

export const PROPOSED_FIELDS: readonly ImportField[] = [
  {
    field: 'accountDescription',
    label: 'Account Description',
    required: true,
    description: 'What the line pays for',
  },
  {
    field: 'amount',
    label: 'Amount',
    required: true,
    description:
      "Proposed amount: $1,234.50, (1,234) as negative, '-' as zero; rows without one are headings",
  },
  {
    field: 'accountLine',
    label: 'Account Number',
    required: false,
    description: "Ledger account string; a DESE function code inside it is found ('0100-3-300-2305-...')",
  },
  { field: 'deseCode', label: 'DESE Code', required: false, description: 'DESE function code, e.g. 2305' },
  {
    field: 'deseCategories',
    label: 'DESE Category',
    required: false,
    description: 'DESE category or function name',
  },
  {
    field: 'category',
    label: 'Budget Category',
    required: false,
    description: 'Used when the DESE code matches no category: matched by category name or code',
  },
  { field: 'name', label: 'Line Name', required: false, description: 'Short name or vendor' },
  {
    field: 'locationCode',
    label: 'Building',
    required: false,
    description: 'Matched to a building by code, then by name; blank is District Wide',
  },
  {
    field: 'fiscalYear',
    label: 'Fiscal Year',
    required: false,
    description: "Per row: 'FY26', 2026 or '2025-2026'",
  },
  { field: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

export function fieldsFor(type: ImportType): readonly ImportField[] {
  return type === 'operating' ? OPERATING_FIELDS : PROPOSED_FIELDS;
}

/** Text fields of the multipart analyze request (the file travels as the `file` part). */
export const analyzeFields = z.strictObject({ importType: importTypeSchema });
/** The multipart request as the OpenAPI document shows it (the server checks the text fields with analyzeFields). */
export const analyzeRequest = analyzeFields.extend({
  file: z.string().meta({ format: 'binary', description: 'The .csv, .xlsx or .xls file, at most 50 MB' }),
});

export const expectedColumnSchema = z.object({
  field: z.string(),
  label: z.string(),
  required: z.boolean(),
  description: z.string(),
});

export const suggestionSchema = z.object({ csvColumn: z.string().nullable(), confidence: confidenceSchema });

export const previousImportSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  user: z.string().nullable(),
  importedCount: z.number().int(),
});

export const analysisResponse = z.object({
  success: z.literal(true),
  /** The stored upload to name in POST /import/execute (kept on the server for a few hours). */
  fileName: z.string(),
  /** The name the file had on the user's computer. */
  originalName: z.string(),
  importType: importTypeSchema,
  fileType: z.enum(['csv', 'xlsx', 'xls', 'html']),
  sheetName: z.string().nullable(),
  /** Spreadsheet row of the (last) header row: title rows above it are ignored. */
  headerRow: z.number().int(),
  detectedColumns: z.array(z.string()),
  expectedColumns: z.array(expectedColumnSchema),
  suggestedMappings: z.record(z.string(), suggestionSchema),
  suggestedNoteColumns: z.array(z.string()),
  /** True when the suggestions are a mapping confirmed earlier for the same columns. */
  savedMapping: z.boolean(),
  /** The first 5 data rows, keyed by column name, as text. */
  previewData: z.array(z.record(z.string(), z.string())),
  /** Earlier imports of a byte-identical file, newest first. */
  previousImports: z.array(previousImportSchema),
});

export const UPLOAD_TOKEN = /^[a-f0-9]{32}$/;

export const columnMappingsSchema = z.record(z.string(), z.string().nullable());

export const executeBody = z.strictObject({
  fileName: z.string().regex(UPLOAD_TOKEN, 'Unknown upload: analyze the file again'),
  columnMappings: columnMappingsSchema,
  noteColumns: z.array(z.string()).max(200).default([]),
  importType: importTypeSchema,
  budgetYearId: z.number().int().positive(),
  versionId: z.number({ error: 'Please select a version' }).int().positive(),
  /** Check everything and report what would happen, then roll back. */
  dryRun: z.boolean().optional(),
});

export const importWarningSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  issues: z.array(z.string()),
});

export const importResultSchema = z.object({
  success: z.boolean(),
  dryRun: z.boolean(),
  importRunId: z.number().int().nullable(),
  rowCount: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** The first 100 rows imported with warnings (they carry metadata.needsReview). */
  warnings: z.array(importWarningSchema),
  warningCount: z.number().int(),
  /** The first 100 skipped rows, each with its reason. */
  errors: z.array(z.string()),
  errorCount: z.number().int(),
  /** Skipped rows per reason. */
  skippedReasons: z.record(z.string(), z.number().int()),
  /** Sum of the imported salaries (operating) or amounts (proposed), computed in SQL. */
  totalAmount: z.number(),
  fiscalYears: z.array(z.number().int()),
  durationMs: z.number().int(),
});

export const importRunSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  importType: importTypeSchema,
  budgetYearId: z.number().int().nullable(),
  budgetYear: z.string().nullable(),
  versionId: z.number().int().nullable(),
  versionLabel: z.string().nullable(),
  user: z.string().nullable(),
  createdAt: z.string(),
  rowCount: z.number().int(),
  importedCount: z.number().int(),
  skippedCount: z.number().int(),
  warningCount: z.number().int(),
  errorCount: z.number().int(),
  status: z.string(),
});

export const importRunsQuery = z.strictObject({
  budgetYearId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const importRunsResponse = z.object({ runs: z.array(importRunSchema) });

export const savedMappingsQuery = z.strictObject({
  importType: importTypeSchema,
  /** Repeat the parameter once per column: ?columns=NAME&columns=TITLE. */
  columns: z
    .union([z.string(), z.array(z.string())], { error: 'List the file’s columns' })
    .transform((v) => (Array.isArray(v) ? v : [v])),
});
export const savedMappingResponse = z.object({
  mapping: z
    .object({
      columnMappings: columnMappingsSchema,
      noteColumns: z.array(z.string()),
      updatedAt: z.string(),
    })
    .nullable(),
});

export type AnalyzeFields = z.infer<typeof analyzeFields>;
export type ImportAnalysis = z.infer<typeof analysisResponse>;
export type ExecuteBody = z.infer<typeof executeBody>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportWarning = z.infer<typeof importWarningSchema>;
export type ImportRun = z.infer<typeof importRunSchema>;
export type ImportRunsQuery = z.infer<typeof importRunsQuery>;
export type SavedMappingsQuery = z.infer<typeof savedMappingsQuery>;
export type Confidence = z.infer<typeof confidenceSchema>;
