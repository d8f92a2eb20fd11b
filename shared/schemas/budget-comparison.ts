import { z } from 'zod';
import { moneyOut } from './common';

/** Budget Comparison covers the budget year's base year through base + 5. */
export const COMPARISON_YEARS = 6;

// Variance thresholds (1% aligned, 5% highlighted, 10% large): their one home is the budget arithmetic.
export { VARIANCE_ALIGNED, VARIANCE_HIGHLIGHT, VARIANCE_LARGE } from '@shared/budget-math';

/**
 * ALIGNED: both sides, within 1%. MINOR: within 5%. HIGHLIGHT: over 5% (the row is highlighted).
 * LARGE: over 10% ('Large Variance'). NO_OPERATING / NO_PROPOSED: one side is missing.
 */
export const VARIANCE_FLAGS = [
  'ALIGNED',
  'MINOR',
  'HIGHLIGHT',
  'LARGE',
  'NO_OPERATING',
  'NO_PROPOSED',
] as const;
export type VarianceFlag = (typeof VARIANCE_FLAGS)[number];

export const comparisonCellSchema = z.object({
  fiscalYear: z.number().int(),
  /** Employee salaries of the category (operating budget). */
  operating: moneyOut,
  operatingCount: z.number().int(),
  /** Lines of the category in the proposed budget. */
  proposed: moneyOut,
  proposedCount: z.number().int(),
  /** proposed - operating. */
  variance: moneyOut,
  /** variance / operating x 100; null when there is no operating amount. */
  variancePercent: z.number().nullable(),
  flag: z.enum(VARIANCE_FLAGS).nullable(),
});

export const comparisonRowSchema = z.object({
  categoryId: z.number().int().nullable(),
  category: z.string(),
  color: z.string(),
  isPersonnel: z.boolean(),
  years: z.array(comparisonCellSchema),
});

/** GET /budget-comparison?budgetYearId */
export const budgetComparisonResponse = z.object({
  budgetYearId: z.number().int(),
  baseYear: z.number().int(),
  fiscalYears: z.array(z.number().int()),
  rows: z.array(comparisonRowSchema),
  /** Personnel categories only, per fiscal year: payroll against the proposed salary lines. */
  personnelTotals: z.array(comparisonCellSchema),
  totals: z.array(comparisonCellSchema),
});

export type ComparisonCell = z.infer<typeof comparisonCellSchema>;
export type ComparisonRow = z.infer<typeof comparisonRowSchema>;
export type BudgetComparison = z.infer<typeof budgetComparisonResponse>;
