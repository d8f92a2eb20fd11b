import { wholeDollarTable } from '@shared/whole-dollars';

/** An amount as the report gives it: dollars with cents, or null where withheld from its reader. */
type Amount = number | null;

/**
 * One column of a whole-dollar table, its rows adding up to the Total printed under it: the
 * project's largest-remainder rule (shared/whole-dollars.ts), each row within $1 of its own
 * rounding, the total rounded once (as formatMoney rounds it). A withheld row (null) stays
 * withheld, and what the rows shown do not hold of the total (withheld rows, other pages) takes
 * its own share without being shown. With no total given (null: withheld), the rows shown add up
 * to their own sum rounded once.
 */
export function wholeColumn(rows: readonly Amount[], total: Amount): Amount[] {
  const shown = rows.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  const whole = wholeDollarTable(
    shown.map((s) => s.v),
    total ?? undefined,
  ).rows;
  const out: Amount[] = rows.map(() => null);
  shown.forEach((s, k) => {
    out[s.i] = whole[k];
  });
  return out;
}

/**
 * Rows with the amounts under `keys` in whole dollars that add up to `total`'s (see wholeColumn);
 * every other field as it was.
 */
export function wholeRows<K extends string, R extends Record<K, Amount>>(
  rows: readonly R[],
  total: Record<K, Amount>,
  keys: readonly K[],
): R[] {
  const out = rows.map((r) => ({ ...r }));
  for (const key of keys) {
    const column = wholeColumn(
      rows.map((r) => r[key]),
      total[key],
    );
    out.forEach((r, i) => {
      (r as Record<K, Amount>)[key] = column[i];
    });
  }
  return out;
}

/** The money columns of a group's figures that add up to the report's totals. */
export const GROUP_MONEY = [
  'budget',
  'revisedBudget',
  'expended',
  'encumbered',
  'available',
  'projectedYearEnd',
] as const;
