import { z } from 'zod';
import { GOAL_TYPES } from './common';
import { fiscalYearInput } from './fiscal-year';

/** The largest amount a numeric(14,2) column holds. */
export const MAX_MONEY = 999_999_999_999.99;

const hasAtMostTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Dollars, never negative, at most 2 decimals (cents). */
export const nonNegativeMoney = z
  .number({ error: 'Enter an amount in dollars' })
  .finite()
  .min(0, 'Amounts cannot be negative')
  .max(MAX_MONEY, 'Amount is too large')
  .refine(hasAtMostTwoDecimals, 'Use at most 2 decimals (cents)');

export const goalTypeSchema = z.enum(GOAL_TYPES);
export type GoalType = z.infer<typeof goalTypeSchema>;

export const townGoalSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.number().int(),
  goalType: goalTypeSchema,
  dollarGoal: z.number().nullable(),
  /** Percent change over the baseline (3.5 = +3.5%); negative when the town asks for a cut. */
  percentGoal: z.number().nullable(),
  baselineYear: z.number().int().nullable(),
  baselineAmount: z.number().nullable(),
  actualAmount: z.number().nullable(),
  /** actualAmount - dollarGoal, when both are known. */
  variance: z.number().nullable(),
  notes: z.string().nullable(),
  isBaseline: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TownGoal = z.infer<typeof townGoalSchema>;

export const townGoalsResponse = z.object({ goals: z.array(townGoalSchema) });
export const townGoalResponse = z.object({ goal: townGoalSchema, created: z.boolean() });

/**
 * POST /town-goals: creates the goal of a fiscal year, or saves it when one exists (the fiscal year
 * is unique) or when `id` names it. DOLLAR needs dollarGoal; PERCENT needs percentGoal and a
 * baseline (baselineAmount, or the dollar goal of baselineYear, which defaults to the year before);
 * BOTH needs dollarGoal and percentGoal. The missing half is derived from the baseline.
 */
export const saveTownGoalBody = z.strictObject({
  id: z.number().int().positive().optional(),
  fiscalYear: fiscalYearInput,
  goalType: goalTypeSchema,
  dollarGoal: nonNegativeMoney.nullable().optional(),
  percentGoal: z
    .number({ error: 'Enter a percent' })
    .finite()
    .gt(-100, 'A percent goal must be above -100%')
    .max(1000, 'A percent goal must be at most 1000%')
    .nullable()
    .optional(),
  baselineYear: fiscalYearInput.nullable().optional(),
  baselineAmount: nonNegativeMoney.nullable().optional(),
  actualAmount: nonNegativeMoney.nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  isBaseline: z.boolean().optional(),
});

export type SaveTownGoalBody = z.infer<typeof saveTownGoalBody>;

/** A fiscal year in a path: /town-goals/year/FY27 or /town-goals/year/2027. */
export const yearParams = z.strictObject({ year: fiscalYearInput });

/** GET /town-goals/year/:year: the town's guidance for a fiscal year (404 when there is none). */
export const townGuidanceResponse = z.object({
  fiscalYear: z.number().int(),
  baselineYear: z.number().int().nullable(),
  dollarGoal: z.number(),
  goalType: goalTypeSchema,
  hasTownGoal: z.literal(true),
  /** The dollars the town funds: the dollar goal. */
  townFunding: z.number(),
});

/** GET /town-goals/total/:year: the dollar goal, 0 when the year has none. */
export const townGoalTotalResponse = z.object({
  fiscalYear: z.number().int(),
  total: z.number(),
  hasTownGoal: z.boolean(),
});

export const gapQuery = z.strictObject({
  fiscalYear: fiscalYearInput,
  versionId: z.coerce.number().int().positive().optional(),
  budgetYearId: z.coerce.number().int().positive().optional(),
});

/** Gaps beyond these many dollars either side of the goal are OVER (red) or UNDER (green). */
export const GAP_THRESHOLD = 100_000;
/** Actual minus goal beyond these many dollars colours a goal card red or green (SPEC section 9). */
export const VARIANCE_THRESHOLD = 10_000;

export const GAP_STATUSES = ['OVER', 'UNDER', 'NEAR'] as const;

/** GET /town-goals/analysis/gap: the district's need (proposed budget) against the town goal. */
export const gapAnalysisResponse = z.object({
  fiscalYear: z.number().int(),
  budgetYearId: z.number().int().nullable(),
  versionId: z.number().int().nullable(),
  districtNeed: z.number(),
  townGoal: z.number(),
  hasTownGoal: z.boolean(),
  /** districtNeed - townGoal: above zero the budget asks for more than the town offers. */
  gap: z.number(),
  /** OVER when the gap is above GAP_THRESHOLD, UNDER below -GAP_THRESHOLD, else NEAR. */
  status: z.enum(GAP_STATUSES),
});

export type GapAnalysis = z.infer<typeof gapAnalysisResponse>;
export type TownGuidance = z.infer<typeof townGuidanceResponse>;
