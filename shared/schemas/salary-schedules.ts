import { z } from 'zod';
import { salaryLinesLocked } from './reconciliation';
import { idNumber, idText, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { PLACEMENT_KINDS } from './line-item-dtos';
import { MAX_BULK_IDS } from './line-item-inputs';

/**
 * Step-and-lane salary schedules (COLA Management 'Salary Schedules'): a bargained grid of
 * amounts by fiscal year, step and lane, attached to one work group, and each employee line's place
 * on it. Money as JSON numbers (dollars and cents), percents as numbers.
 */

export { PLACEMENT_KINDS, type PlacementKind } from './line-item-dtos';

/** A schedule file is a few kilobytes; anything over this is refused (413) before it is read. */
export const MAX_SCHEDULE_BYTES = 5 * 1024 * 1024;

/** A salary more than this percent away from every cell of its year is left unplaced. */
export const SUGGESTION_TOLERANCE_PERCENT = 10;

export const scheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workGroupId: z.number().int().nullable(),
  workGroup: z.string().nullable(),
  /** Lane names in the schedule's own order. */
  lanes: z.array(z.string()),
  /** The printed years, ascending; later years grow the last one by the work group's COLA. */
  fiscalYears: z.array(z.number().int()),
  /** Steps run 1..steps in every year. */
  steps: z.number().int(),
  /** The COLA each year's row was printed with (shown, never computed with), by fiscal year. */
  printedCola: z.record(z.string(), z.number()),
  sourceFileName: z.string().nullable(),
  /** Employee lines (not projected) of the work group with a step and lane, and of those, confirmed. */
  placedCount: z.number().int(),
  confirmedCount: z.number().int(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleAmountSchema = z.object({
  fiscalYear: z.number().int(),
  step: z.number().int(),
  lane: z.string(),
  amount: moneyOut,
});
export type ScheduleAmount = z.infer<typeof scheduleAmountSchema>;

/**
 * What a suggestion did to the lines it considered (disjoint, they add up to those lines):
 * exact = placed on a cell equal to the salary, suggested = placed on the nearest cell within
 * SUGGESTION_TOLERANCE_PERCENT of the salary, unmatched = left unplaced.
 */
export const placementCountsSchema = z.object({
  suggested: z.number().int(),
  exact: z.number().int(),
  unmatched: z.number().int(),
  /**
   * The lines on a suggested cell whose next-year salary is now below their current salary, and
   * by how much in all (a suggestion moves the next-year salary before anyone confirms it).
   */
  belowCurrent: z.object({ count: z.number().int(), amount: moneyOut }),
});
export type PlacementCounts = z.infer<typeof placementCountsSchema>;

export const schedulesResponse = z.object({ schedules: z.array(scheduleSchema) });
export const scheduleResponse = z.object({ schedule: scheduleSchema });
export const scheduleDetailResponse = z.object({
  schedule: scheduleSchema,
  amounts: z.array(scheduleAmountSchema),
});
export const scheduleImportResponse = z.object({
  schedule: scheduleSchema,
  placements: placementCountsSchema,
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const scheduleWriteResponse = z.object({
  schedule: scheduleSchema,
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const scheduleDeleteResponse = z.object({
  message: z.string(),
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const confirmPlacementsResponse = z.object({
  confirmed: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
/** POST /cola/schedules/:id/suggest-placements: the counts, and the locked lines' note. */
export const suggestPlacementsResponse = placementCountsSchema.extend({
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export type ScheduleImported = z.infer<typeof scheduleImportResponse>;
export type SuggestedPlacements = z.infer<typeof suggestPlacementsResponse>;

/** 'true' / 'false' as a multipart field sends it, or a JSON boolean. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Text fields of the multipart import (the file travels as the `file` part). */
export const importScheduleFields = z.strictObject({
  name: z.string().trim().max(200, 'At most 200 characters').optional(),
  workGroupId: z
    .union([z.literal(''), idText])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Replace the work group's schedule when it already has one (else 409). */
  replace: flag.optional(),
  /** The budget year whose current fiscal year placements are suggested in (default: newest with the group's lines). */
  budgetYearId: z
    .union([z.literal(''), idText])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type ImportScheduleFields = z.infer<typeof importScheduleFields>;
/** The multipart request as the OpenAPI document shows it. */
export const importScheduleRequest = importScheduleFields.extend({
  file: z.string().meta({
    format: 'binary',
    description: 'The .csv or .xlsx: fiscal_year, cola (optional), step, then one column per lane',
  }),
});

export const updateScheduleBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Schedule name cannot be empty')
      .max(200, 'At most 200 characters')
      .optional(),
    workGroupId: idNumber.nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.workGroupId !== undefined, 'Send a name or a workGroupId');
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>;

/**
 * The lines a schedule places: a budget year's employees of one fiscal year (the
 * year being planned too, not only the budget year's current one, the default).
 */
export const suggestPlacementsBody = z.strictObject({
  budgetYearId: idNumber.optional(),
  fiscalYear: fiscalYearInput.optional(),
});

export const confirmPlacementsBody = z.strictObject({
  ids: z
    .array(idNumber, { message: 'ids must be a list of line item ids' })
    .min(1, 'Choose the placements to confirm')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} lines per call`),
});

export const placementBody = z
  .strictObject({
    salaryStep: z.number().int('Step must be a whole number').min(1, 'Step must be 1 or more').nullable(),
    salaryLane: z.string().trim().min(1, 'Choose a lane').max(100).nullable(),
  })
  .superRefine((b, ctx) => {
    if ((b.salaryStep === null) !== (b.salaryLane === null)) {
      const missing = b.salaryStep === null ? 'salaryStep' : 'salaryLane';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Send both a step and a lane, or null for both to clear the placement',
      });
    }
  });
export type PlacementBody = z.infer<typeof placementBody>;

export const placementsQuery = z.strictObject({
  budgetYearId: idText.optional(),
  fiscalYear: fiscalYearInput.optional(),
});

/** One employee line of the schedule's work group and where it sits (GET .../placements). */
export const placementRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  currentSalary: moneyOut.nullable(),
  salaryStep: z.number().int().nullable(),
  salaryLane: z.string().nullable(),
  salaryPlacement: z.enum(PLACEMENT_KINDS).nullable(),
  /** What the line's cell in its fiscal year pays it (the schedule's amount times its FTE), and salary minus it. */
  cellAmount: moneyOut.nullable(),
  difference: moneyOut.nullable(),
});
export type PlacementRow = z.infer<typeof placementRowSchema>;
export const placementsResponse = z.object({
  budgetYearId: z.number().int().nullable(),
  fiscalYear: z.number().int().nullable(),
  /** The fiscal years of the budget year that hold the work group's employees: the years one may place. */
  fiscalYears: z.array(z.number().int()),
  placements: z.array(placementRowSchema),
});
