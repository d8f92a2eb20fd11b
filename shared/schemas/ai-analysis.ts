import { z } from 'zod';
import { centsText, parseMoneyText } from '@shared/money';
import { fiscalYearInput } from './fiscal-year';
import { MAX_MONEY_CENTS, MAX_MONEY_TEXT, idText, idTextWith, isoDate, moneyOut, toCents } from './common';
import { NSS_STATUSES } from './nss';

/**
 * AI budget-cut analysis (Claude answers through a tool; the answer is validated with zod). Shared by the
 * server and the web app. Money in these shapes is the API's one money type (`moneyOut`, a JSON
 * number of dollars with at most 2 decimals); every figure is recomputed on the server in integer
 * cents and in SQL. The target read from a request is kept as exact decimal text until it is saved.
 */

/** The priorities are fixed; the request names them, the server refuses others. */
/** Where a user stores their Claude key, as the server's refusals and the AI Analysis screen name it. */
export const API_KEY_PLACE = 'Profile → Claude API Key';

export const AI_PRIORITIES = [
  'Maintain small class sizes',
  'Preserve core academic programs',
  'Support special education services',
] as const;
export type AiPriority = (typeof AI_PRIORITIES)[number];

/** The three lists, in the order they are shown (least harm first). */
export const SUGGESTION_LISTS = ['likelyNeeded', 'moderateNeed', 'deepCuts'] as const;
export type SuggestionList = (typeof SUGGESTION_LISTS)[number];

/** The message for a missing budget year, as the AI Analysis screen words it. */
export const BUDGET_YEAR_MESSAGE = 'Please select a budget year';
export const TARGET_MESSAGE =
  'Enter the reduction target in dollars, for example 1200000, 1,200,000.50 or 1.2M';
export const TARGET_POSITIVE_MESSAGE = 'The reduction target must be more than $0';
export const TARGET_TOO_LARGE_MESSAGE = `The reduction target is too large (at most $${MAX_MONEY_TEXT})`;

/**
 * The target reduction: a JSON number of dollars, or text as people type it ('1,200,000',
 * '$1200000.50', '1.2M', '850K': parseMoneyText, the web form's and the CLI's one reader), more
 * than zero, at most 2 decimals, within numeric(14,2). Exact, never through floating-point
 * arithmetic; the output is the two-decimal text ('1200000.50').
 */
export const targetAmountInput = z
  .union([z.number(), z.string()], { error: TARGET_MESSAGE })
  .transform((v, ctx) => {
    let cents: bigint | null;
    if (typeof v === 'number') {
      cents = toCents(v);
    } else {
      const read = parseMoneyText(v);
      // '-5' is a number below zero, not an unreadable one.
      cents = read.ok
        ? read.cents
        : /^\s*-\s*\$?\d/.test(v)
          ? -1n
          : read.error.startsWith('The amount is too large')
            ? MAX_MONEY_CENTS + 1n
            : null;
    }
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: TARGET_MESSAGE });
      return z.NEVER;
    }
    if (cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: TARGET_POSITIVE_MESSAGE });
      return z.NEVER;
    }
    if (cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: TARGET_TOO_LARGE_MESSAGE });
      return z.NEVER;
    }
    return centsText(cents);
  });

/** A budget year id; missing, null or empty is 'Please select a budget year'. */
export const budgetYearIdInput = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  idTextWith('budgetYearId must be a budget year id (a positive whole number)', {
    missing: BUDGET_YEAR_MESSAGE,
  }),
);

/** POST /api/ai-analysis/budget-cuts */
export const budgetCutsBody = z.strictObject({
  budgetYearId: budgetYearIdInput,
  /** The fiscal year whose lines are analysed (the year being planned); absent: the budget year's current one. */
  fiscalYear: fiscalYearInput.optional(),
  targetAmount: targetAmountInput,
  /** Absent: all three. Each at most once. */
  priorities: z
    .array(z.enum(AI_PRIORITIES, { error: `Priorities are: ${AI_PRIORITIES.join('; ')}` }))
    .max(AI_PRIORITIES.length)
    .refine((p) => new Set(p).size === p.length, 'Name each priority once')
    .optional(),
});
export type BudgetCutsInput = z.infer<typeof budgetCutsBody>;

/** A personnel group the model may name: position (job title) within a work group. */
export const positionGroupSchema = z.object({
  position: z.string(),
  /** null: employees with no work group. */
  workGroup: z.string().nullable(),
});
export type PositionGroup = z.infer<typeof positionGroupSchema>;

/**
 * What a suggestion does to Chapter 70 net school spending, taken after every suggestion
 * before it in list order; absent without the year's state figures (and in analyses saved before).
 */
export const suggestionNssSchema = z.object({
  /** Its savings that count toward NSS: a line's pro rata to its counted amount, personnel in full. */
  countedSavings: moneyOut,
  /** Percent of required NSS left once it and the suggestions before it are taken. */
  percentAfter: z.number(),
  /** Flagged: it takes the district below 100% of required NSS. */
  belowRequired: z.boolean(),
  /** ... below 95%, where state aid is cut and the tax rate may not be approved. */
  below95: z.boolean(),
});

/** The NSS constraint the analysis was asked to respect, and how many suggestions break it. */
export const analysisNssSchema = z.object({
  status: z.enum(NSS_STATUSES),
  message: z.string(),
  requiredNss: moneyOut.nullable(),
  budgetedNss: moneyOut.nullable(),
  percentOfRequired: z.number().nullable(),
  headroomAbove100: moneyOut.nullable(),
  flagged: z.number().int(),
});

/** One checked suggestion, as stored and shown. */
export const suggestionSchema = z.object({
  /** Stable handle for 'Try in Scenario Builder': '<list>:<index>', e.g. 'likelyNeeded:0'. */
  key: z.string(),
  list: z.enum(SUGGESTION_LISTS),
  description: z.string(),
  /** What the model proposes to save (checked: never more than what the lines or groups cost). */
  savings: moneyOut,
  impact: z.string(),
  /** Proposed-budget line ids the suggestion draws on (all exist in the budget year). */
  lineIds: z.array(z.number().int()),
  positionGroups: z.array(positionGroupSchema),
  /** What the named lines and groups cost in total, recomputed on the server. */
  basisAmount: moneyOut,
  /** The named lines, for the screen: id, description and proposed amount. */
  lines: z.array(z.object({ id: z.number().int(), description: z.string(), amount: moneyOut })),
  /** The named groups with their head count and total, from the database. */
  groups: z.array(positionGroupSchema.extend({ count: z.number().int(), total: moneyOut })),
  /** Whether 'Try in Scenario Builder' can apply it: only proposed lines map to a cut scenario. */
  scenarioReady: z.boolean(),
  nss: suggestionNssSchema.optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const droppedSchema = z.object({
  list: z.enum(SUGGESTION_LISTS).nullable(),
  description: z.string(),
  reason: z.string(),
});
export type DroppedSuggestion = z.infer<typeof droppedSchema>;

/** The validated result: only checked suggestions, totals recomputed on the server. */
export const analysisResultSchema = z.object({
  /**
   * The budget the suggestions were drawn from, each dollar once: the proposed lines (itemised and
   * totalled). The personnel groups describe salaries those lines already hold, so they are not added.
   */
  totalAnalyzed: moneyOut,
  proposedTotal: moneyOut,
  personnelTotal: moneyOut,
  lineCount: z.number().int(),
  groupCount: z.number().int(),
  note: z.string(),
  likelyNeeded: z.array(suggestionSchema),
  moderateNeed: z.array(suggestionSchema),
  deepCuts: z.array(suggestionSchema),
  /** Sum of savings per list and over all three. */
  totals: z.object({
    likelyNeeded: moneyOut,
    moderateNeed: moneyOut,
    deepCuts: moneyOut,
    all: moneyOut,
  }),
  dropped: z.array(droppedSchema),
  /** Absent in analyses saved before the NSS meter. */
  nss: analysisNssSchema.optional(),
  /**
   * What grants and other funds pay, left out: the target is measured against the town's goal,
   * which pays the general fund alone (GOAL_FUNDS). Absent in analyses saved before, which read
   * every fund.
   */
  otherFunds: z.object({ lines: z.number().int(), total: moneyOut, people: z.number().int() }).optional(),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** A saved analysis, without its result (the list of recent ones). */
export const analysisSummarySchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  /** The budget year's label, e.g. 'FY26'. */
  budgetYear: z.string(),
  /** The fiscal year whose lines were analysed (2026 = FY26). */
  fiscalYear: z.number().int(),
  targetAmount: moneyOut,
  priorities: z.array(z.string()),
  model: z.string(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  createdAt: isoDate,
  /** The name of who ran it (null once that user is deleted). */
  createdBy: z.string().nullable(),
  suggestionCount: z.number().int(),
  droppedCount: z.number().int(),
  totalSavings: moneyOut,
});
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

/** A saved analysis with its validated result. */
export const analysisSchema = analysisSummarySchema.extend({ result: analysisResultSchema });
export type Analysis = z.infer<typeof analysisSchema>;

/** POST /budget-cuts and GET /analyses/:id */
export const analysisResponse = z.object({ analysis: analysisSchema });

/** GET /api/ai-analysis/analyses?budgetYearId= (newest first; all years without budgetYearId) */
export const analysesQuery = z.strictObject({
  budgetYearId: z.preprocess((v) => (v === '' ? undefined : v), idText).optional(),
  limit: z
    .preprocess((v) => (v === '' ? undefined : v), idText)
    .pipe(z.number().max(100, 'At most 100 analyses at a time'))
    .optional(),
});
export const analysesResponse = z.object({ analyses: z.array(analysisSummarySchema) });

/** POST /api/ai-analysis/analyses/:id/scenario: the chosen suggestions become a new cut scenario. */
export const analysisScenarioBody = z.strictObject({
  keys: z
    .array(z.string().regex(/^(likelyNeeded|moderateNeed|deepCuts):\d{1,4}$/, 'Unknown suggestion'))
    .min(1, 'Choose at least one suggestion')
    .max(300)
    .refine((k) => new Set(k).size === k.length, 'Choose each suggestion once'),
  /** Default: 'AI analysis <id>: <date>'. */
  name: z.string().trim().min(1).max(200).optional(),
});
export type AnalysisScenarioInput = z.infer<typeof analysisScenarioBody>;

export const analysisScenarioResponse = z.object({
  /** Open /scenario with this id. */
  scenarioId: z.number().int(),
  name: z.string(),
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** Keys applied, and those that could not be (position groups, lines gone since). */
  applied: z.array(z.string()),
  skipped: z.array(z.object({ key: z.string(), description: z.string(), reason: z.string() })),
  /** Lines the scenario cuts (a line a floor holds at 100% is not cut). */
  linesCut: z.number().int(),
  /** Lines a floor held above the percent the suggestion asked for. */
  heldByFloor: z.number().int(),
  /**
   * What those floors kept from being cut: requestedSavings - scenarioCut, to within a cent per
   * line. Floors belong to the budget year, so they hold in every scenario of it.
   */
  notCutByFloor: moneyOut,
  /** The savings the applied suggestions asked for, and the cut the scenario makes. */
  requestedSavings: moneyOut,
  scenarioCut: moneyOut,
});
export type AnalysisScenario = z.infer<typeof analysisScenarioResponse>;
