import { z } from 'zod';
import { moneyOut } from './common';

/** A set of positions' totals: the list's (over every match) and the staffing summary's. */
export const positionTotalsSchema = z.object({
  positions: z.number().int(),
  fte: z.number(),
  filledFte: z.number(),
  /** FTE to fill: all of vacant and posted positions, and what filled ones' holders do not hold. */
  vacantFte: z.number(),
  /** The part of vacantFte in filled positions (their holders do not hold it): not a vacancy. */
  unheldFte: z.number(),
  /** How many positions are vacant or posted: the banner's vacancies, without a second request. */
  vacantCount: z.number().int(),
  /** FTE of frozen positions (closed ones count nowhere). */
  frozenFte: z.number(),
  budgetedCost: moneyOut,
  unpricedCount: z.number().int(),
  overFilledCount: z.number().int(),
  /**
   * Positions whose cost lands in no salary line of the proposed budget (no budget category, or one
   * that is not personnel: server/sql/salary-line.ts), and that cost: Update Salary Budget's
   * undistributed amount when the roster sets the salary lines.
   */
  noSalaryLineCount: z.number().int(),
  noSalaryLineCost: moneyOut,
});
