import type { Db } from '@server/db/index';
import { activeBudgetScope } from './fiscal-years';

/**
 * Projections copy a base year's lines forward into later fiscal years, marked is_projected, and
 * the diagnostics that tell which fiscal years hold which kind of line. Every statement works on
 * the lines of the budget year's active budgets (activeBudgetScope), the lines the dashboard counts.
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
  const active = activeBudgetScope(budgetYearId);
  const { rows } = await db.raw(
    `SELECT li.fiscal_year, li.is_operating, li.is_projected, count(*)::int AS count,
            coalesce(sum(CASE WHEN li.is_operating THEN li.current_salary ELSE li.amount END), 0) AS total
       FROM line_items li
      WHERE li.budget_year_id = ? AND ${active.sql}
      GROUP BY li.fiscal_year, li.is_operating, li.is_projected
      ORDER BY li.fiscal_year`,
    [budgetYearId, ...active.bindings],
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
  const active = activeBudgetScope(scope.budgetYearId);
  return {
    sql: `li.budget_year_id = ? AND li.is_operating = ? AND ${active.sql}`,
    bindings: [scope.budgetYearId, scope.isOperating, ...active.bindings],
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

const EMPLOYEE_COPY = `first_name, last_name, position, current_fte, location_code, department, work_group_id,
  work_group, job_class, budget_status, dese_code, category_id, building_id, notes`;

/**
 * Copies the base year's Active employees into baseYear+1 .. baseYear+years. The first projected
 * year's salary is the base line's next-year salary (its current salary when none is set); each
 * later year grows by the same rate (next / current), so a person's raise pattern continues. Retiring
 * and Inactive employees are not carried forward. Amounts are rounded to the cent in SQL.
 */
export async function projectEmployees(
  db: Db,
  scope: KindScope,
  baseYear: number,
  years: number,
): Promise<number> {
  const w = scopeWhere(scope);
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            current_salary, next_year_salary, next_year_salary_manual, employee_status, metadata, ${EMPLOYEE_COPY})
     SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + k, true, true,
            round(first_year * power(rate, k - 1), 2), round(first_year * power(rate, k), 2), false, 'Active',
            jsonb_build_object('projectedFrom', li.fiscal_year, 'sourceLineId', li.id),
            ${EMPLOYEE_COPY.replace(/(\w+)/g, 'li.$1')}
       FROM line_items li
      CROSS JOIN LATERAL (
            SELECT coalesce(li.next_year_salary, li.current_salary) AS first_year,
                   CASE WHEN li.current_salary > 0 AND li.next_year_salary IS NOT NULL
                        THEN li.next_year_salary / li.current_salary ELSE 1 END::numeric AS rate) s
      CROSS JOIN generate_series(1, ?::int) AS k
      WHERE ${w.sql} AND li.fiscal_year = ? AND NOT li.is_projected
        AND coalesce(li.employee_status, 'Active') = 'Active'`,
    [years, ...w.bindings, baseYear],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

const PROPOSED_COPY = `account_description, name, account_line, dese_categories, dese_code, category_id,
  building_id, notes`;

/**
 * Copies the base year's proposed lines into baseYear+1 .. baseYear+years, each grown by its
 * category's default year-over-year increase compounded per year (no default: unchanged).
 */
export async function projectProposed(
  db: Db,
  scope: KindScope,
  baseYear: number,
  years: number,
): Promise<number> {
  const w = scopeWhere(scope);
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            amount, current_fte, employee_status, metadata, ${PROPOSED_COPY})
     SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + k, false, true,
            round(li.amount * power(1 + coalesce(c.default_yoy_increase, 0) / 100, k), 2), NULL, NULL,
            jsonb_build_object('projectedFrom', li.fiscal_year, 'sourceLineId', li.id),
            ${PROPOSED_COPY.replace(/(\w+)/g, 'li.$1')}
       FROM line_items li
       LEFT JOIN budget_categories c ON c.id = li.category_id
      CROSS JOIN generate_series(1, ?::int) AS k
      WHERE ${w.sql} AND li.fiscal_year = ? AND NOT li.is_projected`,
    [years, ...w.bindings, baseYear],
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
