import { z } from 'zod';
import { idText, isoDate, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { ledgerFundInput, ledgerFundParts } from './ledger-fund';

/**
 * Budget vs actual: for a fiscal year, the budget (the proposed lines of the year,
 * and the ledger's revised budget) against what the ledger says was expended and encumbered, by
 * category, DESE function, building or account, with the projected year-end at the current rate.
 */

export const LEDGER_GROUPINGS = ['category', 'function', 'building', 'account'] as const;
export type LedgerGrouping = (typeof LEDGER_GROUPINGS)[number];
export const LEDGER_GROUPING_LABELS: Record<LedgerGrouping, string> = {
  category: 'Category',
  function: 'DESE function',
  building: 'Building',
  account: 'Account',
};

/** A share of the revised budget used, as the screen and the CLI print it: '93.6%', or '—' when the revised budget is 0. */
export const percentUsedText = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)}%`);
/** The key of rows with nothing to group by (no category, no function code, District Wide, no account). */
export const NO_KEY = 'none';

/**
 * Which ledger accounts a report lists (its `accounts`): every one, none (the groups and totals
 * only: what the screen asks first, since a ledger holds up to tens of thousands of accounts), or
 * those no proposed line names. `group` narrows the list to one group of the view (a row's `key`):
 * the drill-down.
 */
export const LEDGER_ACCOUNT_LISTS = ['all', 'none', 'unmatched'] as const;
export type LedgerAccountList = (typeof LEDGER_ACCOUNT_LISTS)[number];
/**
 * What a report lists when not told: no account. A ledger may hold hundreds of thousands of rows;
 * a read that lists accounts asks for them and gets them a page at a time, and the workbook
 * (GET /ledger/report.xlsx) streams every one.
 */
export const DEFAULT_ACCOUNT_LIST: LedgerAccountList = 'none';

/** Rows per page of a view's groups (a view by account has one per account) and of accounts. */
export const LEDGER_PAGE = { rows: 500, accounts: 200, max: 1000 } as const;

/** Rows set aside at import that a report lists (their count is given; the workbook lists all). */
export const SET_ASIDE_LISTED = 100;

const pageLimit = (what: string) =>
  z.coerce
    .number({ error: `${what} is a whole number from 1 to ${LEDGER_PAGE.max}` })
    .int(`${what} is a whole number from 1 to ${LEDGER_PAGE.max}`)
    .min(1, `${what} is a whole number from 1 to ${LEDGER_PAGE.max}`)
    .max(LEDGER_PAGE.max, `${what}: at most ${LEDGER_PAGE.max} per page`);
const pageOffset = (what: string) =>
  z.coerce
    .number({ error: `${what} is a whole number of rows to skip` })
    .int(`${what} is a whole number of rows to skip`)
    .min(0, `${what} is a whole number of rows to skip`)
    .max(2_000_000_000, `${what} is at most 2000000000`);

/** The accounts a report lists: as asked, else one group's when a group is named, else none. */
export const accountsListed = (q: { accounts?: LedgerAccountList; group?: string }): LedgerAccountList =>
  q.accounts ?? (q.group === undefined ? DEFAULT_ACCOUNT_LIST : 'all');

/** Groupings whose group keys are row ids (or NO_KEY). */
const ID_KEYED: readonly LedgerGrouping[] = ['category', 'building'];

export const ledgerReportQuery = z
  .strictObject({
    fiscalYear: fiscalYearInput,
    by: z
      .enum(LEDGER_GROUPINGS, { error: 'Group by category, function, building or account' })
      .default('category'),
    /** The budget year whose proposed lines are the budget (default: the one whose current year this is). */
    budgetYearId: idText.optional(),
    fund: ledgerFundInput,
    accounts: z
      .enum(LEDGER_ACCOUNT_LISTS, { error: 'List accounts all, none or unmatched' })
      .optional()
      .meta({
        description:
          "Which ledger accounts the response's `accounts` lists, a page at a time: 'none' (the default " +
          "without `group`: the groups, totals, lines with no account and rows set aside), 'all' (the " +
          "default with `group`) or 'unmatched' (the accounts no proposed line names). The groups, totals " +
          'and unmatchedAccountCount are the same whatever is listed.',
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
    rowsOffset: pageOffset('rowsOffset')
      .default(0)
      .meta({ description: 'Groups of the view to skip (paging)' }),
    rowsLimit: pageLimit('rowsLimit')
      .default(LEDGER_PAGE.rows)
      .meta({
        description: `Groups of the view per page: ${LEDGER_PAGE.rows} unless told, at most ${LEDGER_PAGE.max}`,
      }),
    offset: pageOffset('offset').optional().meta({ description: 'Listed accounts to skip (paging)' }),
    limit: pageLimit('limit')
      .optional()
      .meta({
        description: `Listed accounts per page: ${LEDGER_PAGE.accounts} unless told, at most ${LEDGER_PAGE.max}`,
      }),
  })
  .superRefine((q, ctx) => {
    if (accountsListed(q) === 'none' && (q.offset !== undefined || q.limit !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.offset !== undefined ? 'offset' : 'limit'],
        message:
          'offset and limit page the accounts listed: use them with accounts=all or accounts=unmatched',
      });
    }
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

/** GET /ledger/report.xlsx: the whole report (every group, account and row set aside) as a workbook. */
export const ledgerWorkbookQuery = z.strictObject({
  fiscalYear: fiscalYearInput,
  by: z
    .enum(LEDGER_GROUPINGS, { error: 'Group by category, function, building or account' })
    .default('category'),
  budgetYearId: idText.optional(),
  fund: ledgerFundInput,
});

/** The figures of a group, an account or the whole year. */
export const ledgerFiguresSchema = z.object({
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

/**
 * A group's or an account's figures as its reader may read them: every amount null (withheld) for
 * a reader who may not see individual pay when the group holds 1 to 4 people (its salary lines and
 * salary accounts are their pay), or would give such a group back from the total
 * (server/lib/pay-groups.ts; the report's payWithheld says so).
 */
const withheldMoney = moneyOut.nullable();
export const ledgerShownFiguresSchema = ledgerFiguresSchema.extend({
  budget: withheldMoney,
  revisedBudget: withheldMoney,
  originalBudget: withheldMoney,
  expended: withheldMoney,
  encumbered: withheldMoney,
  available: withheldMoney,
  projectedYearEnd: withheldMoney,
  projectedVariance: withheldMoney,
});
export type LedgerShownFigures = z.infer<typeof ledgerShownFiguresSchema>;

export const ledgerGroupSchema = ledgerShownFiguresSchema.extend({
  key: z.string(),
  label: z.string(),
  accountCount: z.number().int(),
  lineCount: z.number().int(),
});

export const ledgerAccountSchema = ledgerShownFiguresSchema.extend({
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
  /** null when withheld: a salary line of a function code of 1 to 4 people, for a reader who may not see their pay. */
  amount: moneyOut.nullable(),
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

/** Which page of a list a report holds, and how long the whole list is. */
export const ledgerPageSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const ledgerReportResponse = z.object({
  /** The note of pay withheld from the reader (server/lib/pay-groups.ts PAY_WITHHELD_NOTE), or null. */
  payWithheld: z.string().nullable().optional(),
  fiscalYear: z.number().int(),
  by: z.enum(LEDGER_GROUPINGS),
  /** Which accounts `accounts` lists (the query's `accounts`), so an unasked list is not read as empty. */
  accountsListed: z.enum(LEDGER_ACCOUNT_LISTS),
  /** The one group whose accounts are listed, or null for every group. */
  group: z.string().nullable(),
  /** Which fund the figures read, every fund's totals, and the accounts no fund claims. */
  ...ledgerFundParts,
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
  totals: ledgerShownFiguresSchema,
  /** A page of the view's groups in the order shown (rowsPage says which, of how many). */
  rows: z.array(ledgerGroupSchema),
  rowsPage: ledgerPageSchema,
  /** A page of the accounts `accountsListed` and `group` asked for, in file order. */
  accounts: z.array(ledgerAccountSchema),
  /** Which page `accounts` is, and how many accounts were asked for (0 when none are listed). */
  accountsPage: ledgerPageSchema,
  /** Accounts no proposed line names (their `matchedLineCount` is 0), whatever is listed. */
  unmatchedAccountCount: z.number().int(),
  linesWithoutAccount: z.array(lineWithoutAccountSchema),
  /** The first rows set aside at import, in file order (setAsideCount says how many in all). */
  setAside: z.array(setAsideRowSchema),
  setAsideCount: z.number().int(),
});

export type LedgerReportQuery = z.infer<typeof ledgerReportQuery>;
export type LedgerFigures = z.infer<typeof ledgerFiguresSchema>;
export type LedgerGroup = z.infer<typeof ledgerGroupSchema>;
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;
export type LineWithoutAccount = z.infer<typeof lineWithoutAccountSchema>;
export type SetAsideRow = z.infer<typeof setAsideRowSchema>;
export type LedgerReport = z.infer<typeof ledgerReportResponse>;
