import { z } from 'zod';
import { MAX_CURRENT_FISCAL_YEAR, MIN_CURRENT_FISCAL_YEAR, budgetYearSchema } from './budget-years';
import { fiscalYearLabel, fiscalYearsText, parseFiscalYear } from './fiscal-year';

/**
 * First start of a district: the setup status, and a new budget year with what makes it
 * usable (its fiscal years, its current fiscal year, its active operating and proposed budgets and
 * its budget settings). Every year is a fiscal year of the spec's range, FY2020 to FY2034.
 */

const RANGE = `from FY${MIN_CURRENT_FISCAL_YEAR} to FY${MAX_CURRENT_FISCAL_YEAR}`;

/** A fiscal year in the spec's range, or why not; the one check the API, the CLI and the web share. */
export function setupYearProblem(value: unknown): string | null {
  const year = typeof value === 'string' || typeof value === 'number' ? parseFiscalYear(value) : null;
  if (year === null) {
    return `${String(value)} is not a fiscal year (write FY28 or 2028)`;
  }
  if (year < MIN_CURRENT_FISCAL_YEAR || year > MAX_CURRENT_FISCAL_YEAR) {
    return `Choose a fiscal year ${RANGE}`;
  }
  return null;
}

const setupYear = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const problem = setupYearProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return parseFiscalYear(value)!;
});

/**
 * '--fiscal-years FY27-FY32' (or a single 'FY28'): the first and last fiscal year, or null with the
 * reason. The CLI's spelling of firstFiscalYear and lastFiscalYear.
 */
export function parseFiscalYearSpan(text: string): { first: number; last: number } | { problem: string } {
  const parts = text.split(/\s*(?:-|\u2013|\.\.|to)\s*/i).filter((p) => p !== '');
  if (parts.length < 1 || parts.length > 2) {
    return { problem: `${text} is not a span of fiscal years (write FY27-FY32)` };
  }
  const years: number[] = [];
  for (const part of parts) {
    const problem = setupYearProblem(part);
    if (problem) {
      return { problem };
    }
    years.push(parseFiscalYear(part)!);
  }
  return { first: years[0], last: years[years.length - 1] };
}

/** POST /budget-years */
export const createBudgetYearBody = z
  .strictObject({
    /** 'FY28' (or 2028, 'FY2028'): the budget year's label, stored as FY28. */
    label: setupYear,
    /** The fiscal years it plans (default: its own). */
    firstFiscalYear: setupYear.optional(),
    lastFiscalYear: setupYear.optional(),
    /** The year its dashboard centres on (default: its own). */
    currentFiscalYear: setupYear.optional(),
    name: z.string().trim().min(1, 'Name cannot be empty').max(200).optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const first = b.firstFiscalYear ?? Math.min(b.label, b.lastFiscalYear ?? b.label);
    const last = b.lastFiscalYear ?? Math.max(b.label, first);
    if (first > last) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastFiscalYear'],
        message: `The last fiscal year comes before the first (${fiscalYearLabel(first)})`,
      });
      return;
    }
    if (b.label < first || b.label > last) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstFiscalYear'],
        message: `Planning ${fiscalYearsText(first, last)} leaves out the budget year's own fiscal year, ${fiscalYearLabel(b.label)}`,
      });
    }
    const current = b.currentFiscalYear;
    if (current !== undefined && (current < first || current > last)) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentFiscalYear'],
        message: `The current fiscal year must be one of its fiscal years, ${fiscalYearsText(first, last)}`,
      });
    }
  });
export type CreateBudgetYearBody = z.input<typeof createBudgetYearBody>;
export type CreateBudgetYearInput = z.output<typeof createBudgetYearBody>;

export const createdBudgetYearResponse = z.object({
  budgetYear: budgetYearSchema,
  fiscalYears: z.array(z.number().int()),
  scenarios: z.array(z.object({ id: z.number().int(), name: z.string(), scenarioType: z.string() })),
  versions: z.array(z.object({ id: z.number().int(), label: z.string(), fiscalYear: z.number().int() })),
});
export type CreatedBudgetYear = z.infer<typeof createdBudgetYearResponse>;

export const SETUP_STEPS = ['district', 'buildings', 'budgetYear', 'categories', 'workGroups'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

export const setupStepSchema = z.object({
  key: z.enum(SETUP_STEPS),
  title: z.string(),
  done: z.boolean(),
  /** What is there ('3 buildings') or what is missing. */
  summary: z.string(),
  /** The normal screen where the step is done later. */
  screen: z.string(),
  /** The CLI command that does it. */
  command: z.string(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

/** GET /setup */
export const setupStatusResponse = z.object({
  /** A budget year exists: the screens have something to plan in. */
  ready: z.boolean(),
  /** Every step done. */
  complete: z.boolean(),
  steps: z.array(setupStepSchema),
  budgetYears: z.array(
    budgetYearSchema.extend({
      fiscalYears: z.array(z.number().int()),
      scenarioCount: z.number().int(),
      /** Why it cannot be deleted ('FY26 holds 1,234 lines: ...'), or null when it holds nothing. */
      cannotDelete: z.string().nullable(),
    }),
  ),
});
export type SetupStatus = z.infer<typeof setupStatusResponse>;

/** POST /setup/budget-categories: the demo district's list offered as a start. */
export const seedCategoriesResponse = z.object({
  added: z.array(z.string()),
  alreadyThere: z.array(z.string()),
});
export type SeedCategoriesResult = z.infer<typeof seedCategoriesResponse>;

/**
 * PATCH /budget-years/:id: a new name, notes, or span of fiscal years. Whether the span still holds
 * the budget year's own and current fiscal years, and drops none that holds anything, is the
 * server's to say (it reads the database); this checks what the body alone can.
 */
export const editBudgetYearBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Name cannot be empty').max(200).optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
    firstFiscalYear: setupYear.optional(),
    lastFiscalYear: setupYear.optional(),
  })
  .superRefine((b, ctx) => {
    if (
      b.firstFiscalYear !== undefined &&
      b.lastFiscalYear !== undefined &&
      b.firstFiscalYear > b.lastFiscalYear
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastFiscalYear'],
        message: `The last fiscal year comes before the first (${fiscalYearLabel(b.firstFiscalYear)})`,
      });
    }
  });
export type EditBudgetYearBody = z.input<typeof editBudgetYearBody>;
export type EditBudgetYearInput = z.output<typeof editBudgetYearBody>;

/** PATCH /budget-years/:id's answer: the budget year and the fiscal years it now plans. */
export const editedBudgetYearResponse = z.object({
  budgetYear: budgetYearSchema,
  fiscalYears: z.array(z.number().int()),
});
export type EditedBudgetYear = z.infer<typeof editedBudgetYearResponse>;
