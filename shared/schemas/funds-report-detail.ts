import { z } from 'zod';
import { moneyOut } from './common';

/**
 * What the funds report says of each fund besides its budgets: the year before's actual spending
 * from that year's ledger, and its budget by DESE function and by category.
 */

/**
 * A row's budget, or null: withheld from a reader who may not see individual pay, the row being the
 * pay of 1 to 4 people, or needed to keep such a row from being worked out from the fund's total
 * (server/lib/pay-groups.ts).
 */
const rowBudget = moneyOut.nullable();

/** A fund's budget in one DESE function (its lines' LINE_CODE); code null: lines with none. */
export const fundFunctionSchema = z.object({
  code: z.string().nullable(),
  /** The chart's name of the code; null when the code is not in it or there is none. */
  name: z.string().nullable(),
  budget: rowBudget,
  lineCount: z.number().int(),
});

/** A fund's budget in one budget category; categoryId null: lines with none. */
export const fundCategorySchema = z.object({
  categoryId: z.number().int().nullable(),
  name: z.string(),
  budget: rowBudget,
  lineCount: z.number().int(),
});

/** Within a fund: its budget by function and by category (each adds up to the fund's budget). */
export const fundDetail = {
  byFunction: z.array(fundFunctionSchema),
  byCategory: z.array(fundCategorySchema),
  /**
   * The positions the fund pays for the year: FTE by the positions' fund shares, and how many
   * positions it pays a share of (filled, vacant and posted; the report's positionsRoster says which roster).
   */
  positions: z.object({ fte: z.number(), count: z.number().int() }),
  /**
   * The people the fund pays of the year's own payroll (the report's payroll says whether the year
   * has one): the FTE and count of its employee lines. Zero each when the year follows a roster.
   */
  payroll: z.object({ fte: z.number(), people: z.number().int() }),
};

/**
 * The ledger the year before's actual spending is read from, or null when none is imported for
 * that year (every fund's previousActual is then null: 'no ledger').
 */
export const previousLedgerSchema = z
  .object({
    fiscalYear: z.number().int(),
    period: z.number().int(),
    fileName: z.string(),
    /** Expended by ledger accounts whose fund segment names no fund (Budget vs Actual lists them). */
    unmatchedExpended: moneyOut,
    unmatchedAccountCount: z.number().int(),
  })
  .nullable();

export type FundFunction = z.infer<typeof fundFunctionSchema>;
export type FundCategory = z.infer<typeof fundCategorySchema>;
