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

/** What a budget year holds (GET /setup, DELETE /budget-years/:id's refusal): each table's count. */
const HOLDING_WORDS = {
  lines: ['line', 'lines'],
  projectedLines: ['projected line', 'projected lines'],
  positions: ['position', 'positions'],
  scenarios: ['scenario', 'scenarios'],
  imports: ['import', 'imports'],
  stages: ['budget stage', 'budget stages'],
  adoptions: ['adoption', 'adoptions'],
  cutScenarios: ['cut scenario', 'cut scenarios'],
  cutFloors: ['cut floor', 'cut floors'],
  enrollment: ['enrollment row', 'enrollment rows'],
  analyses: ['AI analysis', 'AI analyses'],
  snapshots: ['published snapshot', 'published snapshots'],
  finalVersions: ['final version', 'final versions'],
  rollForwards: ['roll forward', 'roll forwards'],
} as const;
export type HoldingKey = keyof typeof HOLDING_WORDS;

/** '1,234 lines and 3 scenarios' (each count that is not zero), or null when it holds nothing. */
export function holdingsPhrase(holdings: Readonly<Record<HoldingKey, number>>): string | null {
  const parts = (Object.keys(HOLDING_WORDS) as HoldingKey[])
    .filter((k) => holdings[k] > 0)
    .map((k) => `${holdings[k].toLocaleString('en-US')} ${HOLDING_WORDS[k][holdings[k] === 1 ? 0 : 1]}`);
  if (!parts.length) {
    return null;
  }
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Why a budget year cannot be deleted ('FY26 holds 1,234 lines and 3 scenarios: ...'), or null. */
export function undeletableReason(
  label: string,
  holdings: Readonly<Record<HoldingKey, number>>,
): string | null {
  const held = holdingsPhrase(holdings);
  return held ? `${label} holds ${held}: it cannot be deleted` : null;
}

/** DELETE /budget-years/:id */
export const deletedBudgetYearResponse = z.object({
  deleted: z.object({ id: z.number().int(), fiscalYear: z.string() }),
});
export type DeletedBudgetYear = z.infer<typeof deletedBudgetYearResponse>;
