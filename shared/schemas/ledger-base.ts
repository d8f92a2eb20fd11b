import { z } from 'zod';
import { moneyOut } from './common';

/**
 * The planning tools can start from last year's actual spending (the ledger's
 * projected year-end, see server/domains/ledger/ledger-base.ts) instead of last year's budget. The
 * multi-year projection's baseline (baselineBasis), the planning defaults (basis) and Generate
 * Projections' proposed lines (proposedBase) share this choice.
 */
export const BASES = ['budget', 'actual'] as const;
export type Base = (typeof BASES)[number];

/** Where the multi-year projection's first baseline came from: a base, or the caller ('given'). */
export const BASELINE_SOURCES = [...BASES, 'given'] as const;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional base, 'budget' when left out; anything else is a 400 (naming its field, as every refusal). */
export const baseInput = () =>
  z.preprocess(blankIsAbsent, z.enum(BASES, { error: "Must be 'budget' or 'actual'" }).default('budget'));

/** One category's factor Generate Projections applied (actual ÷ budget of the year projected from). */
export const baseFactorSchema = z.object({
  /** null: the lines with no category. */
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  budget: moneyOut,
  actual: moneyOut,
  /** Exact decimal text, rounded in SQL to 10 decimals: '0.9731204455'; '1' when kept. */
  factor: z.string(),
  /** Why the factor is 1 (no budget, no actual spending, no category), else null. */
  note: z.string().nullable(),
});

export type BaseFactor = z.infer<typeof baseFactorSchema>;
