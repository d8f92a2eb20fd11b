import { z } from 'zod';
import { moneyOut } from './common';
import { fundsEcho } from './fund-choice';

/** What the Chapter 70 net school spending calls answer (nss.ts holds the inputs, and re-exports these). */

const note = z.string().nullable();

export const municipalLine = z.object({
  eoyrCode: z.string(),
  label: z.string(),
  amount: moneyOut,
  source: note,
  counts: z.boolean(),
  rule: z.string(),
});

export const stateFigures = z.object({
  fiscalYear: z.number().int(),
  foundationEnrollment: z.number(),
  foundationBudget: moneyOut,
  requiredLocalContribution: moneyOut,
  chapter70Aid: moneyOut,
  requiredNss: moneyOut,
  carryForward: moneyOut,
  /** Each figure's source note (where it was published, when). */
  foundationEnrollmentSource: note,
  foundationBudgetSource: note,
  requiredLocalContributionSource: note,
  chapter70AidSource: note,
  requiredNssSource: note,
  carryForwardSource: note,
  municipal: z.array(municipalLine),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type StateFigures = z.infer<typeof stateFigures>;

export const stateFiguresListResponse = z.object({
  figures: z.array(stateFigures),
  municipalLines: z.array(z.object({ code: z.string(), label: z.string() })),
});
export const stateFiguresResponse = z.object({ figures: stateFigures, created: z.boolean() });
export const importFiguresResponse = z.object({
  dryRun: z.boolean(),
  years: z.array(z.object({ fiscalYear: z.number().int(), created: z.boolean() })),
  figures: z.array(stateFigures),
});

export const inclusionRule = z.object({
  fund: z.string(),
  codeFrom: z.number().int(),
  codeTo: z.number().int(),
  counts: z.boolean(),
  note: z.string(),
  source: z.string(),
});
export const rulesResponse = z.object({
  fiscalYear: z.number().int(),
  /** The fiscal year the rule set in force was written for (null: none is in force). */
  rulesYear: z.number().int().nullable(),
  rules: z.array(inclusionRule),
  carryForwardLimitPercent: z.number().nullable(),
  carryForwardSource: z.string().nullable(),
});

/**
 * A headroom figure's label: room left above a line (100% or 95% of required NSS), or, once the
 * line is missed, what is short of it; a 'Headroom' over a shortfall read as a contradiction.
 */
export const headroomLabel = (line: string, value: number) =>
  value >= 0 ? `Headroom above ${line}` : `Short of ${line}`;

/** NO_LINES: the budget has no lines yet (a year not started), so nothing meets or misses the requirement. */
export const NSS_STATUSES = ['NO_FIGURES', 'NO_LINES', 'MEETS', 'CARRY_FORWARD', 'BELOW_95'] as const;
export type NssStatus = (typeof NSS_STATUSES)[number];

/** DESE's six published columns, with the carry-forward the requirement includes. */
export const nssColumns = z.object({
  requiredNss: moneyOut,
  /** The prior year's shortfall added to this year's requirement (0 when none). */
  carriedIn: moneyOut,
  /** Required NSS plus the carried-in shortfall: what the percents are of. */
  requiredWithCarry: moneyOut,
  budgetedNss: moneyOut,
  overUnder: moneyOut,
  percentOfRequired: z.number(),
  foundationBudget: moneyOut,
  percentOfFoundation: z.number(),
});

export const nssMeter = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  scenarioId: z.number().int().nullable(),
  status: z.enum(NSS_STATUSES),
  /** What to tell a school committee about the status, in one sentence. */
  message: z.string(),
  columns: nssColumns.nullable(),
  headroom: z
    .object({
      /** Dollars of counted spending that can go before the budget drops below 100%. */
      above100: moneyOut,
      /** ... below 95%, DESE's line for aid reductions and tax-rate approval. */
      above95: moneyOut,
      threshold95: moneyOut,
      carryForwardLimitPercent: z.number(),
    })
    .nullable(),
  consequence: z
    .object({
      shortfall: moneyOut,
      carriedForward: moneyOut,
      aidReduction: moneyOut,
      nextFiscalYear: z.number().int(),
    })
    .nullable(),
  school: z.object({
    lineCount: z.number().int(),
    budgetTotal: moneyOut,
    counted: moneyOut,
    notCounted: moneyOut,
    /** Lines without a function code the rules know: not counted, so the meter errs low. */
    unmapped: z.object({ lineCount: z.number().int(), amount: moneyOut }),
    excluded: z.array(z.object({ code: z.string(), name: z.string(), amount: moneyOut, note: z.string() })),
    /**
     * Spending left out because the fund that pays it does not count toward NSS (grants,
     * revolving funds, the Circuit Breaker: GET /funds), whatever its function; in notCounted.
     */
    byFund: z.array(
      z.object({
        fundId: z.number().int(),
        code: z.string(),
        name: z.string(),
        lineCount: z.number().int(),
        amount: moneyOut,
      }),
    ),
  }),
  municipal: z.object({ counted: moneyOut, notCounted: moneyOut, lines: z.array(municipalLine) }),
  rulesYear: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
export type NssMeter = z.infer<typeof nssMeter>;

export const perPupilResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  budgetTotal: moneyOut,
  methods: z.array(
    z.object({
      method: z.enum(['DISTRICT_ENROLLMENT', 'DESE_FOUNDATION']),
      label: z.string(),
      /** How the figure is worked out, in words. */
      description: z.string(),
      enrollment: z.number().nullable(),
      perPupil: moneyOut.nullable(),
    }),
  ),
  /** By DESE's spending categories, over foundation enrollment (empty without state figures). */
  byFunction: z.array(z.object({ name: z.string(), amount: moneyOut, perPupil: moneyOut })),
  /** Whose lines the budget sums: every fund's, or the general fund's alone. */
  ...fundsEcho,
});
export type PerPupil = z.infer<typeof perPupilResponse>;
