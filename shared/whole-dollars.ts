import { centsOf, divideRounded } from './money';

/**
 * Tables in whole dollars that add up: each row rounded to a dollar on its own can leave the column
 * a dollar or more off the Total printed under it (Boston's state categories read $547,732,276 +
 * $61,363,806 over $609,096,083). The largest-remainder rule rounds the rows together instead: the
 * total is rounded once (halves away from zero, as formatMoney rounds), each row is its amount
 * rounded down or up (so within $1 of its own rounding), and the rows sum to the total exactly.
 * Integer cents (BigInt) throughout; no zod and nothing of the server, so the resident page's
 * first load may use it as the server's plain page does.
 */

/** n / d rounded down (toward minus infinity), with what is left over (0 <= rest < d, for d > 0). */
function floorDivide(n: bigint, d: bigint): { quotient: bigint; rest: bigint } {
  let quotient = n / d;
  let rest = n % d;
  if (rest < 0n) {
    quotient -= 1n;
    rest += d;
  }
  return { quotient, rest };
}

/**
 * Largest remainder: one integer per share `numerators[i] / denominator`, each the share rounded
 * down or up, adding up to `target` exactly. The shares with the largest remainders are rounded
 * up; of equal remainders, the earlier share (ties decided by order, so the same figures always
 * give the same parts). A RangeError when `target` is not reachable that way (it must lie between
 * the sum of the shares rounded down and the sum rounded up).
 */
export function largestRemainder(
  numerators: readonly bigint[],
  denominator: bigint,
  target: bigint,
): bigint[] {
  if (denominator <= 0n) {
    throw new RangeError(`The denominator must be positive: ${denominator}`);
  }
  const split = numerators.map((n) => floorDivide(n, denominator));
  const parts = split.map((s) => s.quotient);
  let left = target - parts.reduce((a, b) => a + b, 0n);
  const fractional = split.filter((s) => s.rest > 0n).length;
  if (left < 0n || left > BigInt(fractional)) {
    throw new RangeError(`${target} is not the sum of these shares rounded down or up`);
  }
  const order = split
    .map((s, i) => ({ i, rest: s.rest }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) {
      break;
    }
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
}

const sumOf = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/**
 * Whole dollars of rows in cents that add up to `totalDollars` (by default the total in cents
 * rounded once). A total larger or smaller than the rows (a part counted in the total only, such
 * as figures withheld for privacy) is one more row, not returned, that takes its own share.
 */
export function wholeDollarParts(
  rowsCents: readonly bigint[],
  totalCents: bigint = sumOf(rowsCents),
  totalDollars: bigint = divideRounded(totalCents, 100n),
): bigint[] {
  const unshown = totalCents - sumOf(rowsCents);
  return largestRemainder([...rowsCents, unshown], 100n, totalDollars).slice(0, rowsCents.length);
}

/** A table's figures in whole dollars (numbers, for the formatters): its rows and its total. */
export interface WholeDollarTable {
  rows: number[];
  total: number;
}

/**
 * The rows (dollars with cents, as the API gives them) and their total (by default the rows' sum)
 * in whole dollars that add up: wholeDollarTable([547732276.31, 61363806.47]) is
 * { rows: [547732276, 61363807], total: 609096083 }.
 */
export function wholeDollarTable(rows: readonly number[], total?: number): WholeDollarTable {
  const cents = rows.map((r) => centsOf(r));
  const totalCents = total === undefined ? sumOf(cents) : centsOf(total);
  const totalDollars = divideRounded(totalCents, 100n);
  return {
    rows: wholeDollarParts(cents, totalCents, totalDollars).map(Number),
    total: Number(totalDollars),
  };
}

/** Groups (a state category, say) each with the parts that make it up (its function codes). */
export interface AmountGroup {
  amount: number;
  functions: readonly { amount: number }[];
}

/** A two-level table's figures in whole dollars: each group with its parts', and the total. */
export interface WholeDollarGroups {
  groups: { amount: number; functions: number[] }[];
  total: number;
}

/**
 * A table of groups and their parts in whole dollars: the groups add up to the total (rounded
 * once), and each group's parts add up to the group's figure as shown.
 */
export function wholeDollarGroups(groups: readonly AmountGroup[], total: number): WholeDollarGroups {
  const top = wholeDollarTable(
    groups.map((g) => g.amount),
    total,
  );
  return {
    groups: groups.map((g, i) => {
      const dollars = BigInt(top.rows[i]);
      const parts = g.functions.map((f) => centsOf(f.amount));
      return {
        amount: top.rows[i],
        functions: wholeDollarParts(parts, centsOf(g.amount), dollars).map(Number),
      };
    }),
    total: top.total,
  };
}

/** Staff salaries by place, as the resident page publishes them (shared/schemas/public-dashboard.ts). */
interface SalaryFigures {
  locations: readonly { totalSalary: number; salaryRounded?: boolean }[];
  totalSalaries: number | null;
  totalSalariesRounded?: boolean;
}

/**
 * The places' salaries and their total in whole dollars that add up; null when a figure is
 * withheld or rounded to $10,000 for privacy (the page says 'about': those do not add up, and
 * each is shown as published).
 */
export function wholeSalaries(staff: SalaryFigures): WholeDollarTable | null {
  const rounded = staff.totalSalariesRounded || staff.locations.some((l) => l.salaryRounded);
  return staff.totalSalaries === null || rounded
    ? null
    : wholeDollarTable(
        staff.locations.map((l) => l.totalSalary),
        staff.totalSalaries,
      );
}
