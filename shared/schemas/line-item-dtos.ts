import { z } from 'zod';
import { EMPLOYEE_STATUSES, moneyOut } from './common';

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

/**
 * Where a line came from: 'projected' (generated from a base year), 'imported' (written by an
 * import run) or 'entered' (created by hand). Derived in SQL (queries/line-items.ts), shown in the
 * grids' Source column and their exports.
 */
export const LINE_SOURCES = ['imported', 'projected', 'entered'] as const;
export type LineSource = (typeof LINE_SOURCES)[number];

/** Where an employee's step and lane came from: suggested from the salary, or confirmed by a person. */
export const PLACEMENT_KINDS = ['suggested', 'confirmed'] as const;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];

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
  source: z.enum(LINE_SOURCES),
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
  currentSalary: moneyOut.nullable(),
  nextYearSalary: moneyOut.nullable(),
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
  /** The line's step and lane on its work group's salary schedule (null: not placed), and whether
   * the system suggested them from the salary or a person confirmed them. */
  salaryStep: z.number().int().nullable(),
  salaryLane: z.string().nullable(),
  salaryPlacement: z.enum(PLACEMENT_KINDS).nullable(),
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
  amount: moneyOut.nullable(),
  categoryId: z.number().int().nullable(),
  category: z.object({ name: z.string(), color: z.string().nullable() }).nullable(),
  /** Meant for this year only (a one-time purchase): the next year's roll forward leaves it out. */
  oneTime: z.boolean(),
  /** The fund that pays it; null is the general fund (every install has one: GET /funds). */
  fundId: z.number().int().nullable(),
  ...lineItemTail,
});

export type EmployeeLineItem = z.infer<typeof employeeLineItemSchema>;
export type ProposedLineItem = z.infer<typeof proposedLineItemSchema>;
