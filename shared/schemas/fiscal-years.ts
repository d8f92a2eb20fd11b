import { z } from 'zod';
import { idText } from './common';
import { fiscalYearInput } from './fiscal-year';

/** A budget year id in a query string (`?budgetYearId=3`). */
export const budgetYearIdQuery = z.strictObject({
  budgetYearId: idText,
});

/** The aggregates' common query: which budget year, which fiscal year (a number or a label such as FY27). */
export const budgetYearFiscalYearQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput,
  /** Old clients send a `version` parameter on some summaries (v3); accepted and ignored. */
  version: z.string().max(20).optional(),
});

export type BudgetYearFiscalYearQuery = z.infer<typeof budgetYearFiscalYearQuery>;

/**
 * GET /line-items/fiscal-years?budgetYearId: the fiscal years offered for a budget year (those it has
 * lines for, and its current one), and which of them hold lines: a screen opens on a year with lines.
 */
export const fiscalYearsResponse = z.object({
  fiscalYears: z.array(z.number().int()),
  withLines: z.array(z.number().int()),
});

export const allFiscalYearsQuery = z.strictObject({
  isOperating: z.enum(['true', 'false']).optional(),
});

export const fiscalYearListItem = z.object({
  fiscalYear: z.number().int(),
  itemCount: z.number().int(),
  /** True when every line of the year was projected, not imported. */
  isProjected: z.boolean(),
});

/** GET /line-items/all-fiscal-years: every fiscal year with lines, across budget years. */
export const allFiscalYearsResponse = z.object({ fiscalYears: z.array(fiscalYearListItem) });

export type FiscalYearListItem = z.infer<typeof fiscalYearListItem>;
