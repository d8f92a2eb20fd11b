import { z } from 'zod';
import { formatMoneyCents } from '@shared/money';
import { adjustmentsInput } from './cut-scenarios';
import { idNumber, idTextWith, moneyInput, toCents, unitsOf } from './common';
import { fiscalYearInput } from './fiscal-year';
import { fundsQuery } from './fund-choice';

// The responses live beside this file; every name stays importable from here.
export * from './nss-responses';

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
 * The meter of a year whose budget has no lines (a year not started): a 0% 'Below 95%' alarm there
 * was false. Says where the lines come from.
 */
// The meter reads the proposed budget (a payroll alone puts no line there), so that is what it asks for.
export const noLinesMessage = (fy: string) =>
  `No proposed budget lines for ${fy} in this budget year yet: import or add the proposed budget to see net school spending`;

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

/**
 * GET /nss/per-pupil: the meter's scope and `funds`. Per-pupil spending follows the choice; the
 * meter does not (it counts each fund as net school spending counts it).
 */
export const perPupilQuery = meterQuery.extend({ funds: fundsQuery });

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
