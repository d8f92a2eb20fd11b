import { z } from 'zod';
import { moneyInput, moneyOut as money } from './common';
import { COLA_SOURCES, colaYearSourcesShape } from './cola-assumptions';
import {
  blankIsAbsent,
  DEFAULT_RIF_FISCAL_YEAR,
  DEFAULT_RIF_HISTORY,
  idInput,
  MAX_RIF_HISTORY,
} from './cola-calc-fields';
import { fiscalYearInput } from './fiscal-year';

/** The RIF gap of a fiscal year (saved) and the saved RIF calculations (re-exported by ./cola-calc.ts). */

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
  /** e.g. 'FY26 proposed budget, 152 lines' or 'FY27 town goal, set May 1, 2026'. */
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

export type RifGapInput = z.output<typeof rifGapBody>;
export type RifGapBody = z.input<typeof rifGapBody>;
export type RifCalculation = z.infer<typeof rifSchema>;
