import type { Db } from '@server/db/index';

/** Decimal places of a base factor: enough that a $10M line moves by under a tenth of a cent. */
export const FACTOR_PLACES = 10;

/**
 * actual ÷ budget of each category, rounded to FACTOR_PLACES decimals in SQL and returned as exact
 * decimal text (the amounts come in as decimal text too): no factor is ever a JavaScript float.
 */
export async function baseFactors(
  db: Db,
  rows: readonly { key: number; actual: string; budget: string }[],
): Promise<Map<number, string>> {
  if (!rows.length) {
    return new Map();
  }
  const { rows: out } = await db.raw(
    `SELECT f.key, trim_scale(round(f.actual / f.budget, ${FACTOR_PLACES}))::text AS factor
       FROM unnest(?::int[], ?::numeric[], ?::numeric[]) AS f(key, actual, budget)`,
    [rows.map((r) => r.key), rows.map((r) => r.actual), rows.map((r) => r.budget)],
  );
  return new Map((out as { key: number; factor: string }[]).map((r) => [Number(r.key), r.factor]));
}
