import type { Db } from '@server/db/index';
import type { BuildingTotal, CategoryTotal, EmployeeStats, Headcount } from '@server/schemas/dashboard';
import { SALARY_RANGE_WIDTH } from '@server/schemas/dashboard';
import { activeBudgetScope } from './fiscal-years';

/**
 * The Budget Dashboard's aggregates. Each is one statement over the lines of a budget year and
 * fiscal year in its active budgets (activeBudgetScope); totals come from GROUPING SETS so the sums
 * are PostgreSQL's, exact to the cent, never a float sum in JavaScript.
 */

export interface Scope {
  budgetYearId: number;
  fiscalYear: number;
}

export const DISTRICT_WIDE = 'District Wide';
export const UNCATEGORIZED = 'Uncategorized';
const UNCATEGORIZED_COLOR = '#94a3b8';

function where(scope: Scope, isOperating: boolean) {
  const active = activeBudgetScope(scope.budgetYearId);
  return {
    sql: `li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating = ? AND ${active.sql}`,
    bindings: [scope.budgetYearId, scope.fiscalYear, isOperating, ...active.bindings],
  };
}

export interface ProjectedSplit {
  isProjected: boolean;
  count: number;
  total: number;
}

/** The proposed budget's count and total, imported and projected lines apart. */
export async function proposedTotals(db: Db, scope: Scope): Promise<ProjectedSplit[]> {
  const w = where(scope, false);
  const { rows } = await db.raw(
    `SELECT li.is_projected, count(*)::int AS count, coalesce(sum(li.amount), 0) AS total
       FROM line_items li
      WHERE ${w.sql}
      GROUP BY li.is_projected`,
    w.bindings,
  );
  return rows.map((r: { is_projected: boolean; count: number; total: number }) => ({
    isProjected: r.is_projected,
    count: Number(r.count),
    total: Number(r.total),
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
               FROM line_items li
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
}

async function employeesByBuilding(db: Db, scope: Scope, orderBy: string): Promise<EmployeeGroupRow[]> {
  const w = where(scope, true);
  const { rows } = await db.raw(
    `SELECT a.*, b.name
       FROM (SELECT li.building_id, GROUPING(li.building_id) AS is_total, count(*)::int AS count,
                    coalesce(sum(li.current_salary), 0) AS salary, coalesce(sum(li.current_fte), 0) AS fte,
                    (count(*) FILTER (WHERE li.is_projected))::int AS projected
               FROM line_items li
              WHERE ${w.sql}
              GROUP BY GROUPING SETS ((li.building_id), ())) a
       LEFT JOIN buildings b ON b.id = a.building_id AND a.is_total = 0
      ORDER BY a.is_total, a.${orderBy}, b.name`,
    w.bindings,
  );
  return rows;
}

/** Employees of the operating budget: how many, their salaries and FTE, by building (largest payroll first). */
export async function employeeStats(db: Db, scope: Scope): Promise<EmployeeStats> {
  const { groups, grand } = splitGrandTotal(await employeesByBuilding(db, scope, 'salary DESC'));
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
  };
}

/** Headcount by location (building; none = District Wide), most people first. */
export async function headcountByLocation(db: Db, scope: Scope): Promise<Headcount> {
  const { groups, grand } = splitGrandTotal(await employeesByBuilding(db, scope, 'count DESC'));
  return {
    locations: groups.map((r) => ({
      buildingId: r.building_id,
      location: r.name ?? DISTRICT_WIDE,
      count: Number(r.count),
      totalSalary: Number(r.salary),
      totalFte: Number(r.fte),
    })),
    totalEmployees: grand('count'),
    totalSalary: grand('salary'),
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
 * Salaries of teachers and paraeducators in ranges of SALARY_RANGE_WIDTH dollars. The work group
 * decides first: a group whose name starts 'Para' (Paraprofessionals) or 'Teacher'; a line with no
 * work group is read by its imported label ('Para Educator'). Otherwise the position does: a word
 * starting 'para' or the word 'aide' is a paraeducator (so 'Teacher Aide' is one), else 'teacher'
 * anywhere is a teacher. A salary of 0 (a new hire starting next year) is in no range. Every range
 * is returned; the service suppresses small ones.
 */
export async function salaryRanges(db: Db, scope: Scope): Promise<SalaryRangeRow[]> {
  const w = where(scope, true);
  const { rows } = await db.raw(
    // Work groups are classified once (a handful of rows), so most lines need no text work at all;
    // the rest use LIKE on lower-cased text, several times cheaper than regular expressions, with
    // COLLATE "C" making lower() a plain ASCII fold (the words matched are ASCII). ' ' || text
    // makes '% para%' match a word that starts with 'para'. The range comes from whole cents in
    // integer arithmetic: salary > 0, so integer division is the floor.
    `WITH groups AS MATERIALIZED (
       SELECT id, CASE WHEN lower(ltrim(name) COLLATE "C") LIKE 'para%' THEN 'paras'
                       WHEN lower(ltrim(name) COLLATE "C") LIKE 'teacher%' THEN 'teachers' END AS grp
         FROM work_groups
     )
     SELECT grp, band * ${SALARY_RANGE_WIDTH} AS range_start, count(*)::int AS count,
            round(avg(salary), 2) AS avg_salary, min(salary) AS min_salary, max(salary) AS max_salary
       FROM (SELECT li.current_salary AS salary,
                    ((li.current_salary * 100)::bigint / ${SALARY_RANGE_WIDTH * 100})::int AS band,
                    CASE
                      WHEN g.grp IS NOT NULL THEN g.grp
                      WHEN li.work_group_id IS NULL AND lower(ltrim(li.work_group) COLLATE "C") LIKE 'para%'
                        THEN 'paras'
                      WHEN li.work_group_id IS NULL AND lower(ltrim(li.work_group) COLLATE "C") LIKE 'teacher%'
                        THEN 'teachers'
                      WHEN ' ' || lower(li.position COLLATE "C") LIKE '% para%'
                        OR ' ' || lower(li.position COLLATE "C") || ' ' LIKE '% aide %' THEN 'paras'
                      WHEN lower(li.position COLLATE "C") LIKE '%teacher%' THEN 'teachers'
                    END AS grp
               FROM line_items li
               LEFT JOIN groups g ON g.id = li.work_group_id
              WHERE ${w.sql} AND li.current_salary > 0
             -- OFFSET 0 keeps this subquery apart, so the CASE runs once per line (not again for
             -- the filter) and the few groups are hashed rather than 50,000 rows sorted.
             OFFSET 0) staff
      WHERE grp IS NOT NULL
      GROUP BY grp, band
      ORDER BY grp, band`,
    w.bindings,
  );
  return rows.map(
    (r: {
      grp: 'teachers' | 'paras';
      range_start: number;
      count: number;
      avg_salary: number;
      min_salary: number;
      max_salary: number;
    }) => ({
      group: r.grp,
      rangeStart: Number(r.range_start),
      count: Number(r.count),
      avgSalary: Number(r.avg_salary),
      minSalary: Number(r.min_salary),
      maxSalary: Number(r.max_salary),
    }),
  );
}
