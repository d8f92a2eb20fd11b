import { z } from 'zod';
import { idText, isoDate, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';

/**
 * Budget vs actual (issue 27 item 5): for a fiscal year, the budget (the proposed lines of the year,
 * and the ledger's revised budget) against what the ledger says was expended and encumbered, by
 * category, DESE function, building or account, with the projected year-end at the current rate.
 */

export const ACTUALS_GROUPINGS = ['category', 'function', 'building', 'account'] as const;
export type ActualsGrouping = (typeof ACTUALS_GROUPINGS)[number];
export const ACTUALS_GROUPING_LABELS: Record<ActualsGrouping, string> = {
  category: 'Category',
  function: 'DESE function',
  building: 'Building',
  account: 'Account',
};

/** The key of rows with nothing to group by (no category, no function code, District Wide, no account). */
export const NO_KEY = 'none';

export const actualsReportQuery = z.strictObject({
  fiscalYear: fiscalYearInput,
  by: z
    .enum(ACTUALS_GROUPINGS, { error: 'Group by category, function, building or account' })
    .default('category'),
  /** The budget year whose proposed lines are the budget (default: the one whose current year this is). */
  budgetYearId: idText.optional(),
});

/** The figures of a group, an account or the whole year. */
export const actualsFiguresSchema = z.object({
  /** Proposed lines of the year in this group. */
  budget: moneyOut,
  /** The ledger's revised budget (original appropriation + transfers). */
  revisedBudget: moneyOut,
  originalBudget: moneyOut,
  expended: moneyOut,
  encumbered: moneyOut,
  /** revisedBudget − expended − encumbered. */
  available: moneyOut,
  /** expended ÷ revisedBudget × 100, one decimal; null when the revised budget is 0. */
  percentUsed: z.number().nullable(),
  /** expended ÷ periods elapsed × 12 (see the report's projectionRule). */
  projectedYearEnd: moneyOut,
  /** revisedBudget − projectedYearEnd: negative when the year is on course to overspend. */
  projectedVariance: moneyOut,
  /** expended + encumbered beyond the revised budget (available below 0). */
  overBudget: z.boolean(),
  /** The projected year-end beyond the revised budget. */
  projectedOver: z.boolean(),
});

export const actualsGroupSchema = actualsFiguresSchema.extend({
  key: z.string(),
  label: z.string(),
  accountCount: z.number().int(),
  lineCount: z.number().int(),
});

export const actualsAccountSchema = actualsFiguresSchema.extend({
  id: z.number().int(),
  row: z.number().int(),
  account: z.string(),
  description: z.string().nullable(),
  functionCode: z.string().nullable(),
  functionName: z.string().nullable(),
  objectCode: z.string().nullable(),
  locationCode: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  /** Proposed lines whose account number is this account (their amounts are `budget`). */
  matchedLineCount: z.number().int(),
  warnings: z.array(z.string()),
});

export const lineWithoutAccountSchema = z.object({
  id: z.number().int(),
  description: z.string().nullable(),
  accountLine: z.string().nullable(),
  deseCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  buildingName: z.string().nullable(),
  amount: moneyOut,
  reason: z.string(),
});

export const setAsideRowSchema = z.object({
  row: z.number().int(),
  account: z.string(),
  description: z.string().nullable(),
  reason: z.string(),
  revisedBudget: moneyOut,
  expended: moneyOut,
  encumbered: moneyOut,
});

export const actualsReportResponse = z.object({
  fiscalYear: z.number().int(),
  by: z.enum(ACTUALS_GROUPINGS),
  /** The ledger import the figures read, or null when the year has none yet. */
  ledger: z
    .object({
      importId: z.number().int(),
      period: z.number().int(),
      periodsElapsed: z.number().int(),
      fileName: z.string(),
      importedAt: isoDate,
      importedBy: z.string().nullable(),
      accountPattern: z.string(),
    })
    .nullable(),
  /** Whose proposed lines are the budget, or null when no budget year holds any for the year. */
  budgetSource: z
    .object({ budgetYearId: z.number().int(), budgetYear: z.string(), lineCount: z.number().int() })
    .nullable(),
  /** How the projected year-end is worked out, in words. */
  projectionRule: z.string(),
  /** How budget lines and accounts are matched, in words. */
  matchRule: z.string(),
  totals: actualsFiguresSchema,
  rows: z.array(actualsGroupSchema),
  accounts: z.array(actualsAccountSchema),
  /** Accounts no proposed line names (their `matchedLineCount` is 0). */
  unmatchedAccountCount: z.number().int(),
  linesWithoutAccount: z.array(lineWithoutAccountSchema),
  setAside: z.array(setAsideRowSchema),
});

/** Spent to date against budget for the dashboard's current fiscal year (item 6). */
export const actualsSummaryQuery = z.strictObject({ fiscalYear: fiscalYearInput });
export const actualsSummaryResponse = z.object({
  fiscalYear: z.number().int(),
  hasLedger: z.boolean(),
  period: z.number().int().nullable(),
  budget: moneyOut,
  revisedBudget: moneyOut,
  expended: moneyOut,
  encumbered: moneyOut,
  available: moneyOut,
  percentUsed: z.number().nullable(),
  projectedYearEnd: moneyOut,
  overBudget: z.boolean(),
  projectedOver: z.boolean(),
  /** Groups (categories) flagged over budget or projected over. */
  flaggedCategories: z.number().int(),
});

export type ActualsReportQuery = z.infer<typeof actualsReportQuery>;
export type ActualsFigures = z.infer<typeof actualsFiguresSchema>;
export type ActualsGroup = z.infer<typeof actualsGroupSchema>;
export type ActualsAccount = z.infer<typeof actualsAccountSchema>;
export type LineWithoutAccount = z.infer<typeof lineWithoutAccountSchema>;
export type SetAsideRow = z.infer<typeof setAsideRowSchema>;
export type ActualsReport = z.infer<typeof actualsReportResponse>;
export type ActualsSummary = z.infer<typeof actualsSummaryResponse>;

/** The key of the group an account falls in under a grouping (drill-down: the accounts of a row). */
export function accountGroupKey(by: ActualsGrouping, a: ActualsAccount): string {
  switch (by) {
    case 'category':
      return a.categoryId === null ? NO_KEY : String(a.categoryId);
    case 'function':
      return a.functionCode ?? NO_KEY;
    case 'building':
      return a.buildingId === null ? NO_KEY : String(a.buildingId);
    default:
      return a.account;
  }
}
