import { z } from 'zod';

export const budgetYearSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.string(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  currentFiscalYear: z.number().int().nullable(),
});

export const budgetYearsResponse = z.object({
  budgetYears: z.array(budgetYearSchema),
  /** The district's saved name (its public dashboard's school name), or null when none is saved. */
  districtName: z.string().nullable(),
  /** Each planned fiscal year's one home (docs/ARCHITECTURE.md, 'One home for each fiscal year'). */
  homes: z.array(z.object({ fiscalYear: z.number().int(), budgetYearId: z.number().int() })),
  /** The budget years that hold lines of any fiscal year. */
  budgetYearsWithLines: z.array(z.number().int()),
});
export type BudgetYear = z.infer<typeof budgetYearSchema>;

/** The budget year the web app opens on when nobody chose one, and the CLI too. */
export const DEFAULT_FISCAL_YEAR = 'FY26';

/** FY26 when present, else the first year: what the shell preselects and what the CLI defaults to. */
export function pickDefaultBudgetYear<T extends { fiscalYear: string }>(years: readonly T[]): T | null {
  return years.find((y) => y.fiscalYear === DEFAULT_FISCAL_YEAR) ?? years[0] ?? null;
}

/** Current-year setting options: FY2020 to FY2034. */
export const MIN_CURRENT_FISCAL_YEAR = 2020;
export const MAX_CURRENT_FISCAL_YEAR = 2034;

/** PATCH /budget-years/:id/current-fiscal-year */
export const currentFiscalYearBody = z.strictObject({
  currentFiscalYear: z
    .number({ message: 'currentFiscalYear must be a year' })
    .int('currentFiscalYear must be a whole year')
    .min(
      MIN_CURRENT_FISCAL_YEAR,
      `Choose a year from ${MIN_CURRENT_FISCAL_YEAR} to ${MAX_CURRENT_FISCAL_YEAR}`,
    )
    .max(
      MAX_CURRENT_FISCAL_YEAR,
      `Choose a year from ${MIN_CURRENT_FISCAL_YEAR} to ${MAX_CURRENT_FISCAL_YEAR}`,
    ),
});
export type CurrentFiscalYearBody = z.infer<typeof currentFiscalYearBody>;
export const budgetYearResponse = z.object({ budgetYear: budgetYearSchema });
