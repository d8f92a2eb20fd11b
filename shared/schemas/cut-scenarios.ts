// Over 300 lines: the Scenario Builder API's one contract (its bodies, answers and floors), which the server, the web and the CLI all read.
import { z } from 'zod';
import { formatNumber } from '@shared/money';
import {
  idKey,
  idNumberWith,
  idText,
  idTextWith,
  isoDate,
  isPercent,
  moneyOut,
  SCENARIO_NAME_MESSAGE,
  unitsOf,
} from './common';
import { fiscalYearInput } from './fiscal-year';
import { optionalText } from './work-group-categories';

/**
 * Scenario Builder: cut scenarios over a budget year's proposed lines of
 * one fiscal year. Each line keeps a percent of its amount (0-100, absent = 100); floors say how far
 * a category or a line may be cut. Summary: originalTotal, townGoal, totalCuts, adjustedTotal,
 * goalTotal (its general fund's part), gap = goalTotal - townGoal (over goal when above zero),
 * meetsGoal (null for a year with no lines: not started, or no town goal, where gap is null too:
 * shared/budget-math.ts scenarioStatus),
 * itemsModified.
 */

/** The quick cuts (-25%, -50%, Cut All, Reset): the percent kept. */
export const QUICK_CUTS = [
  { label: '-25%', percent: 75 },
  { label: '-50%', percent: 50 },
  { label: 'Cut All (0%)', percent: 0 },
  { label: 'Reset (100%)', percent: 100 },
] as const;
export const PERCENT_MESSAGE = 'Enter a percent from 0 to 100 with at most 2 decimals';
export const MAX_ADJUSTMENTS = 100_000;

const id = (what: string) =>
  idNumberWith(`${what} must be a positive whole number`, `${what} must be a whole number`);
const idQuery = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    idTextWith(`${what} must be a positive whole number`),
  );
const percent = z.number({ error: PERCENT_MESSAGE }).refine(isPercent, PERCENT_MESSAGE);

/** Line id -> percent kept; JSON object keys are the ids. */
export const adjustmentsInput = z
  .record(idKey('Adjustment keys are line item ids'), percent)
  .refine((m) => Object.keys(m).length <= MAX_ADJUSTMENTS, `At most ${MAX_ADJUSTMENTS} adjustments`);

const scenarioName = z
  .string({ error: SCENARIO_NAME_MESSAGE })
  .trim()
  .min(1, SCENARIO_NAME_MESSAGE)
  .max(200, 'Scenario name must be at most 200 characters');

export const baselineQuery = z.strictObject({
  budgetYearId: idQuery('budgetYearId'),
  /** Default: the budget year's current fiscal year. */
  fiscalYear: fiscalYearInput.optional(),
  /** A saved cut scenario whose adjustments to apply (its own year and version then apply). */
  scenarioId: idQuery('scenarioId').optional(),
  versionId: idQuery('versionId').optional(),
  /** objects (the default): each line with named fields; rows: the compact body the screen reads. */
  format: z.enum(['objects', 'rows'], { error: 'format must be objects or rows' }).optional(),
});

export const calculateBody = z.strictObject({
  budgetYearId: id('budgetYearId'),
  fiscalYear: fiscalYearInput.optional(),
  adjustments: adjustmentsInput,
  /** The web app's name for the budget version whose lines are cut. */
  version: id('version').nullable().optional(),
  /** A saved scenario whose cuts by position count in the summary too. */
  scenarioId: id('scenarioId').optional(),
});

export const cutScenariosQuery = z.strictObject({
  budgetYearId: idQuery('budgetYearId'),
  fiscalYear: fiscalYearInput.optional(),
});

export const createCutScenarioBody = z.strictObject({
  budgetYearId: id('budgetYearId'),
  fiscalYear: fiscalYearInput.optional(),
  name: scenarioName,
  description: optionalText(1000),
  versionId: id('versionId').nullable().optional(),
  /** Start from another scenario's cuts. */
  copyFromId: id('copyFromId').optional(),
});

export const updateCutScenarioBody = z
  .strictObject({ name: scenarioName.optional(), description: optionalText(1000) })
  .refine((b) => b.name !== undefined || b.description !== undefined, { message: 'Nothing to update' });

/** Replaces the scenario's cuts (a line at 100 is uncut). */
export const saveAdjustmentsBody = z.strictObject({ adjustments: adjustmentsInput });

/** A quick cut: these lines, or a category's, to `percent` kept, each held at its floor. */
export const quickCutBody = z
  .strictObject({
    lineIds: z.array(id('lineIds')).max(MAX_ADJUSTMENTS).optional(),
    categoryId: id('categoryId').optional(),
    percent,
  })
  .refine((b) => (b.lineIds === undefined) !== (b.categoryId === undefined), {
    message: 'Name the lines (lineIds) or a budget category (categoryId)',
    path: ['lineIds'],
  });

/** Most FTE a category's floor may name (a whole big district's staff). */
export const MAX_MIN_FTE = 100_000;
const MIN_FTE_MESSAGE = `The FTE floor must be from 0 to ${formatNumber(MAX_MIN_FTE)}`;
const minFteInput = z
  .number({ error: 'The FTE floor must be a number' })
  .min(0, MIN_FTE_MESSAGE)
  .max(MAX_MIN_FTE, MIN_FTE_MESSAGE)
  .refine((v) => unitsOf(v, 3) !== null, 'Use at most 3 decimal places for the FTE floor');

export const floorsQuery = z.strictObject({ budgetYearId: idQuery('budgetYearId') });
export const saveFloorsBody = z.strictObject({
  budgetYearId: id('budgetYearId'),
  floors: z
    .array(
      z
        .strictObject({
          categoryId: id('categoryId').optional(),
          lineItemId: id('lineItemId').optional(),
          /**
           * null removes the floor on dollars. A category's may be left out (undefined) to keep
           * the one it has while its FTE floor changes; a line's is required.
           */
          floorPercent: percent.nullable().optional(),
          /**
           * A personnel category's least FTE (cuts by position stop there); null removes it,
           * undefined keeps the one it has. A category left with only an FTE floor keeps 0%.
           */
          minFte: minFteInput.nullable().optional(),
          reason: optionalText(500),
        })
        .refine((f) => (f.categoryId === undefined) !== (f.lineItemId === undefined), {
          message: 'Name a budget category (categoryId) or a line (lineItemId)',
          path: ['categoryId'],
        })
        .refine((f) => f.lineItemId === undefined || f.floorPercent !== undefined, {
          message: 'A line floor needs floorPercent (null removes it)',
          path: ['floorPercent'],
        })
        .refine((f) => f.lineItemId === undefined || f.minFte === undefined, {
          message: 'An FTE floor belongs to a budget category, not a line',
          path: ['minFte'],
        })
        .refine((f) => f.floorPercent !== undefined || f.minFte !== undefined, {
          message: 'Give a floor percent (floorPercent) or an FTE floor (minFte)',
          path: ['floorPercent'],
        }),
    )
    .min(1, 'Name at least one floor')
    .max(10_000),
});

export const compareQuery = z.strictObject({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
    z.array(idText).min(1, 'Choose two or three scenarios').max(3, 'Compare at most three scenarios'),
  ),
});

const money = moneyOut;

export const scenarioSummarySchema = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  versionId: z.number().int().nullable(),
  lineCount: z.number().int(),
  originalTotal: money,
  townGoal: money,
  hasTownGoal: z.boolean(),
  totalCuts: money,
  adjustedTotal: money,
  /**
   * The general fund's part of adjustedTotal, what the goal is compared with (GOAL_FUNDS): a cut to
   * a grant's line saves the grant, not the town.
   */
  goalTotal: money,
  /** goalTotal - townGoal: above zero is over the goal; null when the year has no town goal. */
  gap: money.nullable(),
  /**
   * goalTotal at or under the goal; null when the year has no lines (not started: neither) or no
   * town goal (nothing to meet: hasTownGoal false).
   */
  meetsGoal: z.boolean().nullable(),
  itemsModified: z.number().int(),
  /** What the scenario's cuts by position save, less what its added positions cost (in the totals). */
  positionsNet: money,
  /** Of positionsNet, the general fund's part (in goalTotal). */
  positionsGeneralNet: money,
  /** How many cuts and adds by position the scenario holds. */
  positionChanges: z.number().int(),
});

export const scenarioLineSchema = z.object({
  id: z.number().int(),
  accountDesc: z.string().nullable(),
  accountLine: z.string().nullable(),
  deseCode: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  category: z.object({ name: z.string(), color: z.string() }).nullable(),
  buildingId: z.number().int().nullable(),
  building: z.object({ name: z.string() }).nullable(),
  isPersonnel: z.boolean(),
  /** The proposed amount being cut (the field keeps the name the screens use, whatever the year). */
  fy26ProposedV3: money,
  percentKept: z.number(),
  /** The least percent this line may keep (its own floor, else its category's), 0 without one. */
  floorPercent: z.number(),
  adjustedAmount: money,
  cut: money,
  /** Whether the general fund pays the line: its cuts count against the town's goal (GOAL_FUNDS). */
  generalFund: z.boolean(),
});

/** An adoption made after a scenario was, and how many of the scenario's cuts it had applied. */
export const adoptedSinceSchema = z.object({
  adoptionId: z.number().int(),
  scenarioName: z.string(),
  adoptedAt: z.string(),
  cutsApplied: z.number().int(),
});
export type AdoptedSince = z.infer<typeof adoptedSinceSchema>;

export const cutScenarioSchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  versionId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  summary: scenarioSummarySchema,
  /**
   * The adoptions (of other scenarios, not undone) made in this year after this scenario was: its
   * cuts are shown against today's figures, and those an adoption had already applied (the same
   * line, the same percent) were taken out of it, counted here.
   */
  adoptedSince: z.array(adoptedSinceSchema),
});

/** GET /scenarios/baseline's default body: every line an object with named fields. */
export const baselineObjectsResponse = z.object({
  lines: z.array(scenarioLineSchema),
  summary: scenarioSummarySchema,
  scenario: cutScenarioSchema.nullable(),
});

/** The compact body, with format=rows (scenario-line-rows.ts decodes it into scenarioLineSchema's objects). */
export const baselineRowsResponse = z.object({
  /** [id, accountDesc, accountLine, deseCode, categoryId, buildingId, amount, percentKept, floorPercent, adjustedAmount, generalFund] */
  lines: z.array(
    z.tuple([
      z.number().int(),
      z.string().nullable(),
      z.string().nullable(),
      z.string().nullable(),
      z.number().int().nullable(),
      z.number().int().nullable(),
      money,
      z.number(),
      z.number(),
      money,
      z.boolean(),
    ]),
  ),
  categories: z.array(
    z.object({ id: z.number().int(), name: z.string(), color: z.string(), isPersonnel: z.boolean() }),
  ),
  buildings: z.array(z.object({ id: z.number().int(), name: z.string() })),
  summary: scenarioSummarySchema,
  scenario: cutScenarioSchema.nullable(),
});
/** What GET /scenarios/baseline answers: the object form, or the compact one with format=rows. */
export const baselineResponse = z.union([baselineObjectsResponse, baselineRowsResponse]);
export const calculateResponse = z.object({ summary: scenarioSummarySchema });
export const cutScenariosResponse = z.object({ scenarios: z.array(cutScenarioSchema) });
export const cutScenarioResponse = z.object({ scenario: cutScenarioSchema });
export const quickCutResponse = z.object({
  scenario: cutScenarioSchema,
  linesChanged: z.number().int(),
  /** Lines held above the asked percent by a floor, and the dollars the floors kept. */
  heldByFloor: z.number().int(),
  notCutByFloor: money,
});
export const floorSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  category: z.string().nullable(),
  lineItemId: z.number().int().nullable(),
  accountDesc: z.string().nullable(),
  floorPercent: z.number(),
  /** A personnel category's least FTE; null without one. */
  minFte: z.number().nullable(),
  reason: z.string().nullable(),
});
export const floorsResponse = z.object({ floors: z.array(floorSchema) });
export const compareResponse = z.object({
  fiscalYear: z.number().int(),
  townGoal: money,
  scenarios: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      adjustedTotal: money,
      totalCuts: money,
      /** The general fund's part of adjustedTotal, what the gap compares with the goal. */
      goalTotal: money,
      /** Null when the year has no town goal. */
      gap: money.nullable(),
      /** Null when the year has no lines (not started) or no town goal (nothing to meet). */
      meetsGoal: z.boolean().nullable(),
    }),
  ),
  categories: z.array(
    z.object({
      categoryId: z.number().int().nullable(),
      category: z.string(),
      original: money,
      scenarios: z.array(z.object({ id: z.number().int(), adjusted: money, difference: money })),
    }),
  ),
});

export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;
export type ScenarioLine = z.infer<typeof scenarioLineSchema>;
export type CutScenario = z.infer<typeof cutScenarioSchema>;
export type Floor = z.infer<typeof floorSchema>;
export type CalculateInput = z.output<typeof calculateBody>;
export type CreateCutScenarioInput = z.output<typeof createCutScenarioBody>;
export type QuickCutInput = z.output<typeof quickCutBody>;
export type SaveFloorsInput = z.output<typeof saveFloorsBody>;
