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

/**
 * Which ledger accounts a report lists (its `accounts`): every one, none (the groups and totals
 * only: what the screen asks first, since a ledger holds up to tens of thousands of accounts), or
 * those no proposed line names. `group` narrows the list to one group of the view (a row's `key`):
 * the drill-down.
 */
export const ACTUALS_ACCOUNT_LISTS = ['all', 'none', 'unmatched'] as const;
export type ActualsAccountList = (typeof ACTUALS_ACCOUNT_LISTS)[number];
/**
 * What a report lists when not told: every account, as the CLI (`--json`), the workbook and callers
 * from before the choice existed expect.
 */
export const DEFAULT_ACCOUNT_LIST: ActualsAccountList = 'all';

/** Groupings whose group keys are row ids (or NO_KEY). */
const ID_KEYED: readonly ActualsGrouping[] = ['category', 'building'];

export const actualsReportQuery = z
  .strictObject({
    fiscalYear: fiscalYearInput,
    by: z
      .enum(ACTUALS_GROUPINGS, { error: 'Group by category, function, building or account' })
      .default('category'),
    /** The budget year whose proposed lines are the budget (default: the one whose current year this is). */
    budgetYearId: idText.optional(),
    accounts: z
      .enum(ACTUALS_ACCOUNT_LISTS, { error: 'List accounts all, none or unmatched' })
      .default(DEFAULT_ACCOUNT_LIST)
      .meta({
        description:
          "Which ledger accounts the response's `accounts` lists: 'all' (the default), 'none' (no " +
          'account: the groups, totals, lines with no account and rows set aside, the light read a screen ' +
          "starts with) or 'unmatched' (the accounts no proposed line names). The groups, totals and " +
          'unmatchedAccountCount are the same whatever is listed.',
      }),
    group: z
      .string()
      .trim()
      .min(1, 'Name a group: the key of a row of the report')
      .max(200, 'A group key is at most 200 characters')
      .optional()
      .meta({
        description:
          "List only the accounts of this group of the view chosen by `by`: a row's `key` (a category " +
          "or building id, a DESE function code, an account, or 'none'). Not with accounts=none.",
      }),
  })
  .superRefine((q, ctx) => {
    if (q.group === undefined) {
      return;
    }
    if (q.accounts === 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['group'],
        message:
          'group picks whose accounts to list: use it with accounts=all or accounts=unmatched, not none',
      });
    } else if (ID_KEYED.includes(q.by) && q.group !== NO_KEY && !/^\d{1,10}$/.test(q.group)) {
      ctx.addIssue({
        code: 'custom',
        path: ['group'],
        message: `By ${q.by}, a group is a ${q.by} id or '${NO_KEY}'`,
      });
    }
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
  /** Which accounts `accounts` lists (the query's `accounts`), so an unasked list is not read as empty. */
  accountsListed: z.enum(ACTUALS_ACCOUNT_LISTS),
  /** The one group whose accounts are listed, or null for every group. */
  group: z.string().nullable(),
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
  /** The accounts `accountsListed` and `group` asked for, in file order. */
  accounts: z.array(actualsAccountSchema),
  /** Accounts no proposed line names (their `matchedLineCount` is 0), whatever is listed. */
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
