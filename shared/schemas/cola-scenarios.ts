import { z } from 'zod';
import { salaryLinesLocked } from './reconciliation';
import { SCENARIO_NAME_MESSAGE, idNumber, idNumberWith, idTextWith, isoDate } from './common';
import { isColaPercent } from './contracts';
import { fiscalYearInput } from './fiscal-year';
import { optionalText } from './work-group-categories';

/**
 * COLA planning scenarios (COLA Management, tab 'COLA Scenarios'): named sets of COLA percents by
 * work-group category (the grid: TEACHERS, SUPPORT, ADMIN, OPERATIONS x FY2027-2029) or by work
 * group. The default scenario fills next-year salaries where no contract covers a year.
 */

/** The COLA Scenarios grid's rows (work-group categories) and fiscal years. */
export const GRID_CATEGORIES = ['TEACHERS', 'SUPPORT', 'ADMIN', 'OPERATIONS'] as const;
export const GRID_YEARS = [2027, 2028, 2029] as const;

export const NO_SCENARIO_MESSAGE = 'Please select a scenario first';
export const INVALID_SCENARIO_MESSAGE = 'Invalid scenario selected';
export const NOTHING_TO_SAVE_MESSAGE = 'No COLA percentages to save. Please enter at least one value.';
export { SCENARIO_NAME_MESSAGE };
const PERCENT_MESSAGE = 'COLA percentage must be a number from 0 to 100 with at most 2 decimals';

const scenarioName = z
  .string({ error: SCENARIO_NAME_MESSAGE })
  .trim()
  .min(1, SCENARIO_NAME_MESSAGE)
  .max(200, 'Scenario name must be at most 200 characters');

export const createColaScenarioBody = z.strictObject({
  name: scenarioName,
  description: optionalText(1000),
});

export const updateColaScenarioBody = z
  .strictObject({ name: scenarioName.optional(), description: optionalText(1000) })
  .refine((b) => b.name !== undefined || b.description !== undefined, { message: 'Nothing to update' });

const scenarioId = idNumberWith(INVALID_SCENARIO_MESSAGE, NO_SCENARIO_MESSAGE);

export const colaSettingsQuery = z.strictObject({
  scenarioId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    idTextWith(INVALID_SCENARIO_MESSAGE, { missing: NO_SCENARIO_MESSAGE }),
  ),
});

/** One cell: a work-group category or a work group, a year, and a percent (null clears the cell). */
const settingEntry = z
  .strictObject({
    workGroupCategoryId: idNumber.optional(),
    workGroupId: idNumber.optional(),
    fiscalYear: fiscalYearInput,
    colaPercentage: z.number({ error: PERCENT_MESSAGE }).nullable(),
  })
  .superRefine((s, ctx) => {
    if ((s.workGroupCategoryId === undefined) === (s.workGroupId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['workGroupId'],
        message: 'Name either a work group (workGroupId) or a work-group category (workGroupCategoryId)',
      });
    }
    if (s.colaPercentage !== null && !isColaPercent(s.colaPercentage)) {
      ctx.addIssue({ code: 'custom', path: ['colaPercentage'], message: PERCENT_MESSAGE });
    }
  });

/**
 * POST /cola/settings: a single setting {workGroupId, fiscalYear, colaPercentage,
 * scenarioId}, or the grid's batch {scenarioId, settings: [...]}; both become the batch.
 */
export const saveColaSettingsBody = z
  .preprocess(
    (raw) => {
      if (raw && typeof raw === 'object' && !Array.isArray(raw) && !('settings' in raw)) {
        const { scenarioId: id, ...one } = raw as Record<string, unknown>;
        return Object.keys(one).length ? { scenarioId: id, settings: [one] } : { scenarioId: id };
      }
      return raw;
    },
    z.strictObject({
      scenarioId,
      settings: z.array(settingEntry, { error: NOTHING_TO_SAVE_MESSAGE }).max(1000).optional(),
    }),
  )
  .superRefine((b, ctx) => {
    if (!b.settings?.length) {
      ctx.addIssue({ code: 'custom', path: ['settings'], message: NOTHING_TO_SAVE_MESSAGE });
    }
  })
  .transform((b) => ({ scenarioId: b.scenarioId, settings: b.settings ?? [] }));

/**
 * PUT /cola/scenarios/:id/long-term: the COLA assumed after the last contract year and the
 * scenario's last year (null: none, so those years get 0% and the calculations warn), and per work
 * group where a group's differs (null removes the group's own figure; groups not named keep theirs).
 */
const longTermPercent = z.number({ error: PERCENT_MESSAGE }).nullable();
export const saveLongTermBody = z
  .strictObject({
    colaPercentage: longTermPercent,
    workGroups: z
      .array(
        z.strictObject({
          workGroupId: idNumberWith('workGroupId must be a whole number'),
          colaPercentage: longTermPercent,
        }),
      )
      .max(1000)
      .default([]),
  })
  .superRefine((b, ctx) => {
    if (b.colaPercentage !== null && !isColaPercent(b.colaPercentage)) {
      ctx.addIssue({ code: 'custom', path: ['colaPercentage'], message: PERCENT_MESSAGE });
    }
    const seen = new Set<number>();
    b.workGroups.forEach((g, i) => {
      if (g.colaPercentage !== null && !isColaPercent(g.colaPercentage)) {
        ctx.addIssue({ code: 'custom', path: ['workGroups', i, 'colaPercentage'], message: PERCENT_MESSAGE });
      }
      if (seen.has(g.workGroupId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['workGroups', i, 'workGroupId'],
          message: 'The same work group is named twice',
        });
      }
      seen.add(g.workGroupId);
    });
  });

export const colaLongTermWorkGroupSchema = z.object({
  workGroupId: z.number().int(),
  workGroup: z.string(),
  colaPercentage: z.number(),
});

export const colaScenarioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The scenario stored next-year salaries and projections use where no contract covers a year. */
  isDefault: z.boolean(),
  settingsCount: z.number().int(),
  /** The last fiscal year the scenario sets a COLA for; null when it sets none. */
  lastYear: z.number().int().nullable(),
  /**
   * The long-term COLA assumption: the percent a work group gets in a year after its last contract
   * year and after lastYear; null when the scenario assumes none (those years get 0%).
   */
  longTermColaPercentage: z.number().nullable(),
  /** Work groups whose long-term assumption differs from the scenario's. */
  longTermWorkGroups: z.array(colaLongTermWorkGroupSchema),
  createdAt: isoDate,
});

export const colaSettingSchema = z.object({
  id: z.number().int(),
  scenarioId: z.number().int(),
  workGroupId: z.number().int().nullable(),
  workGroupCategoryId: z.number().int().nullable(),
  workGroupCategory: z.string().nullable(),
  workGroup: z.string().nullable(),
  fiscalYear: z.number().int(),
  colaPercentage: z.number(),
});

export const colaScenariosResponse = z.object({ scenarios: z.array(colaScenarioSchema) });
export const colaScenarioResponse = z.object({ scenario: colaScenarioSchema });
export const colaDefaultResponse = z.object({
  scenario: colaScenarioSchema,
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const colaSettingsResponse = z.object({ settings: z.array(colaSettingSchema) });
export const colaSettingsSavedResponse = z.object({
  settings: z.array(colaSettingSchema),
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const colaLongTermSavedResponse = z.object({
  scenario: colaScenarioSchema,
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const colaScenarioDeletedResponse = z.object({ message: z.string() });

export type ColaScenario = z.infer<typeof colaScenarioSchema>;
export type ColaSetting = z.infer<typeof colaSettingSchema>;
export type CreateColaScenarioInput = z.output<typeof createColaScenarioBody>;
export type UpdateColaScenarioInput = z.output<typeof updateColaScenarioBody>;
export type SaveColaSettingsInput = z.output<typeof saveColaSettingsBody>;
export type SaveLongTermInput = z.output<typeof saveLongTermBody>;
export type SaveLongTermBody = z.input<typeof saveLongTermBody>;
