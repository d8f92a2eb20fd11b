import { z } from 'zod';
import {
  divideRounded,
  fromCents,
  fromUnits,
  GOAL_TYPES,
  idNumber,
  idText,
  MAX_MONEY_CENTS,
  moneyInput,
  moneyOut,
  toCents,
  unitsOf,
} from './common';
import { fiscalYearInput } from './fiscal-year';
import { fundsEcho } from './fund-choice';

/** Dollars, never negative, at most 2 decimals (cents), at most numeric(14,2)'s maximum. */
export const nonNegativeMoney = moneyInput();

/** Decimals a percent goal keeps (percent_goal is numeric(7,3)). */
export const PERCENT_PLACES = 3;
const PERCENT_UNITS = 10n ** BigInt(PERCENT_PLACES);

/* ------------------------------------------------------------------------------------------------
 * Town-goal arithmetic (a percent goal gives dollars = baseline × (1 + percent/100); a dollar goal
 * gives percent = (goal − baseline)/baseline × 100), the one implementation the server, the CLI
 * and the web form use. Exact: cents and thousandths of a percent as BigInt, rounded once, halves away from zero.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Percent goal -> dollars: baseline x (1 + percent / 100), to the cent, halves away from zero
 * (0.1% over $1,665.00 is $1,666.665, so $1,666.67). Null when the baseline has more than 2
 * decimals or the percent more than PERCENT_PLACES (callers validate those first).
 */
export function dollarsFromPercent(baseline: number, percent: number): number | null {
  const cents = toCents(baseline);
  const p = unitsOf(percent, PERCENT_PLACES);
  if (cents === null || p === null) {
    return null;
  }
  const hundred = 100n * PERCENT_UNITS;
  return fromCents(divideRounded(cents * (hundred + p), hundred));
}

/**
 * Dollar goal -> percent over the baseline, to PERCENT_PLACES decimals, halves away from zero; null
 * without a positive baseline, and when the percent is beyond what the column holds (|p| >= 10,000).
 */
export function percentFromDollars(baseline: number | null, goal: number): number | null {
  const b = baseline === null ? null : toCents(baseline);
  const g = toCents(goal);
  if (b === null || g === null || b <= 0n) {
    return null;
  }
  const units = divideRounded((g - b) * 100n * PERCENT_UNITS, b);
  const limit = 10_000n * PERCENT_UNITS;
  return (units < 0n ? -units : units) < limit ? fromUnits(units, PERCENT_PLACES) : null;
}

/**
 * Whether a dollar goal and a percent goal over the same baseline say the same thing: the dollars
 * are within a cent of baseline x (1 + percent / 100), or the percent is the dollars' own percent
 * rounded to the PERCENT_PLACES decimals the column keeps (a town's '3.5%' beside its exact dollars).
 */
export function goalsAgree(baseline: number, dollarGoal: number, percentGoal: number): boolean {
  const derived = dollarsFromPercent(baseline, percentGoal);
  const derivedCents = derived === null ? null : toCents(derived);
  const goalCents = toCents(dollarGoal);
  if (derivedCents !== null && goalCents !== null) {
    const diff = derivedCents - goalCents;
    if (diff >= -1n && diff <= 1n) {
      return true;
    }
  }
  return percentFromDollars(baseline, dollarGoal) === percentGoal;
}

/** True when dollars fit a numeric(14,2) column. */
export const fitsMoney = (dollars: number) => {
  const cents = toCents(dollars);
  return cents !== null && cents <= MAX_MONEY_CENTS && cents >= -MAX_MONEY_CENTS;
};

export const goalTypeSchema = z.enum(GOAL_TYPES);
export type GoalType = z.infer<typeof goalTypeSchema>;

export const townGoalSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.number().int(),
  goalType: goalTypeSchema,
  dollarGoal: moneyOut.nullable(),
  /** Percent change over the baseline (3.5 = +3.5%); negative when the town asks for a cut. */
  percentGoal: z.number().nullable(),
  baselineYear: z.number().int().nullable(),
  /** The baseline: the amount entered, or (baselineFromGoal) the baseline year's goal as it stands now. */
  baselineAmount: moneyOut.nullable(),
  /**
   * True when no baseline amount was entered: the baseline is baselineYear's dollar goal, read as it
   * stands, so a percent goal's dollars (and a dollar goal's percent) follow that goal when it changes.
   */
  baselineFromGoal: z.boolean(),
  actualAmount: moneyOut.nullable(),
  /** actualAmount - dollarGoal, when both are known. */
  variance: moneyOut.nullable(),
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
 * BOTH needs dollarGoal, percentGoal and a baseline, and the two must agree (goalsAgree). The
 * missing half is derived from the baseline. Without baselineAmount, a DOLLAR or PERCENT goal
 * follows baselineYear's goal: when that goal changes, the derived half is worked out again.
 */
export const saveTownGoalBody = z.strictObject({
  id: idNumber.optional(),
  fiscalYear: fiscalYearInput,
  goalType: goalTypeSchema,
  dollarGoal: nonNegativeMoney.nullable().optional(),
  percentGoal: z
    .number({ error: 'Enter a percent' })
    .finite()
    .gt(-100, 'A percent goal must be above -100%')
    .max(1000, 'A percent goal must be at most 1000%')
    // Refused rather than rounded: the percent stored is the percent the dollars come from.
    .refine(
      (v) => unitsOf(v, PERCENT_PLACES) !== null,
      `Use at most ${PERCENT_PLACES} decimal places for a percent (such as 3.142)`,
    )
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
  dollarGoal: moneyOut,
  goalType: goalTypeSchema,
  hasTownGoal: z.literal(true),
  /** The dollars the town funds: the dollar goal. */
  townFunding: moneyOut,
});

/** GET /town-goals/total/:year: the dollar goal, 0 when the year has none. */
export const townGoalTotalResponse = z.object({
  fiscalYear: z.number().int(),
  total: moneyOut,
  hasTownGoal: z.boolean(),
});

/**
 * GET /town-goals/analysis/gap: the need of a budget year's fiscal year (the version's budget year,
 * else budgetYearId, else the latest with proposed lines for the year). With versionId, the lines of
 * that version and the lines of no version (projected or regenerated lines carry none).
 */
export const gapQuery = z.strictObject({
  fiscalYear: fiscalYearInput,
  versionId: idText.optional(),
  budgetYearId: idText.optional(),
});

// Gaps beyond GAP_THRESHOLD are OVER (red) or UNDER (green); a goal card's actual minus goal beyond
// VARIANCE_THRESHOLD colours it. Their one home is the budget arithmetic.
export { GAP_THRESHOLD, VARIANCE_THRESHOLD } from '@shared/budget-math';

export const GAP_STATUSES = ['OVER', 'UNDER', 'NEAR'] as const;

/**
 * GET /town-goals/analysis/gap: the district's need (the general fund's proposed budget, GOAL_FUNDS)
 * against the town goal; funds and fundsLabel say so.
 */
export const gapAnalysisResponse = z.object({
  fiscalYear: z.number().int(),
  budgetYearId: z.number().int().nullable(),
  versionId: z.number().int().nullable(),
  districtNeed: moneyOut,
  /** The proposed lines districtNeed sums; 0: the year has no budget yet (no need, gap or status to read). */
  lineCount: z.number().int(),
  townGoal: moneyOut,
  hasTownGoal: z.boolean(),
  /**
   * districtNeed - townGoal: above zero the budget asks for more than the town offers; null when the
   * year has no town goal (hasTownGoal false): there is no guidance to be over (goalGap).
   */
  gap: moneyOut.nullable(),
  /** OVER when the gap is above GAP_THRESHOLD, UNDER below -GAP_THRESHOLD, else NEAR; null without a goal. */
  status: z.enum(GAP_STATUSES).nullable(),
  ...fundsEcho,
});

export type GapAnalysis = z.infer<typeof gapAnalysisResponse>;
export type TownGuidance = z.infer<typeof townGuidanceResponse>;
