import { z } from 'zod';
import { EMPLOYEE_STATUSES, idNumberWith, idText } from './common';
import { fiscalYearInput } from './fiscal-year';
import { salaryLinesLocked } from './reconciliation';

const budgetYearId = idNumberWith('Budget year is required');
/** true: compute and report what would change, write nothing (the screens' preview). */
const dryRun = z.boolean().optional();

export const BULK_MAPPINGS_MAX = 500;

export const linkBuildingsBody = z.strictObject({
  budgetYearId,
  /** Omitted: every fiscal year of the budget year. */
  fiscalYear: fiscalYearInput.optional(),
  dryRun,
});

export const deseCodesBody = z.strictObject({
  budgetYearId,
  fiscalYear: fiscalYearInput.optional(),
  /** Omitted: each job class gets the most common valid DESE code among its lines; only blanks are filled. */
  mappings: z
    .array(
      z.strictObject({
        jobClass: z.string().trim().min(1, 'Job class is required').max(200),
        deseCode: z.string().trim().min(1, 'DESE code is required').max(10),
      }),
    )
    .min(1, 'Give at least one mapping, or leave mappings out')
    .max(BULK_MAPPINGS_MAX, `At most ${BULK_MAPPINGS_MAX} mappings`)
    .optional(),
  dryRun,
});

const matchValue = z.string().trim().min(1).max(200).optional();

/** Which employee lines a bulk change applies to: every given field must match (case-insensitive). */
export const employeeMatch = z
  .strictObject({ position: matchValue, jobClass: matchValue, department: matchValue })
  .refine((m) => Boolean(m.position || m.jobClass || m.department), {
    message: 'Choose a position, job class or department to match',
  });

export const bulkWorkGroupBody = z.strictObject({
  budgetYearId,
  fiscalYear: fiscalYearInput,
  match: employeeMatch,
  workGroupId: idNumberWith('Work group is required'),
  dryRun,
});

export const bulkStatusBody = z.strictObject({
  budgetYearId,
  fiscalYear: fiscalYearInput,
  match: employeeMatch,
  employeeStatus: z.enum(EMPLOYEE_STATUSES, { message: 'Status must be Active, Retiring or Inactive' }),
  dryRun,
});

export const bulkOptionsQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput.optional(),
});

export const BUILDING_MATCH_METHODS = ['code', 'name', 'name-prefix'] as const;

export const linkBuildingsResponse = z.object({
  totalLinked: z.number().int(),
  results: z.array(
    z.object({
      buildingId: z.number().int(),
      buildingName: z.string(),
      buildingCode: z.string().nullable(),
      employeesLinked: z.number().int(),
      /** code: location code = building code; name: same name; name-prefix: the unique building whose name starts with it. */
      method: z.enum(BUILDING_MATCH_METHODS),
    }),
  ),
  /** Employee lines still without a building after the run (District Wide staff stay so). */
  stillUnassigned: z.number().int(),
  dryRun: z.boolean(),
  /** The locked salary lines the change could not reach (a holder's line moves its position's cost). */
  salaryLines: salaryLinesLocked.optional(),
});

export const deseCodesResponse = z.object({
  totalUpdated: z.number().int(),
  results: z.array(
    z.object({
      jobClass: z.string(),
      deseCode: z.string(),
      deseName: z.string().nullable(),
      employeesUpdated: z.number().int(),
    }),
  ),
  dryRun: z.boolean(),
  /** The locked salary lines the change could not reach (a holder's line moves its position's cost). */
  salaryLines: salaryLinesLocked.optional(),
});

export const bulkCountResponse = z.object({
  /** Lines the match selects. */
  matched: z.number().int(),
  /** Lines changed (or, with dryRun, that would change): those already so are left alone. */
  totalUpdated: z.number().int(),
  dryRun: z.boolean(),
  /** The locked salary lines the change could not reach (a holder's line moves its position's cost). */
  salaryLines: salaryLinesLocked.optional(),
});

const valueCount = z.object({ value: z.string(), count: z.number().int() });

/** What the bulk screens offer: the fiscal years and the values to match, with employee counts. */
export const bulkOptionsResponse = z.object({
  fiscalYears: z.array(z.number().int()),
  positions: z.array(valueCount),
  jobClasses: z.array(valueCount),
  departments: z.array(valueCount),
  employeeCount: z.number().int(),
  unassignedEmployees: z.number().int(),
  missingDeseCodes: z.number().int(),
});

export type LinkBuildingsBody = z.infer<typeof linkBuildingsBody>;
export type DeseCodesBody = z.infer<typeof deseCodesBody>;
export type EmployeeMatch = z.infer<typeof employeeMatch>;
export type BulkWorkGroupBody = z.infer<typeof bulkWorkGroupBody>;
export type BulkStatusBody = z.infer<typeof bulkStatusBody>;
export type BulkOptionsQuery = z.infer<typeof bulkOptionsQuery>;
export type LinkBuildingsResult = z.infer<typeof linkBuildingsResponse>;
export type DeseCodesResult = z.infer<typeof deseCodesResponse>;
export type BulkOptions = z.infer<typeof bulkOptionsResponse>;
