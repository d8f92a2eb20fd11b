import type { Db } from '@server/db/index';
import type { Scope, StaffHeadcount } from '@server/domains/budgets';
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
 * (`withheld`). Rows with no employees (supplies, tuition), or with 5 or more, are as they are. A
 * planned year's buildings are counted as its Staff by School counts them: its roster's positions
 * and the people whose pay they are (buildingStaff).
 */

/** The Other rows' colour (slate): apart from every category's and from Uncategorized's grey. */
export const OTHER_GROUPS_COLOR = '#64748b';

/** A year's staff by building, as staffHeadcount counts them for Staff by School. */
export type BuildingStaff = Pick<StaffHeadcount, 'source' | 'locations' | 'peopleAt'>;

/** One row of a public budget breakdown: its amount in cents and its budget lines. */
export interface GroupRow {
  name: string;
  cents: bigint;
  lines: number;
  color: string;
}

interface Cell extends GroupRow {
  /** The row's head counts, one per side the rule is applied to (foldSmallGroups). */
  staff: readonly number[];
}

/** The staff of each row's key (null: none), as head counts on each side the rule reads. */
type StaffOf = { sides: number; of: Map<number | null, readonly number[]> };

/** The employee lines by category or building (projected ones too: their pay is in the lines). */
async function employeeLines(db: Db, scope: Scope, by: 'category' | 'building'): Promise<StaffOf> {
  const rows = await figures.employeesBy(db, scope, by);
  return {
    sides: 1,
    of: new Map(rows.map((r) => [r.key === null ? null : Number(r.key), [r.employees]])),
  };
}

/**
 * The staff of each building as Staff by School counts them (public-dashboard-staff.ts
 * locationData, over the same rows): for a year counting a roster, its positions and the people
 * whose pay they are (a school of 6 positions held by 2 people is theirs); otherwise its lines.
 */
async function buildingStaff(db: Db, scope: Scope, headcount: BuildingStaff): Promise<StaffOf> {
  if (headcount.source !== 'roster') {
    return employeeLines(db, scope, 'building');
  }
  return {
    sides: 2,
    of: new Map(
      headcount.locations.map((l) => [
        l.buildingId,
        [l.count, headcount.peopleAt.get(l.buildingId) ?? l.count],
      ]),
    ),
  };
}

/** The proposed rows of one breakdown after the rule, with the staff of each row's key. */
function foldRows(
  staff: StaffOf,
  rows: { key: number | null; name: string; total: number; count: number; color: string }[],
  otherLabel: string,
): { rows: GroupRow[]; withheld: boolean } {
  const none = new Array<number>(staff.sides).fill(0);
  const cells: Cell[] = rows.map((r) => ({
    name: r.name,
    cents: toCents(r.total) ?? 0n,
    lines: r.count,
    color: r.color,
    staff: staff.of.get(r.key) ?? none,
  }));
  // Rows of equal head counts fold in name order, as the staff by location card's do
  // (public-dashboard-staff.ts suppressCells), so both fold the same buildings; shown, largest first.
  const byName = [...cells].sort((a, b) => a.name.localeCompare(b.name));
  const { folded, withheld } = foldSmallGroups(byName, (c) => c.staff);
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
export async function categoryRows(db: Db, scope: Scope, categories: readonly CategoryTotal[]) {
  const rows = categories.map((c) => ({
    key: c.categoryId,
    name: c.category,
    total: c.total,
    count: c.count,
    color: c.color,
  }));
  return foldRows(await employeeLines(db, scope, 'category'), rows, OTHER_CATEGORIES_LABEL);
}

/**
 * The budget by building (the staff dashboard's, largest first) as residents may read it, its
 * schools folded by the staff Staff by School counts (`headcount`, staffHeadcount's rows).
 */
export async function buildingRows(
  db: Db,
  scope: Scope,
  buildings: readonly BuildingTotal[],
  headcount: BuildingStaff,
) {
  const rows = buildings.map((b) => ({
    key: b.buildingId,
    name: b.building,
    total: b.total,
    count: b.count,
    color: b.color ?? OTHER_GROUPS_COLOR,
  }));
  return foldRows(await buildingStaff(db, scope, headcount), rows, OTHER_BUILDINGS_LABEL);
}
