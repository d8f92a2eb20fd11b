import { z } from 'zod';
import { idText, isoDate, moneyOut } from './common';
import { fiscalYear } from './line-item-inputs';
import { laneInput, reason, stepInput } from './position-inputs';
import { positionTotalsSchema } from './position-totals';
import { salaryLinesLocked } from './reconciliation';

/** The positions API's district settings and summary (./positions.ts re-exports them). */

/* ---------- Vacancy placement per work group ---------- */

export const vacancyPlacementSchema = z.object({
  workGroupId: z.number().int(),
  workGroupName: z.string(),
  scheduleId: z.number().int().nullable(),
  scheduleName: z.string().nullable(),
  /** The schedule's lanes and top step, for the pickers. */
  lanes: z.array(z.string()),
  topStep: z.number().int().nullable(),
  /** The default step and lane a vacancy is budgeted at; null: none set (vacancies need their own). */
  step: z.number().int().nullable(),
  lane: z.string().nullable(),
  updatedAt: isoDate,
  updatedByName: z.string().nullable(),
});
export type VacancyPlacement = z.infer<typeof vacancyPlacementSchema>;
export const vacancyPlacementsResponse = z.object({ placements: z.array(vacancyPlacementSchema) });
/**
 * salaryLines: the locked salary lines the new placement's cost could not reach (the vacancies of
 * every roster with the group are priced anew), as a position write answers.
 */
export const vacancyPlacementResponse = z.object({
  placement: vacancyPlacementSchema,
  salaryLines: salaryLinesLocked.optional(),
});
export const workGroupParams = z.strictObject({ workGroupId: idText });
/** Both null clears the setting. */
export const vacancyPlacementBody = z
  .strictObject({ step: stepInput.nullable(), lane: laneInput.nullable(), reason })
  .refine((b) => (b.step === null) === (b.lane === null), {
    message: 'Give both a step and a lane, or neither to clear the setting',
  });
export type VacancyPlacementBody = z.infer<typeof vacancyPlacementBody>;

/* ---------- Staffing summary ---------- */

export const staffingQuery = z.strictObject({ fiscalYear, budgetYearId: idText.optional() });
export const staffingGroupSchema = z.object({
  /** The building, work group id or function code; null: District Wide / none. */
  key: z.union([z.number().int(), z.string()]).nullable(),
  name: z.string(),
  positions: z.number().int(),
  fte: z.number(),
  filledFte: z.number(),
  vacantFte: z.number(),
  frozenFte: z.number(),
  /** null where it would show the pay of fewer than the reports' minimum group (VIEW_ONLY). */
  budgetedCost: moneyOut.nullable(),
  /** Filled cost / filled FTE, to the cent (by work group only; null as above or when none filled). */
  averageSalary: moneyOut.nullable(),
});
export type StaffingGroup = z.infer<typeof staffingGroupSchema>;
export const staffingSummaryResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  totals: positionTotalsSchema,
  byBuilding: z.array(staffingGroupSchema),
  byFunction: z.array(staffingGroupSchema),
  byWorkGroup: z.array(staffingGroupSchema),
});
export type StaffingSummary = z.infer<typeof staffingSummaryResponse>;
