import { z } from 'zod';
import { BASELINE_SOURCES, baseInput } from './ledger-base';
import { idNumberWith, idTextWith, moneyInput, moneyOut } from './common';
import { COLA_SOURCES, colaYearSourcesShape } from './cola-assumptions';
import { fiscalYearInput } from './fiscal-year';

/**
 * The COLA calculations (COLA Management): the COLA calculation of a span of years, the RIF gap of a
 * fiscal year (saved), the saved RIF calculations, and the multi-year projection. Years default to
 * the constants below (from FY2027); the baseline and funding to the district's own figures
 * (planningDefaults); the definitions are docs/ARCHITECTURE.md 'Salary rules'.
 */

export const DEFAULT_RIF_FISCAL_YEAR = 2027;
/** The average cost of one position, in dollars: positionsEstimate = ceil(gap / this). */
export const AVERAGE_POSITION_COST = 85_000;
export const DEFAULT_COLA_START_YEAR = 2027;
export const DEFAULT_COLA_END_YEAR = 2029;
export const DEFAULT_PROJECTION_END_YEAR = 2031;
/** The most fiscal years one calculation spans. */
export const MAX_CALC_YEARS = 10;
export const DEFAULT_RIF_HISTORY = 10;
export const MAX_RIF_HISTORY = 50;

export { COLA_SOURCES };
export const TOWN_FUNDING_SOURCES = ['goal', 'carried', 'input', 'none'] as const;

/** A query-string value: blank is absent (forms send `scenarioId=`). */
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Dollars in a query string, read as the number the text spells and checked as moneyInput does. */
const moneyQuery = (label: string) =>
  z.preprocess((v) => {
    const text = blankIsAbsent(v);
    return typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  }, moneyInput({ label }).optional());

const idInput = (what: string) =>
  idNumberWith(`${what} must be a positive whole number`, `${what} must be a whole number`);
const idQuery = (what: string) =>
  z.preprocess(blankIsAbsent, idTextWith(`${what} must be a positive whole number`).optional());

/** endYear on or after startYear, and at most MAX_CALC_YEARS years in all; the refusal names endYear. */
function checkSpan(v: { startYear: number; endYear: number }, ctx: z.RefinementCtx) {
  if (v.endYear < v.startYear) {
    ctx.addIssue({
      code: 'custom',
      path: ['endYear'],
      message: 'The end year cannot be before the start year',
    });
  } else if (v.endYear - v.startYear + 1 > MAX_CALC_YEARS) {
    ctx.addIssue({
      code: 'custom',
      path: ['endYear'],
      message: `At most ${MAX_CALC_YEARS} fiscal years at once (through ${v.startYear + MAX_CALC_YEARS - 1})`,
    });
  }
}

const money = moneyOut;

/* ---------------------------------------------------------------- POST /cola/calculate */

/** scenarioId absent or null: the default COLA scenario. budgetYearId absent: the newest with employees. */
export const colaCalculateBody = z
  .strictObject({
    scenarioId: idInput('scenarioId').nullable().optional(),
    budgetYearId: idInput('budgetYearId').optional(),
    startYear: fiscalYearInput.default(DEFAULT_COLA_START_YEAR),
    endYear: fiscalYearInput.default(DEFAULT_COLA_END_YEAR),
  })
  .superRefine(checkSpan);

const colaYear = z.object({
  fiscalYear: z.number().int(),
  /** The actual year this year is walked from: the latest before it with imported or entered lines. */
  baseYear: z.number().int(),
  /** Payroll of the Active employees and new hires that year (the base year's, moved by the rules). */
  amount: money,
  /**
   * amount minus the payroll of the year before it was walked from = colaIncrease +
   * stepsLanesIncrease + newHiresIncrease + adjustmentsIncrease.
   */
  increase: money,
  colaIncrease: money,
  stepsLanesIncrease: money,
  /** Salaries of the new hires starting that year (a current salary of 0 the year before). */
  newHiresIncrease: money,
  /** Typed (manual) next-year salaries minus what the rule would have given them. */
  adjustmentsIncrease: money,
});

const groupYear = z.object({
  fiscalYear: z.number().int(),
  /** The COLA percent that applied moving into the year; 0 when none did. */
  colaPercentage: z.number(),
  colaSource: z.enum(COLA_SOURCES),
  amount: money,
  increase: money,
});

export const colaCalculateResponse = z.object({
  scenarioId: z.number().int().nullable(),
  /** The fiscal year whose imported employee lines the calculation starts from. */
  baseYear: z.number().int(),
  employees: z.number().int(),
  /** Of the employees, those with no current salary (a blank in the payroll file): counted as $0, flagged for review. */
  employeesWithoutSalary: z.number().int(),
  /** Payroll of the base year. */
  grandTotal: money,
  years: z.array(colaYear),
  /** Sum of the years' increases (the last year's amount minus the amount of the year before the first). */
  totalIncrease: money,
  byWorkGroup: z.array(
    z.object({
      workGroupId: z.number().int().nullable(),
      workGroup: z.string().nullable(),
      category: z.string().nullable(),
      employees: z.number().int(),
      /** The group's payroll in the base year. */
      baseline: money,
      years: z.array(groupYear),
    }),
  ),
});

/* ---------------------------------------------------------------- RIF gap */

export const rifGapBody = z.strictObject({
  fiscalYear: fiscalYearInput.default(DEFAULT_RIF_FISCAL_YEAR),
  scenarioId: idInput('scenarioId').nullable().optional(),
  /** Absent: the fiscal year's town goal (planningDefaults); a year with no goal is refused. */
  townFundingAmount: moneyInput({ label: 'Town funding' }).optional(),
  /** Absent: the proposed budget of the year before (planningDefaults); refused when it has none. */
  baselineBudget: moneyInput({ label: 'Baseline budget' }).optional(),
  includeStepsLanes: z.boolean({ error: 'includeStepsLanes must be true or false' }).default(true),
  budgetYearId: idInput('budgetYearId').optional(),
});

const colaImpact = z.object({
  settled: money,
  negotiating: money,
  scenario: money,
  /** The scenario's long-term COLA assumption, past the last contract and scenario year. */
  longTerm: money,
  /** settled + negotiating + scenario + longTerm. */
  total: money,
});

export const rifSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.number().int(),
  scenarioId: z.number().int().nullable(),
  townFundingAmount: money,
  baselineBudget: money,
  baseYear: z.number().int().nullable(),
  employees: z.number().int().nullable(),
  /** Of the employees, those with no current salary (a blank in the payroll file): counted as $0, flagged for review. */
  employeesWithoutSalary: z.number().int(),
  /**
   * Where the district need comes from when it is not baseline + the walk's parts: the year's own
   * proposed budget (the year being built), as Town Guidance totals it; null otherwise.
   */
  needSource: z.string().nullable(),
  colaImpact,
  stepsLanesAmount: money,
  includeStepsLanes: z.boolean(),
  /** New hires starting in fiscalYear (a current salary of 0 the year before) and their salaries. */
  newHires: z.number().int(),
  newHiresAmount: money,
  /** Typed (manual) next-year salaries minus what the rule would have given them. */
  adjustmentsAmount: money,
  /**
   * baselineBudget + colaImpact.total + stepsLanesAmount (when included) + newHiresAmount +
   * adjustmentsAmount.
   */
  districtNeed: money,
  /** districtNeed - townFundingAmount. */
  gap: money,
  rifRequired: z.boolean(),
  /** ceil(gap / averagePositionCost) when a RIF is required, else 0. */
  positionsEstimate: z.number().int(),
  averagePositionCost: money,
  /** Per work group and COLA source moving into fiscalYear; payroll is the salaries the COLA applied to. */
  breakdown: z.array(
    z.object({
      workGroupId: z.number().int().nullable(),
      workGroupName: z.string().nullable(),
      category: z.string().nullable(),
      colaSource: z.enum(COLA_SOURCES),
      contractYear: z.number().int().nullable(),
      percentage: z.number(),
      employees: z.number().int(),
      payroll: money,
      amount: money,
      stepsLanesAmount: money,
    }),
  ),
  /**
   * What 1% COLA moving into fiscalYear costs each bargaining unit: the sum of round(salary x 1%, 2)
   * over the unit's salaries of the year before (actual, or projected by the same walk), every year.
   */
  costOfOnePercent: z.array(
    z.object({
      workGroupId: z.number().int(),
      workGroupName: z.string(),
      employees: z.number().int(),
      payroll: money,
      amount: money,
    }),
  ),
  calculatedAt: z.string(),
  calculatedBy: z.string().nullable(),
  /** Units the calculation moved at 0% COLA for want of a contract, scenario or long-term assumption. */
  colaWarnings: colaYearSourcesShape.colaWarnings,
});

/** A figure the caller left out and the server took from the district's data, and where from. */
export const filledInSchema = z.object({
  field: z.string(),
  /** e.g. 'FY26 proposed budget, 152 lines' or 'FY27 town goal, set 2026-05-01'. */
  source: z.string(),
});

export const rifGapResponse = z.object({ calculation: rifSchema, filledIn: z.array(filledInSchema) });

export const rifListQuery = z.strictObject({
  limit: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_RIF_HISTORY, `limit must be at most ${MAX_RIF_HISTORY}`)
      .default(DEFAULT_RIF_HISTORY),
  ),
});

export const rifListResponse = z.object({ calculations: z.array(rifSchema) });

/* ---------------------------------------------------------------- GET /cola/multi-year-projection */

export const multiYearQuery = z
  .strictObject({
    startYear: z.preprocess(blankIsAbsent, fiscalYearInput.default(DEFAULT_RIF_FISCAL_YEAR)),
    endYear: z.preprocess(blankIsAbsent, fiscalYearInput.default(DEFAULT_PROJECTION_END_YEAR)),
    scenarioId: idQuery('scenarioId'),
    baselineBudget: moneyQuery('Baseline budget'),
    /** A left-out baselineBudget is the year before's proposed budget ('budget') or actual spending. */
    baselineBasis: baseInput(),
    townFunding: moneyQuery('Town funding'),
    budgetYearId: idQuery('budgetYearId'),
  })
  .superRefine(checkSpan);

export const multiYearResponse = z.object({
  /** The baseline, when left out, taken from the year before startYear's budget or actual spending. */
  filledIn: z.array(filledInSchema),
  /** Which base the first year's baseline is: 'budget', 'actual' (spending), or 'given' (baselineBudget). */
  baselineBasis: z.enum(BASELINE_SOURCES),
  /** That base in words, e.g. 'FY26 actual spending from the ledger, period 13 (year complete)'. */
  baselineSource: z.string(),
  baseYear: z.number().int(),
  scenarioId: z.number().int().nullable(),
  employees: z.number().int(),
  /** Of the employees, those with no current salary (a blank in the payroll file): counted as $0, flagged for review. */
  employeesWithoutSalary: z.number().int(),
  projections: z.array(
    z.object({
      fiscalYear: z.number().int(),
      /** The actual year this year is walked from (the latest before it with imported or entered lines), and its employees. */
      baseYear: z.number().int(),
      employees: z.number().int(),
      /** The first year's is baselineBudget; each later one is the year before's districtNeed. */
      baseline: money,
      payroll: money,
      /** colaImpact total (settled + negotiating + scenario) moving into the year. */
      colaImpact: money,
      stepsLanes: money,
      /** Salaries of the new hires starting in the year. */
      newHires: money,
      /** Typed (manual) next-year salaries minus what the rule would have given them. */
      adjustments: money,
      /** baseline + colaImpact + stepsLanes + newHires + adjustments, unless needSource says otherwise. */
      districtNeed: money,
      /**
       * Set when the year has its own proposed budget in the budget year (the year being built): the
       * need is that budget and the gap Town Guidance's, e.g. 'FY2027 proposed budget, 152 lines, as
       * Town Guidance totals it'; the walk's parts are then already in it. Null otherwise.
       */
      needSource: z.string().nullable(),
      townFunding: money.nullable(),
      townFundingAssumed: z.boolean(),
      townFundingSource: z.enum(TOWN_FUNDING_SOURCES),
      gap: money.nullable(),
      rifRequired: z.boolean(),
      /** Where each unit's COLA of the year came from, and a warning for each assumed 0%. */
      ...colaYearSourcesShape,
    }),
  ),
});

export type ColaCalculateInput = z.output<typeof colaCalculateBody>;
export type ColaCalculation = z.infer<typeof colaCalculateResponse>;
export type RifGapInput = z.output<typeof rifGapBody>;
export type RifGapBody = z.input<typeof rifGapBody>;
export type RifCalculation = z.infer<typeof rifSchema>;
export type MultiYearInput = z.output<typeof multiYearQuery>;
export type MultiYearProjection = z.infer<typeof multiYearResponse>;
export type ColaSource = (typeof COLA_SOURCES)[number];
export type TownFundingSource = (typeof TOWN_FUNDING_SOURCES)[number];
