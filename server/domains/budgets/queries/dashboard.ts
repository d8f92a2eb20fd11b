import type { Db } from '@server/db/index';
import type { BuildingTotal, CategoryTotal, EmployeeStats, Headcount } from '@shared/schemas/dashboard';
import { classifyTitleSql } from '@server/lib/staff-roles';
import { SALARY_RANGE_WIDTH } from '@shared/schemas/dashboard';
import { activeScope } from '@server/sql/line-items-scope';
import { OF_FUNDS } from '@server/domains/funds';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';
import type { FundChoice } from '@shared/schemas/fund-choice';

/**
 * Figures with every payroll given (K: the payroll fields); the service withholds a few people's pay
 * by reader, and says which funds they are of and where they come from (source, roster).
 */
type Paid<T, K extends keyof T> = Omit<T, K | 'funds' | 'fundsLabel' | 'source' | 'roster'> &
  Record<K, number>;
export type EmployeeFigures = Omit<Paid<EmployeeStats, 'totalSalary'>, 'byBuilding'> & {
  byBuilding: Paid<EmployeeStats['byBuilding'][number], 'total'>[];
  /** byBuilding's indexes in headcount order: most people first (see employeeStats). */
  byCount: number[];
};
export type HeadcountFigures = Omit<Paid<Headcount, 'totalSalary'>, 'locations'> & {
  locations: Paid<Headcount['locations'][number], 'totalSalary'>[];
};

/**
 * The Budget Dashboard's aggregates. Each is one statement over the lines of a budget year and
 * fiscal year that count (activeScope: the active budgets); totals come from GROUPING SETS so the
 * sums are PostgreSQL's, exact to the cent, never a float sum in JavaScript.
 */

export interface Scope {
  budgetYearId: number;
  fiscalYear: number;
  /**
   * Leave projected (not yet adopted) employee lines out of the staffing figures: the public
   * dashboard publishes them only when an admin turned showProjectedEmployees on.
   */
  adoptedStaffOnly?: boolean;
  /** Every fund's lines (the default) or the general fund's alone: every aggregate here follows it. */
  funds?: FundChoice;
}

export const DISTRICT_WIDE = 'District Wide';
export const UNCATEGORIZED = 'Uncategorized';
const UNCATEGORIZED_COLOR = '#94a3b8';

/**
 * The lines of a scope, employee (operating) or proposed: every aggregate here reads these, and so
 * do the public figures' reads by DESE function code.
 */
export function where(scope: Scope, isOperating: boolean) {
  return {
    sql: `li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating = ? AND ${activeScope()}${
      isOperating && scope.adoptedStaffOnly ? ' AND NOT li.is_projected' : ''
    } AND ${OF_FUNDS(scope.funds, 'li')}`,
    bindings: [scope.budgetYearId, scope.fiscalYear, isOperating],
  };
}

export interface ProjectedSplit {
  isProjected: boolean;
  count: number;
  total: number;
  /** Of the total, the lines a gap against the town's goal sums (GOAL_FUNDS), as exact decimal text. */
  goalTotal: string;
}

/** The proposed budget's count and total, imported and projected lines apart. */
export async function proposedTotals(db: Db, scope: Scope): Promise<ProjectedSplit[]> {
  const w = where(scope, false);
  const { rows } = await db.raw(
    `SELECT li.is_projected, count(*)::int AS count, coalesce(sum(li.amount), 0) AS total,
            coalesce(sum(li.amount) FILTER (WHERE ${OF_FUNDS(GOAL_FUNDS, 'li')}), 0)::text AS goal_total
       FROM line_items_all li
      WHERE ${w.sql}
      GROUP BY li.is_projected`,
    w.bindings,
  );
  return rows.map((r: { is_projected: boolean; count: number; total: number; goal_total: string }) => ({
    isProjected: r.is_projected,
    count: Number(r.count),
    total: Number(r.total),
    goalTotal: r.goal_total,
  }));
}

/**
 * GROUPING SETS rows apart: the groups in the statement's order, and a reader of the grand-total
 * row (is_total = 1), 0 for a column when there is no such row.
 */
function splitGrandTotal<R extends { is_total: number }>(rows: R[]) {
  const grand = rows.find((r) => Number(r.is_total) === 1);
  return {
    groups: rows.filter((r) => Number(r.is_total) !== 1),
    grand: (column: keyof R) => (grand ? Number(grand[column]) : 0),
  };
}

// The two ways the proposed budget is broken down: which column of the line, which table names it.
const PROPOSED_GROUPINGS = {
  category: { column: 'category_id', table: 'budget_categories', names: 'g.name, g.color, g.is_personnel' },
  building: { column: 'building_id', table: 'buildings', names: 'g.name, g.color' },
} as const;

interface ProposedGroupRow {
  category_id?: number | null;
  building_id?: number | null;
  is_total: number;
  count: number;
  total: number;
  name: string | null;
  color: string | null;
  is_personnel?: boolean | null;
}

/** The proposed budget's count and total per category or building, largest first, and the grand total. */
async function proposedGroups(
  db: Db,
  scope: Scope,
  by: keyof typeof PROPOSED_GROUPINGS,
): Promise<{ groups: ProposedGroupRow[]; total: number }> {
  const { column, table, names } = PROPOSED_GROUPINGS[by];
  const w = where(scope, false);
  const { rows } = await db.raw(
    `SELECT a.*, ${names}
       FROM (SELECT li.${column}, GROUPING(li.${column}) AS is_total,
                    count(*)::int AS count, coalesce(sum(li.amount), 0) AS total
               FROM line_items_all li
              WHERE ${w.sql}
              GROUP BY GROUPING SETS ((li.${column}), ())) a
       LEFT JOIN ${table} g ON g.id = a.${column} AND a.is_total = 0
      ORDER BY a.is_total, a.total DESC, g.name`,
    w.bindings,
  );
  const { groups, grand } = splitGrandTotal<ProposedGroupRow>(rows);
  return { groups, total: grand('total') };
}

/** The proposed budget by category, largest first, and its grand total. */
export async function proposedByCategory(
  db: Db,
  scope: Scope,
): Promise<{ categories: CategoryTotal[]; total: number }> {
  const { groups, total } = await proposedGroups(db, scope, 'category');
  const categories = groups.map((r) => ({
    categoryId: r.category_id ?? null,
    category: r.name ?? UNCATEGORIZED,
    total: Number(r.total),
    count: Number(r.count),
    color: r.color ?? UNCATEGORIZED_COLOR,
    isPersonnel: Boolean(r.is_personnel),
  }));
  return { categories, total };
}

/** The proposed budget by building (no building = District Wide), largest first, and its total. */
export async function proposedByBuilding(
  db: Db,
  scope: Scope,
): Promise<{ buildings: BuildingTotal[]; total: number }> {
  const { groups, total } = await proposedGroups(db, scope, 'building');
  const buildings = groups.map((r) => ({
    buildingId: r.building_id ?? null,
    building: r.name ?? DISTRICT_WIDE,
    total: Number(r.total),
    count: Number(r.count),
    color: r.color ?? null,
  }));
  return { buildings, total };
}

interface EmployeeGroupRow {
  building_id: number | null;
  name: string | null;
  is_total: number;
  count: number;
  salary: number;
  fte: number;
  projected: number;
  /** The group's place in headcount order (1 first): most people, then name, District Wide last. */
  by_count: number;
}

async function employeesByBuilding(db: Db, scope: Scope): Promise<EmployeeGroupRow[]> {
  const w = where(scope, true);
  // Both orders in one scan: rows by payroll, and each row's place by head count, the names
  // compared in the database's collation (NULL, District Wide, last), as an ORDER BY compares them.
  const { rows } = await db.raw(
    `SELECT a.*, b.name,
            (row_number() OVER (PARTITION BY a.is_total ORDER BY a.count DESC, b.name))::int AS by_count
       FROM (SELECT li.building_id, GROUPING(li.building_id) AS is_total, count(*)::int AS count,
                    coalesce(sum(li.current_salary), 0) AS salary, coalesce(sum(li.current_fte), 0) AS fte,
                    (count(*) FILTER (WHERE li.is_projected))::int AS projected
               FROM line_items_all li
              WHERE ${w.sql}
              GROUP BY GROUPING SETS ((li.building_id), ())) a
       LEFT JOIN buildings b ON b.id = a.building_id AND a.is_total = 0
      ORDER BY a.is_total, a.salary DESC, b.name`,
    w.bindings,
  );
  return rows;
}

/**
 * Employees of the operating budget: how many, their salaries and FTE, by building (largest payroll
 * first), with `byCount`, the buildings' indexes in headcount order (most people first, then name,
 * District Wide last: staffHeadcount's locations).
 */
export async function employeeStats(db: Db, scope: Scope): Promise<EmployeeFigures> {
  const { groups, grand } = splitGrandTotal(await employeesByBuilding(db, scope));
  return {
    totalEmployees: grand('count'),
    totalSalary: grand('salary'),
    totalFte: grand('fte'),
    projectedEmployees: grand('projected'),
    byBuilding: groups.map((r) => ({
      buildingId: r.building_id,
      building: r.name ?? DISTRICT_WIDE,
      count: Number(r.count),
      total: Number(r.salary),
      fte: Number(r.fte),
    })),
    byCount: groups
      .map((r, i) => [Number(r.by_count), i] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, i]) => i),
  };
}

export interface SalaryRangeRow {
  group: 'teachers' | 'paras';
  rangeStart: number;
  count: number;
  avgSalary: number;
  minSalary: number;
  maxSalary: number;
}

/**
 * Salaries of teachers and paraeducators in ranges of SALARY_RANGE_WIDTH dollars, of `people`: a
 * SELECT of one row a person with their line's salary, work_group_id, work_group and position (the
 * year's employee lines, salaryRanges; a roster's holders, rosterSalaryRanges). Who is which is
 * classifyTitle's rule (server/lib/staff-roles.ts), applied first to the line's work group, then,
 * for a line with no work group, to its imported label ('Para Educator'), then to its position. A
 * salary of 0 (a new hire starting next year) is in no range. Every range is returned; the service
 * suppresses small ones.
 */
export async function salaryRangesOf(
  db: Db,
  people: { sql: string; bindings: (string | number | boolean)[] },
): Promise<SalaryRangeRow[]> {
  const { rows } = await db.raw(
    // Work groups are classified once (a handful of rows), so most lines need no text work at all;
    // the rest go through classifyTitleSql, whose LIKE pre-checks turn most titles away before any
    // regular expression runs. The range comes from whole cents in bigint arithmetic (salary > 0,
    // so integer division is the floor); nothing is cast to int, so no salary up to the
    // numeric(14,2) maximum overflows (an int range start did at $2,147,490,000).
    `WITH groups AS MATERIALIZED (SELECT id, ${classifyTitleSql('name')} AS grp FROM work_groups)
     SELECT grp, band * ${SALARY_RANGE_WIDTH} AS range_start, count(*) AS count,
            round(avg(salary), 2) AS avg_salary, min(salary) AS min_salary, max(salary) AS max_salary
       FROM (SELECT p.salary, (p.salary * 100)::bigint / ${SALARY_RANGE_WIDTH * 100} AS band,
                    -- coalesce stops at the first answer: the work group, else (no work group) the
                    -- imported label, else the position.
                    coalesce(g.grp, CASE WHEN p.work_group_id IS NULL THEN ${classifyTitleSql('p.work_group')} END,
                             ${classifyTitleSql('p.position')}) AS grp
               FROM (${people.sql}) p
               LEFT JOIN groups g ON g.id = p.work_group_id
              WHERE p.salary > 0
             -- OFFSET 0 keeps this subquery apart, so the CASE runs once per line (not again for
             -- the filter) and the few groups are hashed rather than 50,000 rows sorted.
             OFFSET 0) staff
      WHERE grp IS NOT NULL
      GROUP BY grp, band
      ORDER BY grp, band`,
    people.bindings,
  );
  return rows.map((r: Record<string, string | number>) => ({
    group: r.grp as SalaryRangeRow['group'],
    rangeStart: Number(r.range_start),
    count: Number(r.count),
    avgSalary: Number(r.avg_salary),
    minSalary: Number(r.min_salary),
    maxSalary: Number(r.max_salary),
  }));
}

/** salaryRangesOf the scope's employee lines (a line is one person's pay, current_salary). */
export function salaryRanges(db: Db, scope: Scope): Promise<SalaryRangeRow[]> {
  const w = where(scope, true);
  return salaryRangesOf(db, {
    sql: `SELECT li.current_salary AS salary, li.work_group_id, li.work_group, li.position
            FROM line_items_all li WHERE ${w.sql}`,
    bindings: w.bindings,
  });
}
