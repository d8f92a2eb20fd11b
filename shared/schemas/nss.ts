import { z } from 'zod';
import { formatMoneyCents } from '@shared/money';
import { adjustmentsInput } from './cut-scenarios';
import { idNumber, idTextWith, moneyInput, moneyOut, toCents, unitsOf } from './common';
import { fiscalYearInput } from './fiscal-year';

/**
 * Chapter 70 net school spending (docs/MASSACHUSETTS.md): the figures
 * DESE publishes for a fiscal year, the town's spending on the schools' behalf by End-of-Year-Report
 * line, the NSS meter in DESE's six columns, and spending per pupil by DESE's method.
 */

/**
 * The state figures of a year, in the order DESE's Chapter 70 sheets give them, with their CSV
 * columns; each has a source note beside it (`<key>Source`, CSV `<column>_source`).
 */
export const FIGURES = [
  { key: 'foundationEnrollment', column: 'foundation_enrollment', label: 'Foundation enrollment' },
  { key: 'foundationBudget', column: 'foundation_budget', label: 'Foundation budget' },
  {
    key: 'requiredLocalContribution',
    column: 'required_local_contribution',
    label: 'Required local contribution',
  },
  { key: 'chapter70Aid', column: 'chapter70_aid', label: 'Chapter 70 aid' },
  { key: 'requiredNss', column: 'required_nss', label: 'Required net school spending' },
  { key: 'carryForward', column: 'carry_forward', label: 'Prior year carry-forward (over or under)' },
] as const;
export type FigureKey = (typeof FIGURES)[number]['key'];
export type SourceKey = `${FigureKey}Source`;
export const sourceKey = (key: FigureKey): SourceKey => `${key}Source`;

/**
 * End-of-Year-Report lines where towns report spending on the schools' behalf (the codes are the
 * EOYR's function codes). Any line 1000-9999 may be entered; these are the usual ones.
 */
export const MUNICIPAL_LINES: { code: string; label: string }[] = [
  { code: '1000', label: 'Administrative services (accounting, auditing, data processing, benefits)' },
  { code: '2340', label: 'Library services for students' },
  { code: '3200', label: 'Health services for students' },
  { code: '3300', label: 'Student transportation' },
  { code: '4000', label: 'Operation and maintenance of school buildings' },
  { code: '5100', label: 'Retirement contributions, school employees' },
  { code: '5200', label: 'Health insurance, active school employees' },
  { code: '5250', label: 'Health insurance, retired school employees' },
  { code: '5260', label: 'Property and liability insurance' },
  { code: '5350', label: 'Rental or lease of buildings' },
  { code: '5550', label: 'School crossing guards' },
  { code: '7000', label: 'Capital (acquisition of fixed assets)' },
  { code: '8000', label: 'Debt service' },
  { code: '9000', label: 'School choice and charter assessments' },
];

export const NO_FIGURES_MESSAGE = 'Enter the state figures to see NSS';

/**
 * Budgeted NSS as hundredths of a percent of the requirement, rounded DOWN: a
 * budget short of the requirement by any amount never reads as 100.00%.
 */
export function percentOfRequiredUnits(budgetedCents: bigint, requiredCents: bigint): bigint {
  const n = budgetedCents * 10000n;
  const q = n / requiredCents;
  return q * requiredCents > n ? q - 1n : q;
}

/** ', $599.89 short' when the budget is below the requirement, else ''. */
export function shortText(overUnder: number): string {
  return overUnder < 0 ? `, ${formatMoneyCents(-overUnder)} short` : '';
}

/**
 * How the meter says where a budget stands, on the screens, in the API's message and in the CLI:
 * '99.99% of required, $599.89 short', or '100.00% of required' when it is met.
 */
export function percentOfRequiredText(
  c: { percentOfRequired: number; overUnder: number },
  of = 'required',
): string {
  return `${c.percentOfRequired.toFixed(2)}% of ${of}${shortText(c.overUnder)}`;
}
export const EOYR_CODE = /^[1-9]\d{3}$/;
export const EOYR_CODE_MESSAGE = 'An End-of-Year-Report line is a 4-digit function code from 1000 to 9999';

export const ENROLLMENT_NEGATIVE = 'Foundation enrollment cannot be negative';
export const ENROLLMENT_ZERO = 'Foundation enrollment must be more than 0 pupils';
export const REQUIRED_NSS_ZERO =
  'Required net school spending must be more than $0: the percent of it would divide by zero';
export const FOUNDATION_ZERO =
  'Foundation budget must be more than $0: the percent of it would divide by zero';

/** Pupils with at most 2 decimals (DESE counts part-time pupils as fractions). */
export const enrollmentInput = z
  .number({ error: 'Enter the foundation enrollment in pupils' })
  .finite()
  .refine((v) => v >= 0, ENROLLMENT_NEGATIVE)
  .refine((v) => v !== 0, ENROLLMENT_ZERO)
  .refine((v) => v < 100_000_000, 'Foundation enrollment is too large')
  .refine((v) => unitsOf(v, 2) !== null, 'Use at most 2 decimal places');

/** Dollars above $0 (a divisor of the meter's percents). */
const positiveMoney = (label: string, zeroMessage: string) =>
  moneyInput({ label, negativeMessage: `${label} cannot be negative` }).refine(
    (v) => toCents(v) !== 0n,
    zeroMessage,
  );

const sourceNote = z.string().trim().max(500, 'A source note is at most 500 characters');

export const municipalLineInput = z.strictObject({
  eoyrCode: z.string().trim().regex(EOYR_CODE, EOYR_CODE_MESSAGE),
  amount: moneyInput({ label: 'Amount', negativeMessage: 'Municipal spending cannot be negative' }),
  source: sourceNote.nullable().optional(),
});

/** A year's municipal lines, at most: a town's End-of-Year Report has a few dozen. */
export const MAX_MUNICIPAL_LINES = 100;

/** PUT /nss/state-figures/:fiscalYear: the year's figures and municipal lines, replacing what was there. */
export const stateFiguresBody = z
  .strictObject({
    foundationEnrollment: enrollmentInput,
    foundationBudget: positiveMoney('Foundation budget', FOUNDATION_ZERO),
    requiredLocalContribution: moneyInput({
      label: 'Required local contribution',
      negativeMessage: 'Required local contribution cannot be negative',
    }),
    chapter70Aid: moneyInput({
      label: 'Chapter 70 aid',
      negativeMessage: 'Chapter 70 aid cannot be negative',
    }),
    requiredNss: positiveMoney('Required net school spending', REQUIRED_NSS_ZERO),
    /** DESE's sign: negative is a shortfall carried in from the prior year, positive a surplus. */
    carryForward: moneyInput({ negative: true, label: 'Carry-forward' }).optional(),
    foundationEnrollmentSource: sourceNote.nullable().optional(),
    foundationBudgetSource: sourceNote.nullable().optional(),
    requiredLocalContributionSource: sourceNote.nullable().optional(),
    chapter70AidSource: sourceNote.nullable().optional(),
    requiredNssSource: sourceNote.nullable().optional(),
    carryForwardSource: sourceNote.nullable().optional(),
    municipal: z
      .array(municipalLineInput)
      .max(MAX_MUNICIPAL_LINES, `At most ${MAX_MUNICIPAL_LINES} municipal lines`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    (body.municipal ?? []).forEach((line, i) => {
      if (seen.has(line.eoyrCode)) {
        ctx.addIssue({
          code: 'custom',
          path: ['municipal', i, 'eoyrCode'],
          message: `Line ${line.eoyrCode} is given twice`,
        });
      }
      seen.add(line.eoyrCode);
    });
  });
export type StateFiguresInput = z.infer<typeof stateFiguresBody>;

export const yearParams = z.strictObject({ fiscalYear: fiscalYearInput });

/** POST /nss/state-figures/import: the CSV's text (one row per fiscal year). */
export const importFiguresBody = z.strictObject({
  csv: z.string({ error: 'Send the CSV file’s text as csv' }).max(1_000_000, 'The CSV is too large'),
  dryRun: z.boolean().optional(),
});

const idQuery = (what: string) => idTextWith(`${what} must be a positive whole number`);

export const meterQuery = z.strictObject({
  budgetYearId: idQuery('budgetYearId'),
  /** Default: the budget year's current fiscal year. */
  fiscalYear: fiscalYearInput.optional(),
});

/** POST /nss/meter/scenario: a saved cut scenario's meter, or a set of percents not yet saved. */
export const scenarioMeterBody = z
  .strictObject({
    scenarioId: idNumber.optional(),
    budgetYearId: idNumber.optional(),
    fiscalYear: fiscalYearInput.optional(),
    adjustments: adjustmentsInput.optional(),
  })
  .refine((b) => b.scenarioId !== undefined || b.budgetYearId !== undefined, {
    message: 'Name a scenarioId, or a budgetYearId with the adjustments to try',
    path: ['scenarioId'],
  });

export const rulesQuery = z.strictObject({ fiscalYear: fiscalYearInput });

/* ------------------------------------------------------------------------------------ responses */

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

export const NSS_STATUSES = ['NO_FIGURES', 'MEETS', 'CARRY_FORWARD', 'BELOW_95'] as const;
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
});
export type PerPupil = z.infer<typeof perPupilResponse>;
