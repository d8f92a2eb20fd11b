import { z } from 'zod';
import { moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';

/** Spent to date against budget for the dashboard's current fiscal year. */
export const ledgerSummaryQuery = z.strictObject({ fiscalYear: fiscalYearInput });

export const ledgerSummaryResponse = z.object({
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
export type LedgerSummary = z.infer<typeof ledgerSummaryResponse>;
