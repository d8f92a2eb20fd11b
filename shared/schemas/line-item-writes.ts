import { z } from 'zod';
import { idNumber } from './common';
import { salaryLinesLocked } from './reconciliation';
import { employeeLineItemSchema } from './line-item-dtos';
import {
  dateInput,
  employeeStatus,
  fiscalYear,
  fteInput,
  itemIdsInput,
  lineAmountInput,
  optionalText,
  salaryInput,
  text,
} from './line-item-inputs';
import { MAX_REASON } from './budget-stages';

/** Request bodies and responses of the line-items API's writes (re-exported by ./line-items). */

/** A value that must be given: null or left out fails with `message`, not the type's own error. */
const present = (message: string) => z.unknown().refine((v) => v !== null && v !== undefined, message);

/** An editor's current salary: required, as 0 is how a new hire (starting next year) is entered. */
const currentSalaryInput = present('Current salary is required (0 means a new hire)').pipe(salaryInput);
/** A proposed line's amount and account description, which every proposed line has. */
const amountInput = present('Amount is required').pipe(lineAmountInput);
const accountDescriptionInput = z
  .string({ error: 'Account description is required' })
  .trim()
  .min(1, 'Account description is required')
  .max(500);

/**
 * Why a line was changed after a budget stage: optional on the edit routes, kept in the
 * line's audit entry (`after.changeReason`) and shown per line by the stage comparison.
 */
export const changeReasonInput = z
  .string({ error: 'changeReason must be text' })
  .trim()
  .min(1, 'Reason for the change cannot be empty')
  .max(MAX_REASON, `Reason for the change must be at most ${MAX_REASON} characters`);

/** Whether a body asks for more than a reason: a reason alone changes nothing. */
const changesSomething = (b: object) => Object.keys(b).some((k) => k !== 'changeReason');

/* ---------- Employee writes ---------- */

/** The employee fields an editor may change (PATCH /line-items/budget/:id, and POST /line-items). */
const employeeFields = {
  firstName: optionalText(100),
  lastName: optionalText(100),
  position: optionalText(200),
  currentSalary: currentSalaryInput,
  currentFTE: fteInput,
  locationCode: optionalText(50),
  deseCode: optionalText(50),
  department: optionalText(200),
  workGroupId: idNumber.nullable(),
  /** The work-group label; linked to the work group of that name when one exists. */
  workGroup: optionalText(200),
  jobClass: optionalText(200),
  hireDate: dateInput.nullable(),
  dateOfDeparture: dateInput.nullable(),
  employeeStatus,
  notes: optionalText(4000),
  buildingId: idNumber.nullable(),
  categoryId: idNumber.nullable(),
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
    changeReason: changeReasonInput.optional(),
  })
  .refine(changesSomething, { message: 'Nothing to update' });
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
  .strictObject({ keepId: idNumber, deleteId: idNumber })
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
  .strictObject({ id1: idNumber, id2: idNumber })
  .refine((b) => b.id1 !== b.id2, { message: 'A record cannot be a duplicate of itself', path: ['id2'] });
export const dismissDuplicateResponse = z.object({
  id1: z.number().int(),
  id2: z.number().int(),
  dismissed: z.literal(true),
});

/* ---------- Creating and editing lines of either kind ---------- */

const lineKey = {
  budgetYearId: idNumber,
  fiscalYear,
  /** Defaults to the active scenario of the kind (operating/proposed) in the budget year, if any. */
  scenarioId: idNumber.nullable().optional(),
};

/** POST /line-items with isOperating true: an employee line. lastName and currentSalary are required. */
export const createEmployeeBody = z
  .strictObject(employeeFields)
  .partial()
  .extend({
    isOperating: z.literal(true),
    ...lineKey,
    lastName: text(100).min(1, 'Last name is required'),
    currentSalary: currentSalaryInput,
    nextYearSalary: salaryInput.nullable().optional(),
  });

const proposedFields = {
  accountDescription: optionalText(500),
  name: optionalText(200),
  accountLine: optionalText(100),
  deseCategories: optionalText(200),
  deseCode: optionalText(50),
  amount: amountInput,
  /** null = District Wide. */
  buildingId: idNumber.nullable(),
  categoryId: idNumber.nullable(),
  notes: optionalText(4000),
  /** Meant for this year only (a one-time purchase): the next year's roll forward leaves it out. */
  oneTime: z.boolean(),
  /** The fund that pays it (GET /funds); null or left out: the general fund. */
  fundId: idNumber.nullable(),
};

/** POST /line-items with isOperating false: a proposed line. accountDescription and amount are required. */
export const createProposedBody = z
  .strictObject(proposedFields)
  .partial()
  .extend({
    isOperating: z.literal(false),
    ...lineKey,
    accountDescription: accountDescriptionInput,
    amount: amountInput,
  });

export const createLineItemBody = z.discriminatedUnion('isOperating', [
  createEmployeeBody,
  createProposedBody,
]);
export type CreateLineItemBody = z.infer<typeof createLineItemBody>;
export type CreateEmployeeBody = z.infer<typeof createEmployeeBody>;
export type CreateProposedBody = z.infer<typeof createProposedBody>;

/**
 * PUT /line-items/:id: edit a proposed line (the Proposed Budget Manager's edit modal). A line
 * keeps its account description: it may change but not be emptied.
 */
export const updateProposedBody = z
  .strictObject({ ...proposedFields, accountDescription: accountDescriptionInput })
  .partial()
  .extend({ changeReason: changeReasonInput.optional() })
  .refine(changesSomething, { message: 'Nothing to update' });
export type UpdateProposedBody = z.infer<typeof updateProposedBody>;

/** PATCH /line-items/:id: assign a building (null = District Wide) or a work group (by id or by name). */
export const patchLineItemBody = z
  .strictObject({
    buildingId: idNumber.nullable().optional(),
    workGroupId: idNumber.nullable().optional(),
    workGroup: optionalText(200).optional(),
    changeReason: changeReasonInput.optional(),
  })
  .refine(changesSomething, { message: 'Send buildingId, workGroupId or workGroup' });
export type PatchLineItemBody = z.infer<typeof patchLineItemBody>;

/** salaryLines: the locked salary lines the delete could not reach (as lineItemResponse's). */
export const deleteLineItemResponse = z.object({
  message: z.string(),
  id: z.number().int(),
  salaryLines: salaryLinesLocked.optional(),
});

/* ---------- Bulk ---------- */

/** POST /line-items/bulk-update: assign a building (null = District Wide) to every listed line. */
export const bulkUpdateBody = z.strictObject({ itemIds: itemIdsInput, buildingId: idNumber.nullable() });
/** salaryLines: the locked salary lines the change could not reach (as lineItemResponse's). */
export const bulkCountResponse = z.object({
  count: z.number().int(),
  salaryLines: salaryLinesLocked.optional(),
});
/** POST /line-items/bulk-delete: deletes what exists; ids that do not are reported in failed. */
export const bulkDeleteBody = z.strictObject({ itemIds: itemIdsInput });
export const bulkDeleteResponse = z.object({
  deleted: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), error: z.string() })),
  salaryLines: salaryLinesLocked.optional(),
});
/** POST /line-items/bulk-status: the status rules apply to each line. */
export const bulkStatusBody = z.strictObject({ itemIds: itemIdsInput, employeeStatus });
/** POST /line-items/bulk-work-group: by id, or by name ('Please enter a work group'). */
export const bulkWorkGroupBody = z
  .strictObject({
    itemIds: itemIdsInput,
    workGroupId: idNumber.optional(),
    workGroup: text(200).min(1, 'Please enter a work group').optional(),
  })
  .refine((b) => b.workGroupId !== undefined || b.workGroup !== undefined, {
    message: 'Please enter a work group',
    path: ['workGroupId'],
  });
export type BulkWorkGroupBody = z.infer<typeof bulkWorkGroupBody>;
/** POST /line-items/bulk-category: a category chosen from the list (employee lines: a personnel one). */
export const bulkCategoryBody = z.strictObject({ itemIds: itemIdsInput, categoryId: idNumber });
/** POST /line-items/bulk-fund: the fund that pays 1..5000 proposed lines (null: the general fund). */
export const bulkFundBody = z.strictObject({ itemIds: itemIdsInput, fundId: idNumber.nullable() });
/** POST /line-items/mark-reviewed: Data Quality marks records reviewed, with a note (audited). */
export const markReviewedBody = z.strictObject({
  itemIds: itemIdsInput,
  note: text(500).min(1, 'Write a note saying what was checked'),
});
export const markReviewedResponse = z.object({
  /** Lines whose flag was cleared. */
  reviewed: z.number().int(),
  /** Listed lines that were not flagged (left as they were). */
  notFlagged: z.number().int(),
});
/** GET /line-items/budget/needs-review/count: the length of the needs-review list (the dashboard's count). */
export const needsReviewCountResponse = z.object({ count: z.number().int() });
