import type { Db } from '@server/db/index';
import { compareFunctionCodes } from '@shared/function-code';
import type { Scope } from '@server/domains/budgets';
import { deseCodes } from '@server/domains/massachusetts';
import { foldSmallGroups } from '@server/lib/pay-groups';
import { fromCents, toCents } from '@shared/schemas/common';
import { otherGroupsLabel, type PublicDeseCategory } from '@shared/schemas/public-dashboard';
import * as figures from './queries/public-dashboard-figures';
import { staffOf, type YearStaff } from './public-dashboard-groups';

/**
 * The public budget by DESE function code (./public-dashboard-figures.ts), after the rule that
 * keeps a function's amount from being a few people's pay (docs/PRIVACY.md section 1): a function whose
 * lines are those of 1 to 4 employees is not shown on its own. The functions withheld
 * (server/lib/pay-groups.ts foldSmallGroups: those of 1 to 4 employees, then the smallest others
 * with employees until they hold MIN_PAY_GROUP together) are one row, OTHER_FUNCTIONS_LABEL; when
 * even every function with employees together holds fewer, that row is not shown and its amount is
 * in the section's total only (`withheld`). Functions with no employees, or enough, are as they
 * are. The budget by category and by building follow the same rule (public-dashboard-groups.ts).
 * A planned year's functions count the staff its salary lines pay: its roster's positions and their
 * people at each code (staffOf), as Staff by School counts them by school.
 */

export const NO_DESE_CODE = 'No DESE function code';
export const OTHER_FUNCTIONS_LABEL = otherGroupsLabel('functions');

const cents = (dollars: number) => toCents(dollars) ?? 0n;

/** One function code's proposed amount (or the lines without a known code: code null). */
interface FunctionCell {
  code: string | null;
  name: string;
  parentName: string;
  cents: bigint;
  /** The staff whose pay its lines hold, on each side the rule reads (staffOf). */
  staff: number[];
}

/** The proposed amount by function code, with the staff each code has; code order, no code last. */
async function functionCells(db: Db, scope: Scope, yearStaff: YearStaff): Promise<FunctionCell[]> {
  const staff = await staffOf(db, scope, 'code', yearStaff);
  const chart = deseCodes();
  const keyOf = (code: string | null) => (code === null ? undefined : chart.get(code))?.code ?? null;
  const cells = new Map<string | null, FunctionCell>();
  for (const row of await figures.proposedByDeseCode(db, scope)) {
    const key = keyOf(row.code);
    const code = key === null ? undefined : chart.get(key)!;
    const cell = cells.get(key) ?? {
      code: key,
      name: code?.name ?? NO_DESE_CODE,
      parentName: code?.parentName ?? NO_DESE_CODE,
      cents: 0n,
      staff: new Array<number>(staff.sides).fill(0),
    };
    cell.cents += cents(row.total);
    cells.set(key, cell);
  }
  // Staff of a code with no proposed line have no amount here to be read from.
  for (const [key, counts] of staff.of) {
    const cell = cells.get(keyOf(key as string | null));
    if (cell) {
      counts.forEach((n, side) => (cell.staff[side] += n));
    }
  }
  return [...cells.values()].sort((a, b) =>
    a.code === null ? 1 : b.code === null ? -1 : compareFunctionCodes(a.code, b.code),
  );
}

/**
 * The budget by DESE function code, grouped under the End-of-Year Report's spending categories
 * (Administration, Instructional Leadership, Teachers, ...), in the order of their codes, each
 * category the sum of the functions shown under it; then the withheld functions' row; then the lines
 * whose code is missing or not in the state's chart, as one group. `cents` are the groups' amounts.
 */
export async function deseBreakdown(
  db: Db,
  scope: Scope,
  yearStaff: YearStaff,
): Promise<{ groups: PublicDeseCategory[]; cents: { name: string; cents: bigint }[]; withheld: boolean }> {
  const cells = await functionCells(db, scope, yearStaff);
  const { shown, folded: other, withheld } = foldSmallGroups(cells, (c) => c.staff);
  const groups = new Map<string, { cents: bigint; functions: FunctionCell[] }>();
  for (const cell of shown.filter((c) => c.code !== null)) {
    const group = groups.get(cell.parentName) ?? { cents: 0n, functions: [] };
    group.cents += cell.cents;
    group.functions.push(cell);
    groups.set(cell.parentName, group);
  }
  const ordered = [...groups.entries()]
    .map(([name, g]) => ({ name, cents: g.cents, functions: g.functions }))
    .sort((a, b) => compareFunctionCodes(a.functions[0].code!, b.functions[0].code!));
  if (other.length && !withheld) {
    const sum = other.reduce((n, c) => n + c.cents, 0n);
    ordered.push({ name: OTHER_FUNCTIONS_LABEL, cents: sum, functions: [] });
  }
  for (const cell of shown.filter((c) => c.code === null)) {
    ordered.push({ name: NO_DESE_CODE, cents: cell.cents, functions: [] });
  }
  return {
    groups: ordered.map((g) => ({
      name: g.name,
      amount: fromCents(g.cents),
      functions: g.functions.map((f) => ({ code: f.code!, name: f.name, amount: fromCents(f.cents) })),
    })),
    cents: ordered.map(({ name, cents }) => ({ name, cents })),
    withheld,
  };
}
