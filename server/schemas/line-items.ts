import { z } from 'zod';
import { employeeLineItemSchema, proposedLineItemSchema } from './line-item-dtos';
import { employeeStatus, fiscalYear, queryBoolean, queryId, text } from './line-item-inputs';

/**
 * Everything the line-items API validates and returns, in one import for routes, services, the CLI
 * and the web app: the DTOs (./line-item-dtos), the input rules (./line-item-inputs), the read
 * queries and responses below, and the write bodies (./line-item-writes).
 */
export * from './line-item-dtos';
export * from './line-item-inputs';
export * from './line-item-writes';

/* ---------- Reads ---------- */

export const BUDGET_QUERY_COMBINATIONS =
  'Use one of: scenarioId and fiscalYear; budgetYearId and isOperating=true (optionally fiscalYear); ' +
  'fiscalYear and isOperating=true; budgetYearId, fiscalYear and isOperating=false';

/**
 * GET /line-items/budget. Exactly one of the SPEC's four combinations:
 * scenarioId + fiscalYear; budgetYearId + isOperating=true [+ fiscalYear]; fiscalYear + isOperating=true;
 * budgetYearId + fiscalYear + isOperating=false. Anything else is a 400 naming them.
 */
export const budgetLineItemsQuery = z
  .strictObject({
    scenarioId: queryId.optional(),
    budgetYearId: queryId.optional(),
    fiscalYear: fiscalYear.optional(),
    isOperating: queryBoolean.optional(),
  })
  .superRefine((q, ctx) => {
    const has = (k: keyof typeof q) => q[k] !== undefined;
    const ok =
      (has('scenarioId') && has('fiscalYear') && !has('budgetYearId') && !has('isOperating')) ||
      (!has('scenarioId') && has('budgetYearId') && q.isOperating === true) ||
      (!has('scenarioId') && !has('budgetYearId') && has('fiscalYear') && q.isOperating === true) ||
      (!has('scenarioId') && has('budgetYearId') && has('fiscalYear') && q.isOperating === false);
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: BUDGET_QUERY_COMBINATIONS });
    }
  });
export type BudgetLineItemsQuery = z.infer<typeof budgetLineItemsQuery>;

export const anyLineItemSchema = z.union([employeeLineItemSchema, proposedLineItemSchema]);
export type AnyLineItem = z.infer<typeof anyLineItemSchema>;
export const lineItemsResponse = z.object({ lineItems: z.array(anyLineItemSchema) });
export const employeeLineItemsResponse = z.object({ lineItems: z.array(employeeLineItemSchema) });
export const lineItemResponse = z.object({ lineItem: anyLineItemSchema });
export const employeeLineItemResponse = z.object({ lineItem: employeeLineItemSchema });
export const proposedLineItemResponse = z.object({ lineItem: proposedLineItemSchema });

/**
 * GET /line-items/budget/totals: the summary cards, with the same filters as the grid.
 * buildingId is an id or 'unassigned' (District Wide); search matches names, position,
 * description, account line and codes (case-insensitive, contains).
 */
export const budgetTotalsQuery = z.strictObject({
  budgetYearId: queryId,
  fiscalYear,
  isOperating: queryBoolean,
  buildingId: z.union([z.literal('unassigned'), queryId]).optional(),
  categoryId: queryId.optional(),
  search: text(200).optional(),
  employeeStatus: employeeStatus.optional(),
  needsReview: queryBoolean.optional(),
  /** An employee line's work group as the line spells it (the Employee Budget Manager's filter). */
  workGroup: text(200).min(1).optional(),
});
export type BudgetTotalsQuery = z.infer<typeof budgetTotalsQuery>;
/** Sums are exact (numeric in SQL); totalAmount is for proposed lines, the salary/FTE sums for employees. */
export const budgetTotalsResponse = z.object({
  count: z.number().int(),
  totalCurrentSalary: z.number(),
  totalNextYearSalary: z.number(),
  totalFte: z.number(),
  totalAmount: z.number(),
});
export type BudgetTotals = z.infer<typeof budgetTotalsResponse>;

/** GET /line-items/budget/needs-review: employee lines flagged metadata.needsReview. */
export const needsReviewQuery = z.strictObject({
  budgetYearId: queryId,
  fiscalYear: fiscalYear.optional(),
});

/** GET /line-items/duplicates. Without fiscalYear every fiscal year of the budget year is checked (each separately). */
export const duplicatesQuery = z.strictObject({
  budgetYearId: queryId,
  fiscalYear: fiscalYear.optional(),
});
export const duplicateCandidateSchema = employeeLineItemSchema.extend({
  /** 0-100: how alike this record is to the record it matched best in its group. */
  similarityScore: z.number().int().min(0).max(100),
  /** Why, e.g. 'Same last name', 'First name 92% similar', 'Same position', 'Salary within 1%'. */
  similarityFactors: z.array(z.string()),
  /** The id of the record in the group this one matched best. */
  matchedWithId: z.number().int(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;
/** Groups of two or more records, highest score first; within a group, the oldest record first. */
export const duplicatesResponse = z.object({ duplicateGroups: z.array(z.array(duplicateCandidateSchema)) });

export const SALARY_PROGRESSION_LIMITS = [5, 10, 20, 50] as const;
/** GET /line-items/budget/salary-progression. budgetYearId defaults to the newest budget year with employee lines. */
export const salaryProgressionQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .refine(
      (n) => (SALARY_PROGRESSION_LIMITS as readonly number[]).includes(n),
      'limit must be 5, 10, 20 or 50',
    )
    .default(10),
  position: text(200).default('Teacher'),
  budgetYearId: queryId.optional(),
});
export const salaryProgressionYearSchema = z.object({
  fiscalYear: z.number().int(),
  currentSalary: z.number(),
  /** Percent over the previous fiscal year's salary; null in the first year. */
  yoyIncrease: z.number().nullable(),
  /** COLA percent of the work group's contract for this fiscal year (0 when none). */
  colaApplied: z.number(),
  /** Step/lane percent from the budget settings when the work group gets steps and lanes (0 otherwise). */
  stepsLanesApplied: z.number(),
  /** colaApplied + stepsLanesApplied (percent). */
  totalIncreaseApplied: z.number(),
});
export const salaryProgressionSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  building: z.string().nullable(),
  workGroup: z.string().nullable(),
  yearData: z.array(salaryProgressionYearSchema),
});
export const salaryProgressionResponse = z.object({ progressions: z.array(salaryProgressionSchema) });
