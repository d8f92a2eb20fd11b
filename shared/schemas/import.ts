import { z } from 'zod';
import { fileDecimal, idNumber, idNumberWith, idText, moneyOut, SCENARIO_TYPES } from './common';
import { crosswalkImportSummary } from './crosswalk';
import { reconciliationSchema } from './import-reconciliation';
import { salaryLinesLocked } from './reconciliation';

export * from './import-reconciliation';

/**
 * The import API: analyze a .csv/.xlsx/.xls file, map its columns onto the fields below, execute in
 * one transaction, list the runs. Imports only zod: the web app and the CLI share fields and limits.
 */

export const IMPORT_TYPES = SCENARIO_TYPES;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const importTypeSchema = z.enum(IMPORT_TYPES, { error: 'Choose operating or proposed' });
/**
 * Every kind of import one pipeline runs: the two budget imports (payroll and budget lines) and the
 * general ledger (ledger-import.ts). Uploads and saved mappings are kept per kind.
 */
export type ImportKindName = ImportType | 'ledger';

export const IMPORT_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** Uploads larger than this are refused with 413. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_MB = MAX_IMPORT_BYTES / (1024 * 1024);
/** The preview shows the first 5 rows; results list 20 warnings and 10 errors. */
export const PREVIEW_ROWS = 5;
/** The import preview reads rows until PREVIEW_ROWS will be imported, skipped rows met included, at most this many. */
export const PREVIEW_ROWS_MAX = 20;
export const RESULT_WARNINGS_SHOWN = 20;
export const RESULT_ERRORS_SHOWN = 10;
/** The mapping value that leaves a field out (only optional fields may be skipped). */
export const SKIP = 'SKIP';

export const CONFIDENCES = ['high', 'medium', 'none'] as const;
export const confidenceSchema = z.enum(CONFIDENCES);

export { fieldsFor, OPERATING_FIELDS, PROPOSED_FIELDS, type ImportField } from './import-fields';

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
  /** The budget year a payroll or budget import went into, its label (FY26) and fiscal year; the ledger has none. */
  budgetYearId: z.number().int().nullable().optional(),
  budgetYear: z.string().nullable().optional(),
  fiscalYear: z.number().int().nullable().optional(),
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
  /** Earlier imports of the same bytes, newest first; columns holding no amount (import-words.ts). */
  previousImports: z.array(previousImportSchema),
  notAmounts: z.record(z.string(), z.object({ row: z.number().int(), text: z.string() })),
});

export const UPLOAD_TOKEN = /^[a-f0-9]{32}$/;

export const columnMappingsSchema = z.record(z.string(), z.string().nullable());

export const executeBody = z.strictObject({
  fileName: z.string().regex(UPLOAD_TOKEN, 'Unknown upload: analyze the file again'),
  columnMappings: columnMappingsSchema,
  noteColumns: z.array(z.string()).max(200).default([]),
  importType: importTypeSchema,
  budgetYearId: idNumber,
  versionId: idNumberWith(undefined, 'Please select a version'),
  /** Check everything and report what would happen, then roll back. */
  dryRun: z.boolean().optional(),
  /** Leave out rows whose building cell is filled and names none of the district's buildings. */
  onlyDistrictBuildings: z.boolean({ error: 'onlyDistrictBuildings must be true or false' }).optional(),
  /**
   * Import a file already imported into this budget year as this kind: its lines are added a second
   * time. Without it such an import is refused (409 ALREADY_IMPORTED); a dry run is never refused.
   */
  allowRepeat: z.boolean({ error: 'allowRepeat must be true or false' }).optional(),
});

export const importWarningSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  issues: z.array(z.string()),
});

/**
 * One row of the file as the import reads it, by the same transform the import runs: what the line
 * will store, or why the row is skipped.
 */
export const previewRowSchema = z.object({
  row: z.number().int(),
  /** import: stored as read; review: stored and marked for review (see warnings); skip: not stored. */
  status: z.enum(['import', 'review', 'skip']),
  /** Why a skipped row is skipped ('total or subtotal row'); null otherwise. */
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  /**
   * What the line stores, by import field (firstName, lastName, currentSalary, amount, ...): text as
   * stored, money as exact decimals ('153224.76'), dates as YYYY-MM-DD; `building` is the matched
   * building's name (null: District Wide) and `category` the matched category's. Empty when skipped.
   */
  values: z.record(z.string(), z.string().nullable()),
  /** A skipped row's own cells, joined ('TOTAL · 11,809,742'); null otherwise. */
  text: z.string().nullable(),
});

export const importPreviewSchema = z.object({
  /** The first rows until PREVIEW_ROWS will be imported (at most PREVIEW_ROWS_MAX), blank rows left out. */
  rows: z.array(previewRowSchema),
  /** Blank rows in the whole file: ignored, never shown. */
  blankRows: z.number().int(),
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
  /**
   * Imported lines marked for review, by the rule the Data Quality list uses (server/queries/
   * needs-review.ts): the rows with warnings and the employees the next-year salary rule flags.
   */
  reviewCount: z.number().int(),
  /** The first 100 skipped rows, each with its reason. */
  errors: z.array(z.string()),
  errorCount: z.number().int(),
  /** Skipped rows per reason. */
  skippedReasons: z.record(z.string(), z.number().int()),
  /** onlyDistrictBuildings: rows left out (skipped) for their building, their sum, the top 10. */
  leftOut: z
    .object({
      rows: z.number().int(),
      amount: fileDecimal,
      buildings: z.array(z.object({ building: z.string(), rows: z.number().int() })),
    })
    .optional(),
  /** Sum of the imported salaries (operating) or amounts (proposed), computed in SQL. */
  totalAmount: moneyOut,
  fiscalYears: z.array(z.number().int()),
  /**
   * Projected lines the import replaced: imported lines of a fiscal year and kind supersede that
   * year's projected lines of the kind in the budget year's active budget scope.
   */
  replacedProjected: z.number().int(),
  /**
   * The stored (not projected) lines of the import's kind that its fiscal year already held, read
   * before the COPY in the scope the import writes to: the budget year's lines of that year in the
   * budgets that count, whatever their version, as the dashboard counts them. The import adds its
   * lines beside these; only projected lines are replaced (replacedProjected).
   */
  alreadyStored: z.object({
    fiscalYear: z.number().int(),
    count: z.number().int(),
    /** Their current salaries (operating) or amounts (proposed), summed in SQL. */
    total: moneyOut,
  }),
  /**
   * Payroll imports: the people's positions. A newcomer fills a vacant or posted position of their
   * title at their building (filled); anyone else becomes a filled position of their own (created),
   * paid by their line's fund when it is another fund that can pay the year after (grantFunded).
   */
  positions: z
    .object({
      filled: z.number().int(),
      created: z.number().int(),
      grantFunded: z.number().int(),
      /** Rows with no name (open positions) made vacant positions at their salary: no one's line. */
      vacant: z.number().int().default(0),
    })
    .optional(),
  /**
   * Next-year salaries of the imported employees (0 for proposed lines): computed by the automatic
   * rule, kept from the file's Next Year Salary column (manual), and flagged for review by the rule.
   */
  nextYearSalaries: z.object({
    automatic: z.number().int(),
    manual: z.number().int(),
    flagged: z.number().int(),
  }),
  reconciliation: reconciliationSchema,
  /** The first rows as they will be stored or skipped (the wizard's preview). */
  preview: importPreviewSchema,
  /** Operating imports: what the position crosswalk gave the rows, and the titles no rule matches. */
  crosswalk: crosswalkImportSummary.optional(),
  /**
   * What the function-code rules gave lines the file left without: a DESE function code, and, for
   * budget lines on the general fund with no fund named, a fund; and how many lines two rules
   * disagreed on, which keep no code or stay on the general fund. A payroll's open positions are
   * vacant positions, not lines: their codes and disagreements are counted apart (openPosition*). */
  fromRules: z.object({
    functionCodes: z.number().int(),
    openPositionCodes: z.number().int().default(0),
    funds: z.number().int(),
    codeConflicts: z.number().int(),
    openPositionCodeConflicts: z.number().int().default(0),
    fundConflicts: z.number().int(),
  }),
  durationMs: z.number().int(),
  /** The locked salary lines the import's payroll could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
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
  /**
   * The run's lines marked for review when it ran: the import's reviewCount (its 'Marked for
   * review'), stored on the run, so Import History says what the import said.
   */
  warningCount: z.number().int(),
  errorCount: z.number().int(),
  /** Projected lines the run replaced (see importResultSchema.replacedProjected). */
  replacedProjectedCount: z.number().int(),
  status: z.string(),
  undoneAt: z.string().nullable(), // when POST /import/runs/:id/undo took it back, else null
});

export const importRunsQuery = z.strictObject({
  budgetYearId: idText.optional(),
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
export type PreviewRow = z.infer<typeof previewRowSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportRun = z.infer<typeof importRunSchema>;
export type ImportRunsQuery = z.infer<typeof importRunsQuery>;
export type SavedMappingsQuery = z.infer<typeof savedMappingsQuery>;
export type Confidence = z.infer<typeof confidenceSchema>;
