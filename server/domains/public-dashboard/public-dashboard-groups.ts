import type { Db } from '@server/db/index';
import { rosterStaffBy, type Scope, type StaffHeadcount } from '@server/domains/budgets';
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
 * planned year's categories, functions and buildings are counted as its Staff by School counts its
 * staff: its roster's positions and the people whose pay they are, where its salary lines hold that
 * pay (staffOf), not the projected employee lines beside them.
 */

/** The Other rows' colour (slate): apart from every category's and from Uncategorized's grey. */
export const OTHER_GROUPS_COLOR = '#64748b';

/**
 * A year's staff as staffHeadcount counts them for Staff by School: their source (staffFigures'
 * choice), the roster a planned year counts, and the staff of each building.
 */
export type YearStaff = Pick<StaffHeadcount, 'source' | 'roster' | 'locations' | 'peopleAt'>;

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

/**
 * The staff of each group's key (a DESE code, a category's or a building's id; null: none), as head
 * counts on each side the rule reads: one side (the employees), or a roster's two (its positions,
 * and the people whose pay they are).
 */
export type StaffOf = { sides: number; of: Map<string | number | null, readonly number[]> };

/**
 * The staff whose pay each row of a breakdown by DESE code, category or building holds, as the
 * year's staff figures count them (`staff`: staffHeadcount's, one rule for every section): for a
 * year counting a roster (its salary lines are the roster's cost, set at its positions' category,
 * building and code), that roster's funded positions there and the people whose pay they are (a
 * school of 6 positions held by 2 people is theirs; the buildings are Staff by School's own rows,
 * public-dashboard-staff.ts locationData); otherwise the employee lines there, projected ones too
 * (their pay is in the lines).
 */
export async function staffOf(
  db: Db,
  scope: Scope,
  by: figures.StaffGroup,
  staff: YearStaff,
): Promise<StaffOf> {
  if (staff.source !== 'roster' || !staff.roster) {
    const rows = await figures.employeesBy(db, scope, by);
    const key = (k: string | number | null) => (k === null || by === 'code' ? k : Number(k));
    return { sides: 1, of: new Map(rows.map((r) => [key(r.key), [r.employees]])) };
  }
  if (by === 'building') {
    const people = (l: YearStaff['locations'][number]) => staff.peopleAt.get(l.buildingId) ?? l.count;
    return { sides: 2, of: new Map(staff.locations.map((l) => [l.buildingId, [l.count, people(l)]])) };
  }
  const rows = await rosterStaffBy(db, staff.roster, scope.funds, by);
  return { sides: 2, of: new Map(rows.map((r) => [r.key, [r.count, r.people]])) };
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

/**
 * The budget by category (the staff dashboard's, largest first) as residents may read it, folded by
 * the staff whose pay each category holds (staffOf).
 */
export async function categoryRows(
  db: Db,
  scope: Scope,
  categories: readonly CategoryTotal[],
  staff: YearStaff,
) {
  const rows = categories.map((c) => ({
    key: c.categoryId,
    name: c.category,
    total: c.total,
    count: c.count,
    color: c.color,
  }));
  return foldRows(await staffOf(db, scope, 'category', staff), rows, OTHER_CATEGORIES_LABEL);
}

/**
 * The budget by building (the staff dashboard's, largest first) as residents may read it, its
 * schools folded by the staff Staff by School counts (`staff`, staffHeadcount's rows: staffOf).
 */
export async function buildingRows(
  db: Db,
  scope: Scope,
  buildings: readonly BuildingTotal[],
  staff: YearStaff,
) {
  const rows = buildings.map((b) => ({
    key: b.buildingId,
    name: b.building,
    total: b.total,
    count: b.count,
    color: b.color ?? OTHER_GROUPS_COLOR,
  }));
  return foldRows(await staffOf(db, scope, 'building', staff), rows, OTHER_BUILDINGS_LABEL);
}
