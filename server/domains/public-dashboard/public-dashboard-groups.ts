import type { Db } from '@server/db/index';
import type { Scope } from '@server/domains/budgets';
import { foldSmallGroups } from '@server/lib/pay-groups';
import { toCents } from '@shared/schemas/common';
import type { BuildingTotal, CategoryTotal } from '@shared/schemas/dashboard';
import { OTHER_BUILDINGS_LABEL, OTHER_CATEGORIES_LABEL } from '@shared/schemas/public-dashboard';
import * as figures from './queries/public-dashboard-figures';

/**
 * The public budget by category and by building (./public-dashboard-figures.ts), after the rule
 * that keeps a row's amount from being a few people's pay (docs/PRIVACY.md section 1), the rule the budget
 * by DESE function follows (public-dashboard-dese.ts): a category or building whose lines include
 * the pay of 1 to 4 employees is not shown on its own. The rows withheld (server/lib/pay-groups.ts
 * foldSmallGroups: those of 1 to 4 employees, then the smallest others with employees until they
 * hold 5 together) are one row, 'Other categories (fewer than 5 staff each)' / 'Other buildings
 * (...)', the exact sum of their lines, after the rows shown; when even every row with employees
 * together holds fewer, there is no such row and their amount is in the year's total only
 * (`withheld`). Rows with no employees (supplies, tuition), or with 5 or more, are as they are.
 */

/** The Other rows' colour (slate): apart from every category's and from Uncategorized's grey. */
export const OTHER_GROUPS_COLOR = '#64748b';

/** One row of a public budget breakdown: its amount in cents and its budget lines. */
export interface GroupRow {
  name: string;
  cents: bigint;
  lines: number;
  color: string;
}

interface Cell extends GroupRow {
  employees: number;
}

/** The proposed rows of one breakdown after the rule, with the employees of each row's key. */
async function foldRows(
  db: Db,
  scope: Scope,
  by: 'category' | 'building',
  rows: { key: number | null; name: string; total: number; count: number; color: string }[],
  otherLabel: string,
): Promise<{ rows: GroupRow[]; withheld: boolean }> {
  const staff = new Map(
    (await figures.employeesBy(db, scope, by)).map((r) => [
      r.key === null ? null : Number(r.key),
      r.employees,
    ]),
  );
  const cells: Cell[] = rows.map((r) => ({
    name: r.name,
    cents: toCents(r.total) ?? 0n,
    lines: r.count,
    color: r.color,
    employees: staff.get(r.key) ?? 0,
  }));
  // Rows of equal head counts fold in name order, as the staff by location card's do
  // (public-dashboard-staff.ts suppressCells), so both fold the same buildings; shown, largest first.
  const byName = [...cells].sort((a, b) => a.name.localeCompare(b.name));
  const { folded, withheld } = foldSmallGroups(byName, (c) => [c.employees]);
  const out: GroupRow[] = cells
    .filter((c) => !folded.includes(c))
    .map(({ name, cents, lines, color }) => ({ name, cents, lines, color }));
  if (folded.length && !withheld) {
    out.push({
      name: otherLabel,
      cents: folded.reduce((n, c) => n + c.cents, 0n),
      lines: folded.reduce((n, c) => n + c.lines, 0),
      color: OTHER_GROUPS_COLOR,
    });
  }
  return { rows: out, withheld };
}

/** The budget by category (the staff dashboard's, largest first) as residents may read it. */
export function categoryRows(db: Db, scope: Scope, categories: readonly CategoryTotal[]) {
  const rows = categories.map((c) => ({
    key: c.categoryId,
    name: c.category,
    total: c.total,
    count: c.count,
    color: c.color,
  }));
  return foldRows(db, scope, 'category', rows, OTHER_CATEGORIES_LABEL);
}

/** The budget by building (the staff dashboard's, largest first) as residents may read it. */
export function buildingRows(db: Db, scope: Scope, buildings: readonly BuildingTotal[]) {
  const rows = buildings.map((b) => ({
    key: b.buildingId,
    name: b.building,
    total: b.total,
    count: b.count,
    color: b.color ?? OTHER_GROUPS_COLOR,
  }));
  return foldRows(db, scope, 'building', rows, OTHER_BUILDINGS_LABEL);
}
