import type { Db } from '@server/db/index';
import {
  countedEmployeeLine,
  enteredNextYearSalary,
  firstYearSalary,
  firstYearStep,
  newHire,
} from '@server/sql/counted-lines';
import { scopeWhere, type KindScope } from '@server/domains/planning';
import {
  AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS,
  NEXT_STEP,
  RULE_JOINS_ON_INPUTS,
  ruleInputCtes,
} from '@server/sql/salary-rule';

/**
 * Writing projected lines: a base year's lines copied forward into later fiscal years, marked
 * is_projected, and their removal and shift. Private to the line writer
 * (server/domains/line-items/projected.ts); how projected lines are stored is decided here.
 */

/** Deletes projected lines of a kind in the fiscal years from..to (imported lines are never touched). */
export async function deleteProjected(db: Db, scope: KindScope, from: number, to: number): Promise<number> {
  return deleteProjectedWhere(db, scope, 'li.fiscal_year BETWEEN ? AND ?', [from, to]);
}

/**
 * Deletes the projected lines of a kind matching `where` (over `li`), wherever they are stored: the
 * lean projected_lines, and line_items (projected proposed lines, and projected employee lines
 * someone has edited).
 */
async function deleteProjectedWhere(
  db: Db,
  scope: KindScope,
  where: string,
  bindings: readonly (number | number[])[],
): Promise<number> {
  const w = scopeWhere(scope);
  // Over projected_lines' own columns (as `li`, every one an employee line): through the view, a
  // --force over 245,000 lines first joined each to its source line.
  const lean = await db.raw(
    `DELETE FROM projected_lines p WHERE p.id IN (
       SELECT li.id FROM (SELECT x.id, x.budget_year_id, x.scenario_id, x.fiscal_year, true AS is_operating,
                                 true AS is_projected FROM projected_lines x) li
        WHERE ${w.sql} AND ${where})`,
    [...w.bindings, ...bindings],
  );
  const stored = await db.raw(`DELETE FROM line_items li WHERE ${w.sql} AND li.is_projected AND ${where}`, [
    ...w.bindings,
    ...bindings,
  ]);
  return (lean.rowCount ?? 0) + (stored.rowCount ?? 0);
}

/**
 * Deletes projected lines of a kind in the listed fiscal years, which hold imported lines of that
 * kind: actuals supersede projections (left over from before the import, they counted everyone twice).
 */
export async function deleteSuperseded(db: Db, scope: KindScope, years: readonly number[]): Promise<number> {
  if (!years.length) {
    return 0;
  }
  return deleteProjectedWhere(db, scope, 'li.fiscal_year = ANY(?::int[])', [[...years]]);
}

// A projected proposed line keeps the fund that pays its source (a grant's period is checked when a line is edited).
const PROPOSED_COPY = `account_description, name, account_line, dese_categories, dese_code, category_id,
  building_id, notes, fund_id`;
const prefixed = (columns: string, alias: string) => columns.replace(/(\w+)/g, `${alias}.$1`);

/**
 * The proposed lines a projected year grows from: at the base year the imported lines, later the
 * projected lines of the year before, which this run has just written.
 */
function previousYear(scope: KindScope, baseYear: number, fromYear: number) {
  const w = scopeWhere(scope);
  return {
    sql: `${w.sql} AND li.fiscal_year = ? AND ${fromYear === baseYear ? 'NOT li.is_projected' : 'li.is_projected'}`,
    bindings: [...w.bindings, fromYear],
    // The base line a projected line descends from, carried through every year.
    source: `CASE WHEN li.is_projected THEN li.metadata -> 'sourceLineId' ELSE to_jsonb(li.id) END`,
  };
}

// The smallest value a money column (numeric(14,2)) cannot hold: the cast rounds to the cent first.
const TOO_BIG = '999999999999.995';

/** The columns the salary rule reads (see ./salary-rule.ts), as `src` for `row` moved by `years`. */
const ruleSource = (row: string, salary: string, step: string, years: number) =>
  `CROSS JOIN LATERAL (SELECT ${row}.budget_year_id, ${row}.fiscal_year + ${years} AS fiscal_year,
     ${row}.work_group_id, ${row}.work_group, (${salary})::numeric AS current_salary, ${step} AS salary_step,
     ${row}.salary_lane, ${row}.current_fte) src`;

/**
 * Writes the employees of baseYear + 1 .. toYear in one statement: the Active imported lines of
 * baseYear walked year by year (a recursive CTE), then one INSERT. In the first year a line is paid
 * what every planning calculation pays it (./counted-lines.ts: a new hire's or a manual next-year
 * salary, else the rule); later a projected line's salary is its line of the year before's
 * next-year salary, its step the rule's next step, and its own next-year salary the
 * automatic rule (AUTOMATIC_NEXT_YEAR_SALARY, the SQL an edit uses, here over the rule's inputs
 * worked out once for the statement) for the year after; a manual value is therefore its year's
 * only. Each line is moved by the rule once a year, and nothing is read back from what the
 * statement writes: the year-by-year statements this replaces read the lines just written, whose
 * statistics still said the year was empty, so the planner expected one line and rebuilt the
 * schedule rows for every line (nested loops; 96 s at 50,000 employees). When a salary would not fit the money columns nothing is written and the first such
 * fiscal year is returned (the year a year-by-year run would have failed on).
 */
export async function projectEmployees(
  db: Db,
  scope: KindScope,
  baseYear: number,
  toYear: number,
): Promise<{ count: number; overflowYear: number | null }> {
  const w = scopeWhere(scope);
  // The lines every planning calculation counts, paid the year after as they are (./counted-lines.ts).
  const baseLines = `${w.sql} AND li.fiscal_year = ? AND ${countedEmployeeLine('li')}`;
  const first = { newHire: newHire('li.current_salary'), entered: enteredNextYearSalary('li') };
  const inputs = ruleInputCtes('default', { budgetYearId: scope.budgetYearId, from: baseYear, to: toYear });
  // For this statement only (restored after it; the caller's transaction keeps its own): room to
  // hold the walk (about 300,000 rows for 50,000 employees over five years) in memory rather than in
  // temporary files, and no JIT, as its estimated cost passes jit_above_cost and compiling its
  // expressions costs more than it saves.
  const { rows: before } = await db.raw(
    `SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem,
            set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`,
  );
  const { rows } = await db.raw(
    `WITH RECURSIVE ${inputs},
     walk AS (
       SELECT li.id AS source_line_id, src.budget_year_id, src.fiscal_year, src.work_group_id, src.work_group,
              src.current_salary, src.salary_step, src.salary_lane, src.current_fte,
              (${firstYearSalary(first)})::numeric AS next_year_salary, (${firstYearStep(first)})::int AS next_step
         FROM line_items li ${ruleSource('li', 'li.current_salary', 'li.salary_step', 0)}
         ${RULE_JOINS_ON_INPUTS}
        WHERE ${baseLines}
       UNION ALL
       SELECT prev.source_line_id, src.budget_year_id, src.fiscal_year, src.work_group_id, src.work_group,
              src.current_salary, src.salary_step, src.salary_lane, src.current_fte,
              (CASE WHEN src.current_salary > 0 THEN ${AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS} END)::numeric, (${NEXT_STEP})::int
         FROM walk prev
         ${ruleSource('prev', 'coalesce(prev.next_year_salary, prev.current_salary)', 'prev.next_step', 1)}
         ${RULE_JOINS_ON_INPUTS}
        WHERE prev.fiscal_year < ?
     ),
     overflow AS (
       SELECT min(fiscal_year) AS fiscal_year FROM walk
        WHERE fiscal_year > ? AND (current_salary >= ${TOO_BIG} OR next_year_salary >= ${TOO_BIG})
     ),
     inserted AS (
       INSERT INTO projected_lines (budget_year_id, scenario_id, fiscal_year, projected_from, source_line_id,
              current_salary, next_year_salary, salary_step)
       SELECT li.budget_year_id, li.scenario_id, w.fiscal_year, ?::int, w.source_line_id,
              w.current_salary, w.next_year_salary, w.salary_step
         FROM walk w JOIN line_items li ON li.id = w.source_line_id
        WHERE w.fiscal_year > ? AND ${baseLines} AND (SELECT fiscal_year FROM overflow) IS NULL
       RETURNING 1
     )
     SELECT (SELECT fiscal_year FROM overflow) AS overflow_year, (SELECT count(*) FROM inserted)::int AS count`,
    [...w.bindings, baseYear, toYear, baseYear, baseYear, baseYear, ...w.bindings, baseYear],
  );
  await db.raw(`SELECT set_config('jit', ?, true), set_config('work_mem', ?, true)`, [
    before[0].jit,
    before[0].work_mem,
  ]);
  return { count: Number(rows[0].count), overflowYear: rows[0].overflow_year ?? null };
}

/**
 * Writes the proposed lines of fromYear + 1: each line of fromYear grown by its category's default
 * year-over-year increase (no default: unchanged), rounded to the cent every year. `factors` (decimal
 * text per category id, from actual spending: server/domains/ledger/ledger-base.ts) scale a category's
 * lines first; one rounding, after both, in SQL.
 */
export async function projectProposedYear(
  db: Db,
  scope: KindScope,
  baseYear: number,
  fromYear: number,
  factors: readonly { categoryId: number; factor: string }[] = [],
): Promise<number> {
  const prev = previousYear(scope, baseYear, fromYear);
  const result = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected,
            amount, current_fte, employee_status, metadata, ${PROPOSED_COPY})
     SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + 1, false, true,
            round(li.amount * coalesce(f.factor, 1) * (1 + coalesce(c.default_yoy_increase, 0) / 100), 2),
            NULL, NULL,
            jsonb_build_object('projectedFrom', ?::int, 'sourceLineId', ${prev.source}),
            ${prefixed(PROPOSED_COPY, 'li')}
       FROM line_items li
       LEFT JOIN budget_categories c ON c.id = li.category_id
       LEFT JOIN unnest(?::int[], ?::numeric[]) AS f(category_id, factor) ON f.category_id = li.category_id
      WHERE ${prev.sql}`,
    [baseYear, factors.map((f) => f.categoryId), factors.map((f) => f.factor), ...prev.bindings],
  );
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** Shifts the imported lines of importedYear, or the lines after it, by delta fiscal years; their ids. */
export async function shiftLines(
  db: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
  which: 'imported' | 'later',
): Promise<number[]> {
  const w = scopeWhere(scope);
  const condition =
    which === 'imported' ? 'li.fiscal_year = ? AND NOT li.is_projected' : 'li.fiscal_year > ?';
  const result = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE line_items li SET fiscal_year = li.fiscal_year + ?::int, updated_at = now()
      WHERE ${w.sql} AND ${condition} RETURNING li.id`,
    [delta, ...w.bindings, importedYear],
  );
  if (which === 'imported') {
    return result.rows.map((r) => r.id);
  }
  // Later years hold projected lines, most in projected_lines.
  const lean = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE projected_lines p SET fiscal_year = p.fiscal_year + ?::int, updated_at = now()
      WHERE p.id IN (SELECT li.id FROM line_items_all li WHERE ${w.sql} AND ${condition}) RETURNING p.id`,
    [delta, ...w.bindings, importedYear],
  );
  return [...result.rows, ...lean.rows].map((r) => r.id);
}

/** The ids of a fiscal year's projected lines still stored in projected_lines. */
export async function projectedIdsOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<number[]> {
  const rows: { id: number }[] = await db('projected_lines')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .select('id');
  return rows.map((r) => Number(r.id));
}
