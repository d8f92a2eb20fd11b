import { z } from 'zod';
import { BASELINE_SOURCES, baseInput } from './ledger-base';
import { moneyOut } from './common';
import { COLA_SOURCES, colaYearSourcesShape } from './cola-assumptions';
import { fiscalYearInput } from './fiscal-year';
import {
  blankIsAbsent,
  checkSpan,
  DEFAULT_COLA_END_YEAR,
  DEFAULT_COLA_START_YEAR,
  DEFAULT_PROJECTION_END_YEAR,
  DEFAULT_RIF_FISCAL_YEAR,
  idInput,
  idQuery,
  moneyQuery,
  TOWN_FUNDING_SOURCES,
} from './cola-calc-fields';
import { filledInSchema } from './cola-rif';

// The field rules and the RIF gap live beside this file; every name stays importable from here.
export * from './cola-calc-fields';
export * from './cola-rif';
export { COLA_SOURCES };

/**
 * The COLA calculations (COLA Management): the COLA calculation of a span of years and the
 * multi-year projection here, the RIF gap and the saved RIF calculations in ./cola-rif.ts. Years
 * default to the constants of ./cola-calc-fields.ts (from FY2027); the baseline and funding to the
 * district's own figures (planningDefaults); the definitions are docs/ARCHITECTURE.md 'Salary rules'.
 */

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
export type MultiYearInput = z.output<typeof multiYearQuery>;
export type MultiYearProjection = z.infer<typeof multiYearResponse>;
export type ColaSource = (typeof COLA_SOURCES)[number];
export type TownFundingSource = (typeof TOWN_FUNDING_SOURCES)[number];
