import { wholeDollarGroups } from '@shared/whole-dollars';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';

/** One line of the comparison in whole dollars, as the screen shows it. */
export interface ShownLine {
  operating: number;
  proposed: number;
  /** proposed - operating, both as shown. */
  variance: number;
}

/** A fiscal year's comparison in whole dollars that add up. */
export interface ComparisonDollars {
  /** One per `data.rows`, in the same order. */
  rows: ShownLine[];
  personnel: ShownLine;
  total: ShownLine;
}

/**
 * One column (operating or proposed) in whole dollars by the project's one rule for tables that add
 * up (largest remainder, shared/whole-dollars.ts). The table prints every category, then the
 * personnel subtotal, then the total: so the total is rounded once, the personnel subtotal and each
 * non-personnel row share it, and the personnel rows share the subtotal as shown. Rows then add up
 * to the subtotal, and the subtotal with the other rows to the total.
 */
function column(data: BudgetComparison, yearIndex: number, side: 'operating' | 'proposed') {
  const cells = data.rows.map((r) => r.years[yearIndex]);
  const personnel = data.rows.flatMap((r, i) => (r.isPersonnel ? [i] : []));
  const other = data.rows.flatMap((r, i) => (r.isPersonnel ? [] : [i]));
  const amount = (c: ComparisonCell) => ({ amount: c[side] });
  const whole = wholeDollarGroups(
    [
      { amount: data.personnelTotals[yearIndex][side], functions: personnel.map((i) => amount(cells[i])) },
      ...other.map((i) => ({ amount: cells[i][side], functions: [] })),
    ],
    data.totals[yearIndex][side],
  );
  const rows: number[] = cells.map(() => 0);
  personnel.forEach((row, k) => (rows[row] = whole.groups[0].functions[k]));
  other.forEach((row, k) => (rows[row] = whole.groups[k + 1].amount));
  return { rows, personnel: whole.groups[0].amount, total: whole.total };
}

/** proposed - operating in whole dollars, on integers (exact below 2^53, as every amount is). */
const line = (operating: number, proposed: number): ShownLine => ({
  operating,
  proposed,
  variance: Number(BigInt(proposed) - BigInt(operating)),
});

/**
 * The comparison of one fiscal year in whole dollars, so that a finance officer footing the table
 * finds every column adds up (the rows to the personnel subtotal, the subtotal and the other rows to
 * the total) and every row cross-foots (operating + variance = proposed).
 *
 * The variance: operating and proposed are rounded by the rule, and each variance is the difference
 * of the two figures shown beside it, not a third column rounded on its own. Rounded on its own, a
 * row's variance could read $1 off its own operating and proposed (the officer checks a row across
 * before checking a column down); as the difference, the variances add up to the subtotal's and the
 * total's variance, which are in turn the shown proposed less the shown operating. The cost: a
 * variance may be $1 from its exact amount rounded alone (Administration FY26: $84.60 exact, $84
 * shown, since its operating $4,331,415.40 is the one rounded up for the salaries to add up to
 * $35,293,887). The percent and the flag stay the server's, from exact cents.
 */
export function comparisonDollars(data: BudgetComparison, yearIndex: number): ComparisonDollars {
  const operating = column(data, yearIndex, 'operating');
  const proposed = column(data, yearIndex, 'proposed');
  return {
    rows: operating.rows.map((o, i) => line(o, proposed.rows[i])),
    personnel: line(operating.personnel, proposed.personnel),
    total: line(operating.total, proposed.total),
  };
}
