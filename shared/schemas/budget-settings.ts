import { z } from 'zod';
import { idNumber, idNumberWith, idText } from './common';
import { salaryLinesLocked } from './reconciliation';

export const STEP_LANE_TYPES = ['PERCENTAGE', 'DOLLAR'] as const;
/** The default step/lane setting. */
export const DEFAULT_STEP_LANE = { type: 'PERCENTAGE', value: 1.5 } as const;

const WORK_GROUPS_MESSAGE = 'Work groups must be a list of work group ids (or the JSON string of one)';

/**
 * Work group ids, as an array or as the JSON string of one (the web app has sent them as a JSON
 * string). Duplicates are dropped.
 */
export const stepsLanesWorkGroupsInput = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') {
        return value;
      }
      try {
        return value.trim() === '' ? [] : (JSON.parse(value) as unknown);
      } catch {
        return value;
      }
    },
    z
      .array(idNumberWith('Work group ids must be positive integers'), {
        message: WORK_GROUPS_MESSAGE,
      })
      .max(1000, 'Too many work groups'),
  )
  .transform((ids) => [...new Set(ids)])
  .meta({ description: 'Work group ids: an array of integers, or the JSON string of one' });

const settingsFields = {
  stepLaneAdjustmentType: z.enum(STEP_LANE_TYPES, {
    message: 'Adjustment type must be PERCENTAGE or DOLLAR',
  }),
  stepLaneAdjustmentValue: z
    .number({ message: 'Step/lane value is required and must be a number' })
    .min(0, 'Step/lane value must be at least 0')
    .max(1_000_000, 'Step/lane value is too large'),
  stepLaneDescription: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional(),
  /** Omitted keeps the current list. */
  stepsLanesWorkGroups: stepsLanesWorkGroupsInput.optional(),
};

const percentAtMost100 = (b: { stepLaneAdjustmentType: string; stepLaneAdjustmentValue: number }) =>
  b.stepLaneAdjustmentType !== 'PERCENTAGE' || b.stepLaneAdjustmentValue <= 100;
const percentIssue = {
  message: 'A percentage adjustment must be at most 100',
  path: ['stepLaneAdjustmentValue'],
};

export const updateBudgetSettingsBody = z.strictObject(settingsFields).refine(percentAtMost100, percentIssue);

/** PUT /budget-settings: upsert by budget year. */
export const upsertBudgetSettingsBody = z
  .strictObject({ budgetYearId: idNumber, ...settingsFields })
  .refine(percentAtMost100, percentIssue);

/** Without a budget year: the one whose current fiscal year is today's, else the latest. */
export const budgetSettingsQuery = z.strictObject({
  budgetYearId: idText.optional(),
});

export const budgetSettingsSchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  stepLaneAdjustmentType: z.enum(STEP_LANE_TYPES),
  stepLaneAdjustmentValue: z.number(),
  stepLaneDescription: z.string().nullable(),
  stepsLanesWorkGroups: z.array(z.number().int()),
  updatedAt: z.string(),
});

export const budgetSettingsResponse = z.object({
  settings: budgetSettingsSchema,
  /** After a save: how many lines' automatic next-year salary the new settings moved. */
  recomputedLines: z.number().int().optional(),
  /** After a save: the locked salary lines the recomputed salaries could not reach, when any. */
  salaryLines: salaryLinesLocked.optional(),
});

export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;
export type UpdateBudgetSettingsBody = z.infer<typeof updateBudgetSettingsBody>;
export type UpsertBudgetSettingsBody = z.infer<typeof upsertBudgetSettingsBody>;
