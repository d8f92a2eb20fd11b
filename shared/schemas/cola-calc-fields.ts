import { z } from 'zod';
import { idNumberWith, idTextWith, moneyInput } from './common';
import { END_BEFORE_START_MESSAGE } from './contracts';

/** The defaults, limits and field rules of the COLA calculations (./cola-calc.ts, ./cola-rif.ts). */

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

export const TOWN_FUNDING_SOURCES = ['goal', 'carried', 'input', 'none'] as const;

/** A query-string value: blank is absent (forms send `scenarioId=`). */
export const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Dollars in a query string, read as the number the text spells and checked as moneyInput does. */
export const moneyQuery = (label: string) =>
  z.preprocess((v) => {
    const text = blankIsAbsent(v);
    return typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  }, moneyInput({ label }).optional());

export const idInput = (what: string) =>
  idNumberWith(`${what} must be a positive whole number`, `${what} must be a whole number`);
export const idQuery = (what: string) =>
  z.preprocess(blankIsAbsent, idTextWith(`${what} must be a positive whole number`).optional());

/** endYear on or after startYear, and at most MAX_CALC_YEARS years in all; the refusal names endYear. */
export function checkSpan(v: { startYear: number; endYear: number }, ctx: z.RefinementCtx) {
  if (v.endYear < v.startYear) {
    ctx.addIssue({
      code: 'custom',
      path: ['endYear'],
      message: END_BEFORE_START_MESSAGE,
    });
  } else if (v.endYear - v.startYear + 1 > MAX_CALC_YEARS) {
    ctx.addIssue({
      code: 'custom',
      path: ['endYear'],
      message: `At most ${MAX_CALC_YEARS} fiscal years at once (through ${v.startYear + MAX_CALC_YEARS - 1})`,
    });
  }
}
