import { z } from 'zod';
import { EMPLOYEE_STATUSES } from './common';
import { parseFiscalYear } from './fiscal-year';

/**
 * The line-item DTOs every screen, import and aggregate shares. One table holds both kinds:
 * employee (operating, is_operating = true) and proposed (non-personnel, is_operating = false).
 * Money is a number of dollars with at most 2 decimals (numeric(14,2) in the database).
 */
export const lineItemMetadataSchema = z
  .object({
    needsReview: z.boolean().optional(),
    importWarnings: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());

/** What every line has first and last, whichever its kind (spread in place, so the keys keep their order). */
const lineItemHead = {
  id: z.number().int(),
  budgetYearId: z.number().int(),
  scenarioId: z.number().int().nullable(),
  versionId: z.number().int().nullable(),
  fiscalYear: z.number().int(),
};
const lineItemTail = {
  buildingId: z.number().int().nullable(),
  /** null building means District Wide. */
  building: z.object({ name: z.string() }).nullable(),
  notes: z.string().nullable(),
  metadata: lineItemMetadataSchema,
  importRunId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const employeeLineItemSchema = z.object({
  ...lineItemHead,
  isOperating: z.literal(true),
  isProjected: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  currentSalary: z.number().nullable(),
  nextYearSalary: z.number().nullable(),
  nextYearSalaryManual: z.boolean(),
  currentFTE: z.number().nullable(),
  locationCode: z.string().nullable(),
  deseCode: z.string().nullable(),
  department: z.string().nullable(),
  workGroupId: z.number().int().nullable(),
  workGroup: z.string().nullable(),
  jobClass: z.string().nullable(),
  hireDate: z.string().nullable(),
  dateOfDeparture: z.string().nullable(),
  employeeStatus: z.enum(EMPLOYEE_STATUSES),
  budgetStatus: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  ...lineItemTail,
});

export const proposedLineItemSchema = z.object({
  ...lineItemHead,
  isOperating: z.literal(false),
  isProjected: z.boolean(),
  accountDescription: z.string().nullable(),
  name: z.string().nullable(),
  accountLine: z.string().nullable(),
  deseCategories: z.string().nullable(),
  deseCode: z.string().nullable(),
  amount: z.number().nullable(),
  categoryId: z.number().int().nullable(),
  category: z.object({ name: z.string(), color: z.string().nullable() }).nullable(),
  ...lineItemTail,
});

export type EmployeeLineItem = z.infer<typeof employeeLineItemSchema>;
export type ProposedLineItem = z.infer<typeof proposedLineItemSchema>;

/* ------------------------------------------------------------------------------------------------
 * Request schemas and response wrappers of the line-items API (SPEC section 7, 'Line items').
 * Money in requests is a JSON number of dollars with at most 2 decimals; dates are 'YYYY-MM-DD'.
 * ---------------------------------------------------------------------------------------------- */

/** The most a numeric(14,2) column holds. */
export const MAX_MONEY = 999_999_999_999.99;
/** FTE bounds (numeric(4,2), CHECK 0..1.5). */
export const MIN_FTE = 0;
export const MAX_FTE = 1.5;
/** Bulk calls take 1..5000 ids. */
export const MAX_BULK_IDS = 5000;

/** True when a number has at most two decimals (tolerates binary float noise such as 0.1 + 0.2). */
const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
/** Drops that float noise, so 0.1 + 0.2 is stored and audited as 0.3. */
const toCents = (v: number) => Math.round(v * 100) / 100;

/** A money amount that may be negative (a credit line in a proposed budget). */
export const moneyInput = z
  .number({ message: 'Must be a number' })
  .finite()
  .min(-MAX_MONEY, 'Amount is too large')
  .max(MAX_MONEY, 'Amount is too large')
  .refine(hasCents, 'Use at most 2 decimal places')
  .transform(toCents);
/** A salary: a number of dollars, 0 or more, at most 2 decimals (0 means a new hire). */
export const salaryInput = z
  .number({ message: 'Salary must be a number' })
  .finite()
  .min(0, 'Salary cannot be negative')
  .max(MAX_MONEY, 'Salary is too large')
  .refine(hasCents, 'Use at most 2 decimal places')
  .transform(toCents);
export const fteInput = z
  .number({ message: 'FTE must be a number' })
  .min(MIN_FTE, `FTE must be between ${MIN_FTE} and ${MAX_FTE}`)
  .max(MAX_FTE, `FTE must be between ${MIN_FTE} and ${MAX_FTE}`)
  .refine(hasCents, 'Use at most 2 decimal places')
  .transform(toCents);
/** A calendar date 'YYYY-MM-DD' (a real date: 2025-02-30 is refused). */
export const dateInput = z.iso.date({ message: 'Use a date in the form YYYY-MM-DD' });
const text = (max = 500) => z.string().trim().max(max);
/** Optional free text: '' is stored as null. */
const optionalText = (max = 500) =>
  text(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
const positiveId = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const employeeStatus = z.enum(EMPLOYEE_STATUSES, {
  message: `Employee status must be one of ${EMPLOYEE_STATUSES.join(', ')}`,
});
/** 'true' / 'false' in a query string. */
export const queryBoolean = z
  .enum(['true', 'false'], { message: "Use 'true' or 'false'" })
  .transform((v) => v === 'true');
/** A fiscal year in a query string or body: 2026, '2026' or a label such as 'FY26'. */
const fiscalYear = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const year = parseFiscalYear(value);
  if (year === null) {
    ctx.addIssue({ code: 'custom', message: `Invalid fiscal year: ${String(value)}` });
    return z.NEVER;
  }
  return year;
});

/** id lists of the bulk calls: 1..5000 unique positive integers. */
export const itemIdsInput = z
  .array(positiveId, { message: 'itemIds must be a list of line item ids' })
  .min(1, 'Please select items first')
  .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} items per call`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once');

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

/* ---------- Employee writes ---------- */

/** The employee fields an editor may change (PATCH /line-items/budget/:id, and POST /line-items). */
const employeeFields = {
  firstName: optionalText(100),
  lastName: optionalText(100),
  position: optionalText(200),
  currentSalary: salaryInput,
  currentFTE: fteInput,
  locationCode: optionalText(50),
  deseCode: optionalText(50),
  department: optionalText(200),
  workGroupId: positiveId.nullable(),
  /** The work-group label; linked to the work group of that name when one exists. */
  workGroup: optionalText(200),
  jobClass: optionalText(200),
  hireDate: dateInput.nullable(),
  dateOfDeparture: dateInput.nullable(),
  employeeStatus,
  notes: optionalText(4000),
  buildingId: positiveId.nullable(),
  categoryId: positiveId.nullable(),
};

/**
 * PATCH /line-items/budget/:id: any employee fields. Status rules apply (Inactive or Retiring clears
 * and locks the next-year salary); nextYearSalary works as in the next-year-salary call; the Data
 * Quality editor sends metadata.needsReview = false.
 */
export const updateEmployeeBody = z
  .strictObject(employeeFields)
  .partial()
  .extend({
    nextYearSalary: salaryInput.nullable().optional(),
    metadata: z.strictObject({ needsReview: z.boolean() }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateEmployeeBody = z.infer<typeof updateEmployeeBody>;

/** PATCH /line-items/budget/:id/next-year-salary: a number makes it manual; null reverts to automatic. */
export const nextYearSalaryBody = z.strictObject({ nextYearSalary: salaryInput.nullable() });

/** PATCH /line-items/budget/:id/status: the employee status, the budget status, or both. */
export const statusBody = z
  .strictObject({
    employeeStatus: employeeStatus.optional(),
    budgetStatus: optionalText(100).optional(),
  })
  .refine((b) => b.employeeStatus !== undefined || b.budgetStatus !== undefined, {
    message: 'Send employeeStatus or budgetStatus',
  });
export type StatusBody = z.infer<typeof statusBody>;

/** POST /line-items/merge-duplicates: keep one record, delete the other (same budget year and fiscal year). */
export const mergeDuplicatesBody = z
  .strictObject({ keepId: positiveId, deleteId: positiveId })
  .refine((b) => b.keepId !== b.deleteId, {
    message: 'A record cannot be merged with itself',
    path: ['deleteId'],
  });
export const mergeDuplicatesResponse = z.object({
  lineItem: employeeLineItemSchema,
  deletedId: z.number().int(),
});

/** POST /line-items/dismiss-duplicate: the pair is never suggested again. */
export const dismissDuplicateBody = z
  .strictObject({ id1: positiveId, id2: positiveId })
  .refine((b) => b.id1 !== b.id2, { message: 'A record cannot be a duplicate of itself', path: ['id2'] });
export const dismissDuplicateResponse = z.object({
  id1: z.number().int(),
  id2: z.number().int(),
  dismissed: z.literal(true),
});

/* ---------- Creating and editing lines of either kind ---------- */

const lineKey = {
  budgetYearId: positiveId,
  fiscalYear,
  /** Defaults to the active scenario of the kind (operating/proposed) in the budget year, if any. */
  scenarioId: positiveId.nullable().optional(),
};

/** POST /line-items with isOperating true: an employee line. lastName and currentSalary are required. */
export const createEmployeeBody = z
  .strictObject(employeeFields)
  .partial()
  .extend({
    isOperating: z.literal(true),
    ...lineKey,
    lastName: text(100).min(1, 'Last name is required'),
    currentSalary: salaryInput,
    nextYearSalary: salaryInput.nullable().optional(),
  });

const proposedFields = {
  accountDescription: optionalText(500),
  name: optionalText(200),
  accountLine: optionalText(100),
  deseCategories: optionalText(200),
  deseCode: optionalText(50),
  amount: moneyInput,
  /** null = District Wide. */
  buildingId: positiveId.nullable(),
  categoryId: positiveId.nullable(),
  notes: optionalText(4000),
};

/** POST /line-items with isOperating false: a proposed line. accountDescription and amount are required. */
export const createProposedBody = z
  .strictObject(proposedFields)
  .partial()
  .extend({
    isOperating: z.literal(false),
    ...lineKey,
    accountDescription: text(500).min(1, 'Account description is required'),
    amount: moneyInput,
  });

export const createLineItemBody = z.discriminatedUnion('isOperating', [
  createEmployeeBody,
  createProposedBody,
]);
export type CreateLineItemBody = z.infer<typeof createLineItemBody>;
export type CreateEmployeeBody = z.infer<typeof createEmployeeBody>;
export type CreateProposedBody = z.infer<typeof createProposedBody>;

/** PUT /line-items/:id: edit a proposed line (the Proposed Budget Manager's edit modal). */
export const updateProposedBody = z
  .strictObject(proposedFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateProposedBody = z.infer<typeof updateProposedBody>;

/** PATCH /line-items/:id: assign a building (null = District Wide) or a work group (by id or by name). */
export const patchLineItemBody = z
  .strictObject({
    buildingId: positiveId.nullable().optional(),
    workGroupId: positiveId.nullable().optional(),
    workGroup: optionalText(200).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send buildingId, workGroupId or workGroup' });
export type PatchLineItemBody = z.infer<typeof patchLineItemBody>;

export const deleteLineItemResponse = z.object({ message: z.string(), id: z.number().int() });

/* ---------- Bulk ---------- */

/** POST /line-items/bulk-update: assign a building (null = District Wide) to every listed line. */
export const bulkUpdateBody = z.strictObject({ itemIds: itemIdsInput, buildingId: positiveId.nullable() });
export const bulkCountResponse = z.object({ count: z.number().int() });
/** POST /line-items/bulk-delete: deletes what exists; ids that do not are reported in failed. */
export const bulkDeleteBody = z.strictObject({ itemIds: itemIdsInput });
export const bulkDeleteResponse = z.object({
  deleted: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), error: z.string() })),
});
/** POST /line-items/bulk-status: the status rules apply to each line. */
export const bulkStatusBody = z.strictObject({ itemIds: itemIdsInput, employeeStatus });
/** POST /line-items/bulk-work-group: by id, or by name ('Please enter a work group'). */
export const bulkWorkGroupBody = z
  .strictObject({
    itemIds: itemIdsInput,
    workGroupId: positiveId.optional(),
    workGroup: text(200).min(1, 'Please enter a work group').optional(),
  })
  .refine((b) => b.workGroupId !== undefined || b.workGroup !== undefined, {
    message: 'Please enter a work group',
    path: ['workGroupId'],
  });
export type BulkWorkGroupBody = z.infer<typeof bulkWorkGroupBody>;
