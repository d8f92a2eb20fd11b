import { z } from 'zod';
import { BASES, baseInput } from './ledger-base';
import { idTextWith, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';

/**
 * GET /cola/planning-defaults: what the planning tools (the RIF gap, the multi-year projection,
 * `budget-cli rif`) start from, taken from the district's own data rather than sample figures:
 * the budget of the year before the planned one as the baseline, and the planned year's town goal
 * as the funding, each with the words saying where it comes from. A year without a goal has no
 * funding figure (null), never an invented one.
 */

/** How many fiscal years the multi-year projection spans by default (the planned year and four more). */
export const PLANNING_SPAN_YEARS = 5;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** budgetYearId absent: the newest budget year with employees. fiscalYear absent: its current year + 1. */
export const planningDefaultsQuery = z.strictObject({
  budgetYearId: z.preprocess(
    blankIsAbsent,
    idTextWith('budgetYearId must be a positive whole number').optional(),
  ),
  fiscalYear: z.preprocess(blankIsAbsent, fiscalYearInput.optional()),
  /** The baseline: the year before's budget ('budget', the default) or its actual spending ('actual'). */
  basis: baseInput(),
});

export const planningDefaultsResponse = z.object({
  budgetYearId: z.number().int(),
  /** The budget year's label, e.g. 'FY26'. */
  budgetYear: z.string(),
  /** The year being planned (the RIF gap's fiscal year, the projection's first year). */
  fiscalYear: z.number().int(),
  /** The multi-year projection's default last year. */
  endYear: z.number().int(),
  baseline: z.object({
    /** The year whose budget the baseline is: the one before fiscalYear. */
    fiscalYear: z.number().int(),
    /** Which figure of that year: its proposed budget, or its actual spending (the ledger's projected year-end). */
    basis: z.enum(BASES),
    /**
     * The proposed budget of that year as the dashboard and Budget Comparison total it (null with no
     * lines), or its actual spending as Budget vs Actual projects it (null with no ledger).
     */
    amount: moneyOut.nullable(),
    lines: z.number().int(),
    /**
     * Where the figure comes from, e.g. 'FY2026 proposed budget, 152 lines' or 'FY26 actual spending
     * from the ledger, period 13 (year complete)'.
     */
    source: z.string(),
    /**
     * The base the tools start from: 'actual' when that year is closed (read-only history) and its
     * ledger is imported, so a closed year's actual spending is what the next years grow from;
     * 'budget' otherwise. The person may still choose the other.
     */
    suggestedBasis: z.enum(BASES),
  }),
  townFunding: z.object({
    fiscalYear: z.number().int(),
    /** The year's town goal in dollars; null when the year has none. */
    amount: moneyOut.nullable(),
    hasGoal: z.boolean(),
    /** e.g. 'FY2027 town goal, set May 1, 2026', or the plain statement that there is none. */
    source: z.string(),
  }),
  /**
   * The planned year's own proposed budget when the budget year has lines for it (the year being
   * built): its need is that budget, as Town Guidance totals it, not the year before's grown by the
   * salary walk; null when it has none.
   */
  ownBudget: z
    .object({
      amount: moneyOut,
      lines: z.number().int(),
      /** e.g. 'FY2027 proposed budget, 152 lines, as Town Guidance totals it'. */
      source: z.string(),
    })
    .nullable(),
});

export type PlanningDefaultsInput = z.output<typeof planningDefaultsQuery>;
export type PlanningDefaults = z.infer<typeof planningDefaultsResponse>;
