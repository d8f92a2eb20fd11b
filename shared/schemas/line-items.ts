import { z } from 'zod';
import { idText, moneyOut } from './common';
import { salaryLinesLocked } from './reconciliation';
import { COLA_SOURCES } from './cola-assumptions';
import { employeeLineItemSchema, proposedLineItemSchema } from './line-item-dtos';
import { employeeStatus, fiscalYear, queryBoolean, text } from './line-item-inputs';
import { EMPLOYEE_ROW_COLUMNS, PROPOSED_ROW_COLUMNS, ROW_WIRE_KINDS } from './line-item-rows';

/**
 * Everything the line-items API validates and returns, in one import for routes, services, the CLI
 * and the web app: the DTOs (./line-item-dtos), the input rules (./line-item-inputs), the read
 * queries and responses below, and the write bodies (./line-item-writes).
 */
export * from './line-item-dtos';
export * from './line-item-inputs';
export * from './line-item-writes';
export * from './line-item-rows';
export * from './duplicates';

/* ---------- Reads ---------- */

export const BUDGET_QUERY_COMBINATIONS =
  'Use one of: scenarioId and fiscalYear; budgetYearId and isOperating=true (optionally fiscalYear); ' +
  'fiscalYear and isOperating=true; budgetYearId, fiscalYear and isOperating=false';

/**
 * GET /line-items/budget. Exactly one of four combinations:
 * scenarioId + fiscalYear; budgetYearId + isOperating=true [+ fiscalYear]; fiscalYear + isOperating=true;
 * budgetYearId + fiscalYear + isOperating=false. Anything else is a 400 naming them.
 */
export const budgetLineItemsQuery = z
  .strictObject({
    scenarioId: idText.optional(),
    budgetYearId: idText.optional(),
    fiscalYear: fiscalYear.optional(),
    isOperating: queryBoolean.optional(),
    /** rows: the compact form the grids read (lineItemRowsResponse); objects (the default): { lineItems }. */
    format: z.enum(['objects', 'rows']).optional(),
    /**
     * Only the first lines in grid order (1 to 1,000): what a grid draws first while the whole list
     * downloads (a 50,000-line body takes seconds to arrive, parse and load into the grid).
     */
    limit: z
      .string()
      .regex(/^\d{1,4}$/, 'limit must be a whole number from 1 to 1000')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'limit must be a whole number from 1 to 1000')
          .max(1000, 'limit must be a whole number from 1 to 1000'),
      )
      .optional(),
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
/**
 * salaryLines: the locked salary lines the change could not reach (a holder's line moves its
 * position's cost; reconciliation.lockedRosterLines), as a position write answers.
 */
export const lineItemResponse = z.object({
  lineItem: anyLineItemSchema,
  salaryLines: salaryLinesLocked.optional(),
});

/** A DTO field as the compact form sends it (see ./line-item-rows). */
function wireValue(shape: Record<string, z.ZodType>, column: string): z.ZodType {
  switch (ROW_WIRE_KINDS[column]) {
    case 'flag':
      return z.union([z.literal(0), z.literal(1)]);
    case 'time':
      return z.number().int().describe(`${column}: milliseconds since 1970-01-01T00:00:00Z`);
    case 'building':
      return z.string().nullable().describe('building: its name, or null (District Wide)');
    case 'category':
      return z.tuple([z.string(), z.string().nullable()]).nullable().describe('category: [name, color]');
    default:
      return shape[column];
  }
}

function rowList(shape: Record<string, z.ZodType>, columns: readonly string[]) {
  const tuple = (items: z.ZodType[]) => z.tuple(items as [z.ZodType, ...z.ZodType[]]);
  return z.object({
    columns: tuple(columns.map((c) => z.literal(c))),
    rows: z.array(tuple(columns.map((c) => wireValue(shape, c)))),
  });
}

/**
 * GET /line-items/budget?format=rows: the same lines as lineItemsResponse, each an array of values
 * in the order of its kind's `columns` (employee lines first, then proposed lines). isOperating is
 * the list a line is in; booleans are 1/0, createdAt/updatedAt milliseconds since 1970, building its
 * name, category [name, color]. decodeLineItemRows turns it into the DTOs.
 */
export const lineItemRowsResponse = z.object({
  employees: rowList(employeeLineItemSchema.shape, EMPLOYEE_ROW_COLUMNS),
  proposed: rowList(proposedLineItemSchema.shape, PROPOSED_ROW_COLUMNS),
});
/** What GET /line-items/budget answers: the object form, or the compact one with format=rows. */
export const budgetLineItemsResponse = z.union([lineItemsResponse, lineItemRowsResponse]);
export const employeeLineItemResponse = z.object({
  lineItem: employeeLineItemSchema,
  salaryLines: salaryLinesLocked.optional(),
});
export const proposedLineItemResponse = z.object({ lineItem: proposedLineItemSchema });

/**
 * GET /line-items/budget/totals: the summary cards, with the same filters as the grid.
 * buildingId is an id or 'unassigned' (District Wide); search matches names, position,
 * description, account line and codes (case-insensitive, contains).
 */
export const budgetTotalsQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear,
  isOperating: queryBoolean,
  buildingId: z.union([z.literal('unassigned'), idText]).optional(),
  categoryId: idText.optional(),
  search: text(200).optional(),
  employeeStatus: employeeStatus.optional(),
  needsReview: queryBoolean.optional(),
  /** An employee line's work group as the line spells it (the Employee Budget Manager's filter). */
  workGroup: text(200).min(1).optional(),
  /** 'none': only lines without a DESE function code, of their own or their category's. */
  functionCode: z.literal('none', { message: "functionCode takes 'none'" }).optional(),
  /** The lines a fund pays (a line naming no fund is the general fund's). */
  fundId: idText.optional(),
});
export type BudgetTotalsQuery = z.infer<typeof budgetTotalsQuery>;
/** Sums are exact (numeric in SQL); totalAmount is for proposed lines, the salary/FTE sums for employees. */
export const budgetTotalsResponse = z.object({
  count: z.number().int(),
  totalCurrentSalary: moneyOut,
  totalNextYearSalary: moneyOut,
  /**
   * Next year's change in salaries: next - current over the lines with a next-year salary, minus
   * the current salary of Inactive and Retiring lines (they leave). Active lines with no next-year
   * salary are left out (unknown, not a cut): see missingNextYearSalaryCount.
   */
  totalChange: z.number(),
  /** Active employee lines with no next-year salary (the rule could not compute one). */
  missingNextYearSalaryCount: z.number().int(),
  /** Inactive and Retiring employee lines: no next-year salary, counted as leaving in totalChange. */
  leavingCount: z.number().int(),
  totalFte: z.number(),
  totalAmount: moneyOut,
});
export type BudgetTotals = z.infer<typeof budgetTotalsResponse>;

/** GET /line-items/budget/needs-review: employee lines flagged metadata.needsReview. */
export const needsReviewQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYear.optional(),
});

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
  budgetYearId: idText.optional(),
});
export const salaryProgressionYearSchema = z.object({
  fiscalYear: z.number().int(),
  currentSalary: moneyOut,
  /** Percent over the previous fiscal year's salary; null in the first year. */
  yoyIncrease: z.number().nullable(),
  /**
   * How the salary reached this year: imported (payroll; the figures below are what the next-year
   * salary rule would have applied), rule (a projected year grown by the rule, as Generate
   * Projections did) or manual (a projected year taking a typed next-year salary: no COLA or steps).
   */
  basis: z.enum(['imported', 'rule', 'manual']),
  /** COLA percent the rule applies moving into this fiscal year: the work group's contract (0 when none; 0 for manual). */
  colaApplied: z.number(),
  /**
   * Where that COLA comes from: a settled or negotiating contract, the default COLA scenario, its
   * long-term assumption, or NONE (0%: nothing covers the year); null for a typed salary.
   */
  colaSource: z.enum(COLA_SOURCES).nullable(),
  /** Step/lane percent from the budget settings when the work group gets steps and lanes (0 otherwise; 0 for manual). */
  stepsLanesApplied: z.number(),
  /** colaApplied + stepsLanesApplied (percent); for manual, the typed value's change over the year before. */
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
