import { z } from 'zod';
import { idNumberWith, moneyOut } from './common';
import { fteShareInput } from './position-inputs';

/**
 * The funds that pay a position, by FTE share (issue 'Funds'): each share names a fund and the FTE
 * it pays; together they are exactly the position's FTE. A position with no shares set is the
 * general fund's whole.
 */

/** One fund's share of a position, as a write names it. */
export const fundShareInput = z.strictObject({
  fundId: idNumberWith('Fund must be a fund id'),
  fte: fteShareInput,
});

/** A write's fund shares: at least one, each fund once (the sum is the server's check, against the FTE). */
export const fundSharesInput = z
  .array(fundShareInput)
  .min(1, 'Name at least one fund: a position is paid by one fund or split across several')
  .max(10, 'A position is split across at most 10 funds')
  .refine((shares) => new Set(shares.map((s) => s.fundId)).size === shares.length, {
    message: 'Each fund once: add its shares together',
  });
export type FundSharesInput = z.infer<typeof fundSharesInput>;

/** A position's share on one fund, as read: what it pays of the position's budgeted cost. */
export const positionFundShareSchema = z.object({
  fundId: z.number().int(),
  fundName: z.string(),
  fundCode: z.string(),
  fundKind: z.string(),
  fte: z.number(),
  /** This share's part of the budgeted cost, to the cent (the parts add up to the cost); null when unpriced. */
  budgetedCost: moneyOut.nullable(),
});
export type PositionFundShare = z.infer<typeof positionFundShareSchema>;
