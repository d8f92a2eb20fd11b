import { z } from 'zod';
import { formatNumber } from '@shared/money';
import { fileDecimal, isoDate, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { analysisResponse, executeBody, type ImportField } from './import';

/**
 * The ledger import: a MUNIS-style year-to-date export (account string,
 * description, original appropriation, transfers, revised budget, expended, encumbrances, period)
 * analyzed, mapped, dry-run and imported as the other imports are, into ledger tables of its own.
 * Imports only zod: the wizard and the CLI use the same fields and limits.
 */

export const LEDGER_IMPORT_TYPE = 'ledger';

/**
 * The largest ledger an import takes. A district's ledger is a few thousand accounts and Boston's
 * tens of thousands; a 100,000-row MUNIS export is about 10 MB as CSV. Past these a file is a
 * mistake or an attack: 330,000 rows held the server's memory at 1.4 GB and its answers for
 * seconds. The byte cap sits under the general upload limit, so such a file is refused as it
 * arrives.
 */
export const LEDGER_MAX_ROWS = 100_000;
export const LEDGER_MAX_MB = 25;
export const LEDGER_MAX_BYTES = LEDGER_MAX_MB * 1024 * 1024;
/** The two limits in words, for every refusal that names them. */
export const LEDGER_LIMITS_TEXT = `a ledger import takes at most ${formatNumber(LEDGER_MAX_ROWS)} rows and ${LEDGER_MAX_MB} MB`;
/** MUNIS counts 12 monthly periods and a 13th for the year-end closing entries. */
export const MIN_PERIOD = 1;
export const MAX_PERIOD = 13;
/** Periods a year has for the projection: expended ÷ min(period, 12) × 12. */
export const PERIODS_PER_YEAR = 12;

/**
 * Where a ledger is in its year, for every place that says so (screen, dashboard card, workbook,
 * CLI): 'period 7 of 12', or 'year-end (period 13)' for MUNIS's closing period, which is a
 * complete year, not a thirteenth month.
 */
export function ledgerPeriodText(period: number): string {
  return period > PERIODS_PER_YEAR
    ? `year-end (period ${period})`
    : `period ${period} of ${PERIODS_PER_YEAR}`;
}

/**
 * What 'What does not match' says for a year with no ledger imported, on the screen and in the
 * workbook's 'Not matched' sheet: nothing can match yet, so no line is listed as unmatched.
 */
export const noLedgerToMatch = (fiscalYearShown: string) =>
  `No ledger: budget lines are matched to ledger accounts once the ${fiscalYearShown} ledger is imported.`;

/** A field of the ledger's mapping, as every import's fields are. */
export type LedgerField = ImportField;

export const LEDGER_FIELDS: readonly LedgerField[] = [
  {
    field: 'account',
    label: 'Account Number',
    required: true,
    description:
      "The full account string; its DESE function and object codes are read by the account pattern ('0100-3-300-2305-03-2-10-1-511001')",
  },
  { field: 'description', label: 'Description', required: false, description: 'What the account pays for' },
  {
    field: 'originalBudget',
    label: 'Original Appropriation',
    required: false,
    description: 'The budget voted at the start of the year',
  },
  {
    field: 'transfers',
    label: 'Transfers / Adjustments',
    required: false,
    description: 'Transfers in and out since the vote (negative out)',
  },
  {
    field: 'revisedBudget',
    label: 'Revised Budget',
    required: true,
    description: 'The budget after transfers: what percent used and available are measured against',
  },
  {
    field: 'expended',
    label: 'Expended Year to Date',
    required: true,
    description: 'Spent so far this year (YTD expended)',
  },
  {
    field: 'encumbered',
    label: 'Encumbrances',
    required: false,
    description: 'Committed by purchase orders and contracts, not yet paid (blank = 0)',
  },
  {
    field: 'available',
    label: 'Available Budget',
    required: false,
    description: 'Only checked: revised − expended − encumbered; a row that differs is marked',
  },
  {
    field: 'period',
    label: 'Period',
    required: false,
    description:
      'The accounting period of the report, 1 to 13 (13 = year-end closing); else give it on import',
  },
  {
    field: 'fiscalYear',
    label: 'Fiscal Year',
    required: false,
    description: 'Only checked: every row must be the fiscal year imported into',
  },
];

export const LEDGER_AMOUNT_FIELDS = [
  'originalBudget',
  'transfers',
  'revisedBudget',
  'expended',
  'encumbered',
] as const;
export type LedgerAmountField = (typeof LEDGER_AMOUNT_FIELDS)[number];

export const periodInput = z.coerce
  .number({ error: 'The period is a whole number from 1 to 13' })
  .int('The period is a whole number from 1 to 13')
  .min(MIN_PERIOD, 'The period is a whole number from 1 to 13 (13 = year-end closing)')
  .max(MAX_PERIOD, 'The period is a whole number from 1 to 13 (13 = year-end closing)');

export const accountPatternInput = z.string().trim().min(1, 'Write the account pattern').max(200);

/** The analysis every import answers with (import.ts), and what the ledger's adds. */
export const ledgerAnalysisResponse = analysisResponse.extend({
  importType: z.literal(LEDGER_IMPORT_TYPE),
  /** The district's account pattern (the import uses it unless told another). */
  accountPattern: z.string(),
  /** The period and fiscal year the first rows name, when a column holds them. */
  detectedPeriod: z.number().int().nullable(),
  detectedFiscalYear: z.number().int().nullable(),
  /** Rows of the first part read as Windows-1252 because they are not UTF-8, named (null: none). */
  encodingNotice: z.string().nullable(),
});

/** An import's execute body (the upload's token, the confirmed mapping, dryRun) with the ledger's plan. */
export const ledgerExecuteBody = executeBody
  .pick({ fileName: true, columnMappings: true, dryRun: true })
  .extend({
    fiscalYear: fiscalYearInput,
    /** Required when no Period column is mapped; must agree with it when one is. */
    period: periodInput.optional(),
    /** Another pattern for this import (a real import saves it as the district's). */
    accountPattern: accountPatternInput.optional(),
    /** Import an earlier period over a later one (normally refused). */
    replaceLaterPeriod: z.boolean().optional(),
  });

/** What a row stores (2 decimals): Money, as every stored amount is. */
const amounts = z.object({
  originalBudget: moneyOut,
  transfers: moneyOut,
  revisedBudget: moneyOut,
  expended: moneyOut,
  encumbered: moneyOut,
});

export const ledgerRowSchema = z.object({
  row: z.number().int(),
  /** import: in the figures; review: in the figures, see warnings; set-aside: kept out, see reason; skip: not a ledger row. */
  status: z.enum(['import', 'review', 'set-aside', 'skip']),
  account: z.string(),
  description: z.string().nullable(),
  /** The account's FUND segment (the account pattern's), as written; null without one. */
  fundCode: z.string().nullable(),
  functionCode: z.string().nullable(),
  objectCode: z.string().nullable(),
  locationCode: z.string().nullable(),
  building: z.string().nullable(),
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  amounts: amounts.nullable(),
});

export const ledgerReconcileColumnSchema = z.object({
  field: z.enum(LEDGER_AMOUNT_FIELDS),
  label: z.string(),
  /** The file's column (null: not mapped, stored as 0, or revised from original + transfers). */
  column: z.string().nullable(),
  /** The file's sum over every ledger row (set-aside rows included), exactly. */
  fileSum: fileDecimal,
  /** Summed in SQL over the rows stored in the figures. */
  stored: fileDecimal,
  /** Summed in SQL over the rows set aside. */
  setAside: fileDecimal,
  /** Rows whose amount had more than 2 decimals: file minus stored. */
  rounding: fileDecimal,
  /** fileSum − stored − setAside − rounding: '0.00' when every dollar is accounted for. */
  unexplained: fileDecimal,
  balanced: z.boolean(),
});

export const ledgerImportResult = z.object({
  success: z.literal(true),
  dryRun: z.boolean(),
  importId: z.number().int().nullable(),
  fiscalYear: z.number().int(),
  period: z.number().int(),
  accountPattern: z.string(),
  rowCount: z.number().int(),
  /** Accounts stored in the figures. */
  imported: z.number().int(),
  setAsideCount: z.number().int(),
  /** Headings, repeated headers and the file's total rows: not ledger rows. */
  skippedCount: z.number().int(),
  warningCount: z.number().int(),
  /** Function codes read from the accounts: how many accounts each, and whether DESE defines it. */
  functionCodes: z.array(
    z.object({ code: z.string(), name: z.string().nullable(), accounts: z.number().int() }),
  ),
  /** The first 100 rows with warnings, set aside or skipped, in file order. */
  rows: z.array(ledgerRowSchema),
  /** The first rows as they will be stored (until 5 imported, at most 20). */
  preview: z.array(ledgerRowSchema),
  reconciliation: z.object({
    balanced: z.boolean(),
    columns: z.array(ledgerReconcileColumnSchema),
    /** The file's own total rows, listed, not added. */
    totalRows: z.array(z.object({ row: z.number().int(), label: z.string() })),
  }),
  /** The import this one replaced (the fiscal year's earlier period), or null for the first. */
  replaced: z
    .object({ importId: z.number().int(), period: z.number().int(), accountCount: z.number().int() })
    .nullable(),
  /** Rows read as Windows-1252 because they are not UTF-8, named (null: every row was UTF-8). */
  encodingNotice: z.string().nullable(),
  durationMs: z.number().int(),
});

export const ledgerImportSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.number().int(),
  period: z.number().int(),
  fileName: z.string(),
  accountPattern: z.string(),
  user: z.string().nullable(),
  createdAt: isoDate,
  rowCount: z.number().int(),
  accountCount: z.number().int(),
  setAsideCount: z.number().int(),
  warningCount: z.number().int(),
  isCurrent: z.boolean(),
  replacedById: z.number().int().nullable(),
});

export const ledgerImportsQuery = z.strictObject({ fiscalYear: fiscalYearInput.optional() });
export const ledgerImportsResponse = z.object({ imports: z.array(ledgerImportSchema) });

export const accountPatternBody = z.strictObject({ pattern: accountPatternInput });
export const accountPatternResponse = z.object({
  pattern: z.string(),
  defaultPattern: z.string(),
  updatedAt: isoDate,
  /** What the segments mean, for the screen. */
  help: z.string(),
});

export type LedgerAnalysis = z.infer<typeof ledgerAnalysisResponse>;
export type LedgerExecuteBody = z.infer<typeof ledgerExecuteBody>;
export type LedgerImportResult = z.infer<typeof ledgerImportResult>;
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
export type LedgerImport = z.infer<typeof ledgerImportSchema>;
export type LedgerReconcileColumn = z.infer<typeof ledgerReconcileColumnSchema>;
export type AccountPatternInfo = z.infer<typeof accountPatternResponse>;
