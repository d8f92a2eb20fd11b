import { z } from 'zod';
import { idTextWith, moneyOut } from './common';
import { FUND_KINDS } from './funds';

/**
 * Budget vs actual by the ledger's fund segment. A report reads every fund ('all': every ledger
 * account and proposed line, what the report read before funds), the general fund the town votes
 * ('general'), or one fund (its id). A ledger account's fund is the fund whose code is its FUND
 * segment, in any letter case; a proposed line's is its own, else the general fund (LINE_FUND).
 * Accounts whose segment names no fund (or that have none) are in 'all' and listed apart.
 */

export const LEDGER_FUND_SCOPES = ['all', 'general', 'fund'] as const;
export type LedgerFundScope = (typeof LEDGER_FUND_SCOPES)[number];

/**
 * What the report reads unless told: every fund. The report summed every account before it was
 * split by fund, and the dashboard's card, the planning base and older scripts still read that.
 */
export const DEFAULT_LEDGER_FUND = 'all';

export const LEDGER_FUND_MESSAGE = "fund is 'all', 'general' or a fund's id";

/**
 * The fund a report reads (query `fund`): 'all', 'general' or a fund's id; the CLI names a fund
 * by its code instead ({ code }), which the server looks up the same way.
 */
export type LedgerFundChoice = 'all' | 'general' | number | { code: string };

export const ledgerFundInput = z
  .union([z.enum(['all', 'general']), idTextWith(LEDGER_FUND_MESSAGE)], { error: LEDGER_FUND_MESSAGE })
  .optional()
  .meta({
    description:
      "Which fund's accounts and lines: 'all' (the default: every account and line, those whose fund segment names no fund included), 'general' (the general fund the town appropriates) or a fund's id. A fund that does not exist is a 400 naming `fund`.",
  });

/** Which fund the report read, said in every answer. */
export const ledgerFundSchema = z.object({
  scope: z.enum(LEDGER_FUND_SCOPES),
  /** The fund read (the general fund's for 'general'); null for every fund. */
  fundId: z.number().int().nullable(),
  code: z.string().nullable(),
  /** 'All funds', or the fund's name and code: 'General Fund (0100)'. */
  label: z.string(),
});

/**
 * The ledger's amounts. null when withheld from a reader who may not see individual pay: an account
 * no fund claims is a salary account of 1 to 4 people (its function code's), and the totals by fund
 * would give it back; or a fund's totals are the pay of the 1 to 4 people it pays, or would give
 * such a fund's back from every fund's total (the report's payWithheld says so).
 */
const amounts = {
  originalBudget: moneyOut.nullable(),
  revisedBudget: moneyOut.nullable(),
  expended: moneyOut.nullable(),
  encumbered: moneyOut.nullable(),
  /** revisedBudget − expended − encumbered. */
  available: moneyOut.nullable(),
};

/** One fund's totals over the whole ledger and budget of the year, whatever fund the report reads. */
export const ledgerFundTotalsSchema = z.object({
  fundId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(FUND_KINDS),
  /**
   * The proposed lines the fund pays (LINE_FUND). null, with its amounts, when withheld from a
   * reader who may not see individual pay: the fund pays 1 to 4 people, or enough other funds are
   * withheld that every fund's total less the funds shown cannot give theirs back.
   */
  budget: moneyOut.nullable(),
  ...amounts,
  accountCount: z.number().int(),
  lineCount: z.number().int(),
});

/** A ledger account whose fund segment names no fund (or that has none), as it was imported. */
export const unmatchedFundAccountSchema = z.object({
  /** The file's row number. */
  row: z.number().int(),
  account: z.string(),
  description: z.string().nullable(),
  /** The FUND segment as written; null when the account pattern reads no fund. */
  fundCode: z.string().nullable(),
  ...amounts,
});

/** Accounts listed with their rows (their count and totals are of every one). */
export const UNMATCHED_FUND_LISTED = 100;

/**
 * The ledger accounts no fund claims: never dropped, counted in 'all' and listed here, with their
 * totals and each segment's.
 */
export const unmatchedFundSchema = z.object({
  accountCount: z.number().int(),
  ...amounts,
  segments: z.array(
    z.object({ fundCode: z.string().nullable(), accountCount: z.number().int(), ...amounts }),
  ),
  /** The first UNMATCHED_FUND_LISTED accounts, in file order. */
  accounts: z.array(unmatchedFundAccountSchema),
});

/** What every budget vs actual answer says of funds (ledgerReportResponse's). */
export const ledgerFundParts = {
  /** Which fund the figures read ('all' unless asked). */
  fund: ledgerFundSchema,
  /** Every fund's totals, whatever fund the figures read. */
  fundTotals: z.array(ledgerFundTotalsSchema),
  /** Ledger accounts whose fund segment names no fund: in 'all', listed rather than dropped. */
  unmatchedFund: unmatchedFundSchema,
};

export type LedgerFund = z.infer<typeof ledgerFundSchema>;
export type LedgerFundTotals = z.infer<typeof ledgerFundTotalsSchema>;
export type UnmatchedFund = z.infer<typeof unmatchedFundSchema>;
export type UnmatchedFundAccount = z.infer<typeof unmatchedFundAccountSchema>;
