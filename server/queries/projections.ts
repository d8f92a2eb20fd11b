import type { Db } from '@server/db/index';
import { AUTOMATIC_NEXT_YEAR_SALARY, NEXT_STEP, NEXT_YEAR_RULE_JOINS } from './salary-rule';
import { activeScope } from './line-items-scope';

/**
 * Projections copy a base year's lines forward into later fiscal years, marked is_projected, and
 * the diagnostics that tell which fiscal years hold which kind of line. Every statement works on
 * the lines of the budget year's active budgets (activeScope), the lines the dashboard counts.
 */

export interface YearKindRow {
  fiscalYear: number;
  isOperating: boolean;
  isProjected: boolean;
  count: number;
  total: number;
}

/** Lines per fiscal year, kind and imported/projected, with their totals (salaries or amounts). */
export async function yearKindCounts(db: Db, budgetYearId: number): Promise<YearKindRow[]> {
  const { rows } = await db.raw(
    `SELECT li.fiscal_year, li.is_operating, li.is_projected, count(*)::int AS count,
            coalesce(sum(CASE WHEN li.is_operating THEN li.current_salary ELSE li.amount END), 0) AS total
       FROM line_items li
      WHERE li.budget_year_id = ? AND ${activeScope()}
      GROUP BY li.fiscal_year, li.is_operating, li.is_projected
      ORDER BY li.fiscal_year`,
    [budgetYearId],
  );
  return rows.map(
    (r: {
      fiscal_year: number;
      is_operating: boolean;
      is_projected: boolean;
      count: number;
      total: number;
    }) => ({
      fiscalYear: r.fiscal_year,
      isOperating: r.is_operating,
      isProjected: r.is_projected,
      count: Number(r.count),
      total: Number(r.total),
    }),
  );
}

/** The latest fiscal year with imported (not projected) lines of each kind, across every budget year. */
export async function latestImportedYears(
  db: Db,
): Promise<{ operating: number | null; proposed: number | null }> {
  const rows = await db('line_items')
    .where({ is_projected: false })
    .whereRaw(activeScope('line_items'))
    .select('is_operating')
    .max<{ is_operating: boolean; year: number }[]>('fiscal_year as year')
    .groupBy('is_operating');
  return {
    operating: rows.find((r) => r.is_operating)?.year ?? null,
    proposed: rows.find((r) => !r.is_operating)?.year ?? null,
  };
}

export interface KindScope {
  budgetYearId: number;
  isOperating: boolean;
}

function scopeWhere(scope: KindScope) {
  return {
    sql: `li.budget_year_id = ? AND li.is_operating = ? AND ${activeScope()}`,
    bindings: [scope.budgetYearId, scope.isOperating] as (number | boolean)[],
  };
}

/** Projected lines of a kind in the fiscal years from..to. */
export async function countProjected(db: Db, scope: KindScope, from: number, to: number): Promise<number> {
  const w = scopeWhere(scope);
  const { rows } = await db.raw(
    `SELECT count(*)::int AS count FROM line_items li
      WHERE ${w.sql} AND li.is_projected AND li.fiscal_year BETWEEN ? AND ?`,
    [...w.bindings, from, to],
  );
  return Number(rows[0].count);
}

/** Deletes projected lines of a kind in the fiscal years from..to (imported lines are never touched). */
export async function deleteProjected(db: Db, scope: KindScope, from: number, to: number): Promise<number> {
  const w = scopeWhere(scope);
  const result = await db.raw(
    `DELETE FROM line_items li WHERE ${w.sql} AND li.is_projected AND li.fiscal_year BETWEEN ? AND ?`,
    [...w.bindings, from, to],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * Deletes projected lines of a kind in the listed fiscal years, which hold imported lines of that
 * kind: actuals supersede projections (left over from before the import, they counted everyone twice).
 */
export async function deleteSuperseded(db: Db, scope: KindScope, years: readonly number[]): Promise<number> {
  if (!years.length) {
    return 0;
  }
  const w = scopeWhere(scope);
  const result = await db.raw(
    `DELETE FROM line_items li WHERE ${w.sql} AND li.is_projected AND li.fiscal_year = ANY(?::int[])`,
    [...w.bindings, [...years]],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

const EMPLOYEE_COPY = `first_name, last_name, position, current_fte, location_code, department, work_group_id,
  work_group, job_class, budget_status, dese_code, category_id, building_id, notes`;
const PROPOSED_COPY = `account_description, name, account_line, dese_categories, dese_code, category_id,
  building_id, notes`;
const prefixed = (columns: string, alias: string) => columns.replace(/(\w+)/g, `${alias}.$1`);

/**
 * The lines a projected year grows from: at the base year the imported lines (Active employees
 * only: Retiring and Inactive are not carried forward), later the projected lines of the year
 * before, which this run has just written.
 */
function previousYear(scope: KindScope, baseYear: number, fromYear: number) {
  const w = scopeWhere(scope);
  const which =
    fromYear === baseYear
      ? `NOT li.is_projected${scope.isOperating ? ` AND coalesce(li.employee_status, 'Active') = 'Active'` : ''}`
      : 'li.is_projected';
  return {
    sql: `${w.sql} AND li.fiscal_year = ? AND ${which}`,
    bindings: [...w.bindings, fromYear],
    // The base line a projected line descends from, carried through every year.
    source: `CASE WHEN li.is_projected THEN li.metadata -> 'sourceLineId' ELSE to_jsonb(li.id) END`,
  };
}

/**
 * Writes the employees of fromYear + 1, each grown from their line of fromYear by the rule of
 * fromYear + 1: the salary is the previous line's next-year salary (manual or automatic; the
 * previous salary when it has none), and the new line's own next-year salary is the automatic rule
 * (AUTOMATIC_NEXT_YEAR_SALARY, the same SQL an edit uses) for the year after. A manual value is
 * therefore that one year's only. Set-based: one INSERT ... SELECT per projected year.
 */
export async function projectEmployeeYear(
  db: Db,
  scope: KindScope,
  baseYear: number,
  fromYear: number,
): Promise<number> {
  const prev = previousYear(scope, baseYear, fromYear);
  // The inner rule moves the previous line into fromYear + 1 (its step, one up on a schedule); the
  // outer one gives the new line its own next-year salary, for the year after.
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            current_salary, next_year_salary, next_year_salary_manual, employee_status, metadata,
            salary_step, salary_lane, salary_placement, ${EMPLOYEE_COPY})
     SELECT src.budget_year_id, src.scenario_id, src.fiscal_year, true, true,
            src.current_salary, CASE WHEN src.current_salary > 0 THEN ${AUTOMATIC_NEXT_YEAR_SALARY} END,
            false, 'Active', jsonb_build_object('projectedFrom', ?::int, 'sourceLineId', src.source_line_id),
            src.salary_step, src.salary_lane, src.salary_placement, ${prefixed(EMPLOYEE_COPY, 'src')}
       FROM (SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + 1 AS fiscal_year,
                    coalesce(li.next_year_salary, li.current_salary) AS current_salary,
                    ${NEXT_STEP} AS salary_step, li.salary_lane, li.salary_placement,
                    ${prev.source} AS source_line_id, ${prefixed(EMPLOYEE_COPY, 'li')}
               FROM line_items li
               CROSS JOIN LATERAL (SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
                    li.current_salary, li.salary_step, li.salary_lane) src
               ${NEXT_YEAR_RULE_JOINS}
              WHERE ${prev.sql}) src
       ${NEXT_YEAR_RULE_JOINS}`,
    [baseYear, ...prev.bindings],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * Writes the proposed lines of fromYear + 1: each line of fromYear grown by its category's default
 * year-over-year increase (no default: unchanged), rounded to the cent every year.
 */
export async function projectProposedYear(
  db: Db,
  scope: KindScope,
  baseYear: number,
  fromYear: number,
): Promise<number> {
  const prev = previousYear(scope, baseYear, fromYear);
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            amount, current_fte, employee_status, metadata, ${PROPOSED_COPY})
     SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + 1, false, true,
            round(li.amount * (1 + coalesce(c.default_yoy_increase, 0) / 100), 2), NULL, NULL,
            jsonb_build_object('projectedFrom', ?::int, 'sourceLineId', ${prev.source}),
            ${prefixed(PROPOSED_COPY, 'li')}
       FROM line_items li
       LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE ${prev.sql}`,
    [baseYear, ...prev.bindings],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * Lines of a kind that would sit in a target year after 'Fix Base Year' without being part of the
 * move: imported lines of other years, or projected lines at or before the imported year.
 */
export async function countMoveConflicts(
  db: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
): Promise<{ fiscalYear: number; count: number }[]> {
  const w = scopeWhere(scope);
  const { rows } = await db.raw(
    `WITH moving AS (
       SELECT DISTINCT li.fiscal_year + ?::int AS target FROM line_items li
        WHERE ${w.sql} AND ((li.fiscal_year = ? AND NOT li.is_projected) OR li.fiscal_year > ?)
     )
     SELECT li.fiscal_year, count(*)::int AS count FROM line_items li
      WHERE ${w.sql} AND li.fiscal_year IN (SELECT target FROM moving)
        AND NOT ((li.fiscal_year = ? AND NOT li.is_projected) OR li.fiscal_year > ?)
      GROUP BY li.fiscal_year ORDER BY li.fiscal_year`,
    [delta, ...w.bindings, importedYear, importedYear, ...w.bindings, importedYear, importedYear],
  );
  return rows.map((r: { fiscal_year: number; count: number }) => ({
    fiscalYear: r.fiscal_year,
    count: Number(r.count),
  }));
}

/** Shifts the imported lines of importedYear, or the lines after it, by delta fiscal years. */
export async function shiftLines(
  db: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
  which: 'imported' | 'later',
): Promise<number> {
  const w = scopeWhere(scope);
  const condition =
    which === 'imported' ? 'li.fiscal_year = ? AND NOT li.is_projected' : 'li.fiscal_year > ?';
  const result = await db.raw(
    `UPDATE line_items li SET fiscal_year = li.fiscal_year + ?::int, updated_at = now()
      WHERE ${w.sql} AND ${condition}`,
    [delta, ...w.bindings, importedYear],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

export async function setBaseYear(db: Db, budgetYearId: number, baseYear: number): Promise<void> {
  await db('budget_years')
    .where({ id: budgetYearId })
    .update({ base_year: baseYear, updated_at: db.fn.now() });
}
