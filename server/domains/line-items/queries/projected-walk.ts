import type { Db } from '@server/db/index';
import {
  countedEmployeeLine,
  enteredNextYearSalary,
  stillEmployed,
  firstYearSalary,
  firstYearStep,
  newHire,
} from '@server/sql/counted-lines';
import { scopeWhere, type KindScope } from '@server/domains/planning';
import { inOpenYear } from '@server/domains/stages';
import {
  AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS,
  NEXT_STEP,
  RULE_JOINS_ON_INPUTS,
  ruleInputCtes,
} from '@server/sql/salary-rule';

/**
 * The salary walk of projected employees: the Active imported lines of a base year moved year by
 * year (a recursive CTE). Generate Projections inserts its rows (./line-items-writes-projected.ts);
 * a change of what the rule reads re-walks the projected lines already written (refollowProjected),
 * so a projected year's current salary stays its year before's next-year salary. One walk, so
 * both write the same figures.
 */

/**
 * Which base lines to walk: every counted line, or those of some work groups, or some lines, or
 * the lines an import run wrote (named by the run: a list of every imported id is tested against
 * each line when the planner knows it, 36 s for 7,000 imported people).
 */
export type WalkSources =
  { workGroupIds: readonly number[] | 'all' } | { lineIds: readonly number[] } | { importRunId: number };

// The smallest value a money column (numeric(14,2)) cannot hold: the cast rounds to the cent first.
const TOO_BIG = '999999999999.995';

/** The columns the salary rule reads (see salary-rule.ts), as `src` for `row` moved by `years`. */
const ruleSource = (row: string, salary: string, step: string, years: number) =>
  `CROSS JOIN LATERAL (SELECT ${row}.budget_year_id, ${row}.fiscal_year + ${years} AS fiscal_year,
     ${row}.work_group_id, ${row}.work_group, (${salary})::numeric AS current_salary, ${step} AS salary_step,
     ${row}.salary_lane, ${row}.current_fte) src`;

/** The walked sources as a condition on line_items `li` (the walk and followMembership read it). */
export function sourceFilter(sources: WalkSources): { sql: string; bindings: (number | number[])[] } {
  if ('lineIds' in sources) {
    return { sql: ' AND li.id = ANY(?::int[])', bindings: [[...sources.lineIds]] };
  }
  if ('importRunId' in sources) {
    return { sql: ' AND li.import_run_id = ?', bindings: [sources.importRunId] };
  }
  return sources.workGroupIds === 'all'
    ? { sql: '', bindings: [] }
    : { sql: ' AND li.work_group_id = ANY(?::int[])', bindings: [[...sources.workGroupIds]] };
}

/**
 * The base lines whose walk `ids` are part of: the lines themselves, and for a projected year
 * someone edited (stored in line_items) the line it was projected from, since the years after it
 * follow it.
 */
export async function walkedLinesOf(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `SELECT DISTINCT (e.metadata ->> 'sourceLineId')::int AS id FROM line_items e
      WHERE e.id = ANY(?::int[]) AND e.is_projected AND e.metadata ->> 'sourceLineId' IS NOT NULL`,
    [[...ids]],
  );
  return rows.length ? [...new Set([...ids, ...rows.map((r) => r.id)])] : [...ids];
}

/**
 * The walk's CTEs (`edits`, `walk` and `overflow`, after the rule's inputs) for baseYear .. toYear.
 * In the first year a line is paid what every planning calculation pays it (counted-lines.ts: a new
 * hire's or a manual next-year salary, else the rule); later a projected line's salary is its line
 * of the year before's next-year salary, its step the rule's next step, and its own next-year salary
 * the automatic rule for the year after; a manual value is therefore its year's only. A projected
 * year someone edited (stored in line_items, `edits`) is the walk's row for that year, paid as a
 * first year is, so the years after it start from what was typed; when it no longer counts (set
 * Retiring or Inactive) the walk stops there. `overflow` holds the first fiscal year whose salary
 * would not fit the money columns. Each row carries what a projected line needs of its source (its
 * budget, `scenario_id`), so no statement joins the walk back to line_items: after an import,
 * before statistics catch up, the planner took the year's lines for one and scanned the whole walk
 * once per line (9,137 employees projected in 19 s).
 */
export function employeeWalk(scope: KindScope, baseYear: number, toYear: number, sources: WalkSources) {
  const w = scopeWhere(scope);
  const filter = sourceFilter(sources);
  const baseLines = `${w.sql} AND li.fiscal_year = ? AND ${countedEmployeeLine('li')}${filter.sql}`;
  const baseBindings = [...w.bindings, baseYear, ...filter.bindings];
  const first = { newHire: newHire('li.current_salary'), entered: enteredNextYearSalary('li') };
  const edited = { newHire: newHire('src.current_salary'), entered: enteredNextYearSalary('ed') };
  // In a year someone edited, the person's columns are the edited line's, else the year before's.
  const pick = (column: string, walked: string) =>
    `CASE WHEN ed.source_line_id IS NULL THEN ${walked} ELSE ed.${column} END`;
  const inputs = ruleInputCtes('default', { budgetYearId: scope.budgetYearId, from: baseYear, to: toYear });
  const stored = storedYears(sources);
  const ctes = `${inputs},
     edits AS MATERIALIZED (
       SELECT (e.metadata ->> 'sourceLineId')::int AS source_line_id, e.scenario_id, e.fiscal_year, e.work_group_id,
              e.work_group, e.current_salary, e.next_year_salary, e.next_year_salary_manual, e.salary_step,
              e.salary_lane, e.current_fte, ${stillEmployed('e')} AS counted
         FROM line_items e
        WHERE e.budget_year_id = ? AND e.is_projected AND e.is_operating AND e.metadata ->> 'projectedFrom' = ?
          ${stored.sql}
     ),
     walk AS (
       SELECT li.id AS source_line_id, li.scenario_id, src.budget_year_id, src.fiscal_year, src.work_group_id, src.work_group,
              src.current_salary, src.salary_step, src.salary_lane, src.current_fte,
              (${firstYearSalary(first)})::numeric AS next_year_salary, (${firstYearStep(first)})::int AS next_step,
              false AS edited, false AS after_edit, false AS stops
         FROM line_items li ${ruleSource('li', 'li.current_salary', 'li.salary_step', 0)}
         ${RULE_JOINS_ON_INPUTS}
        WHERE ${baseLines}
       UNION ALL
       SELECT prev.source_line_id, prev.scenario_id, src.budget_year_id, src.fiscal_year, src.work_group_id, src.work_group,
              src.current_salary, src.salary_step, src.salary_lane, src.current_fte,
              (CASE WHEN ed.source_line_id IS NOT NULL THEN ${firstYearSalary(edited)}
                    WHEN src.current_salary > 0 THEN ${AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS} END)::numeric,
              (CASE WHEN ed.source_line_id IS NOT NULL THEN ${firstYearStep(edited)} ELSE ${NEXT_STEP} END)::int,
              ed.source_line_id IS NOT NULL, prev.edited OR prev.after_edit, coalesce(NOT ed.counted, false)
         FROM walk prev
         LEFT JOIN edits ed ON ed.source_line_id = prev.source_line_id AND ed.fiscal_year = prev.fiscal_year + 1
               AND ed.scenario_id IS NOT DISTINCT FROM prev.scenario_id
         CROSS JOIN LATERAL (SELECT prev.budget_year_id, prev.fiscal_year + 1 AS fiscal_year,
              ${pick('work_group_id', 'prev.work_group_id')} AS work_group_id, ${pick('work_group', 'prev.work_group')} AS work_group,
              (${pick('current_salary', 'coalesce(prev.next_year_salary, prev.current_salary)')})::numeric AS current_salary,
              ${pick('salary_step', 'prev.next_step')} AS salary_step, ${pick('salary_lane', 'prev.salary_lane')} AS salary_lane,
              ${pick('current_fte', 'prev.current_fte')} AS current_fte) src
         ${RULE_JOINS_ON_INPUTS}
        WHERE prev.fiscal_year < ? AND NOT prev.stops
     ),
     overflow AS (
       SELECT min(fiscal_year) AS fiscal_year FROM walk
        WHERE fiscal_year > ? AND (current_salary >= ${TOO_BIG} OR next_year_salary >= ${TOO_BIG})
     )`;
  return {
    ctes,
    bindings: [scope.budgetYearId, String(baseYear), ...stored.bindings, ...baseBindings, toYear, baseYear],
  };
}

/**
 * Which stored projected years the walk reads (as a condition on line_items `e`): those of the
 * edited lines' own people (through line_items_projected_source_idx), none for an import's lines
 * (new people have none), else the run's.
 */
function storedYears(sources: WalkSources): { sql: string; bindings: string[][] } {
  if ('importRunId' in sources) {
    return { sql: 'AND false', bindings: [] };
  }
  if ('lineIds' in sources) {
    return {
      sql: "AND e.metadata ->> 'sourceLineId' = ANY(?::text[])",
      bindings: [sources.lineIds.map(String)],
    };
  }
  return { sql: '', bindings: [] };
}

/**
 * Whether a walk of `sources` covers many people: its statements are then planned with nested
 * loops off. The planner takes a payroll just imported (no statistics yet), the walk's own rows
 * and the stored projected years for a handful, and a nested loop over them read every stored year
 * for each person walked: 60 s for a contract of 16,667 teachers beside a year whose 49,000
 * projected lines were stored when it was adopted; the walk's first year was joined to the rule's
 * inputs row by row (2.2 million rows compared for 100,000 people imported). A few edited lines
 * keep the nested loops that probe projected_lines' index for them.
 */
export const walksMany = (sources: WalkSources): boolean =>
  !('lineIds' in sources) || sources.lineIds.length > 1000;

/**
 * The INSERT of the walk's years after `baseYear` into projected_lines, as a CTE body (bindings:
 * baseYear twice), with `extra` conditions on the walk's rows `w`: Generate Projections writes every
 * row, followMembership only the lines that join. Nothing is written when a salary would not fit.
 */
export const INSERT_WALK = (
  extra = '',
) => `INSERT INTO projected_lines (budget_year_id, scenario_id, fiscal_year,
         projected_from, source_line_id, current_salary, next_year_salary, salary_step)
       SELECT w.budget_year_id, w.scenario_id, w.fiscal_year, ?::int, w.source_line_id,
              w.current_salary, w.next_year_salary, w.salary_step
         FROM walk w
        WHERE w.fiscal_year > ? AND NOT w.edited AND (SELECT fiscal_year FROM overflow) IS NULL ${extra}`;

/**
 * Runs `statement` with room to hold the walk (about 300,000 rows for 50,000 employees over five
 * years) in memory rather than in temporary files, and no JIT, as its estimated cost passes
 * jit_above_cost and compiling its expressions costs more than it saves. Restored after it (the
 * caller's transaction keeps its own).
 */
export async function withWalkSettings<T>(
  db: Db,
  statement: () => Promise<T>,
  sources: WalkSources = { workGroupIds: 'all' },
): Promise<T> {
  const nestloop = walksMany(sources) ? 'off' : 'on';
  const { rows: before } = await db.raw(
    `SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem,
            current_setting('enable_nestloop') AS nestloop,
            set_config('jit', 'off', true), set_config('work_mem', '64MB', true), set_config('enable_nestloop', ?, true)`,
    [nestloop],
  );
  const result = await statement();
  await db.raw(
    `SELECT set_config('jit', ?, true), set_config('work_mem', ?, true), set_config('enable_nestloop', ?, true)`,
    [before[0].jit, before[0].work_mem, before[0].nestloop],
  );
  return result;
}

/**
 * Re-walks the projected employees still stored in projected_lines (in open years) of the walked
 * `sources`, of one budget year or every one, and rewrites the salaries and steps that changed:
 * after a contract's COLA, a schedule or the settings moved a base line's next-year salary, the
 * years after it follow. Lines someone edited (moved into line_items) keep what they were given.
 * Returns the ids rewritten; when a salary would not fit, nothing is written and the first such
 * fiscal year is returned.
 */
export async function refollowProjected(
  db: Db,
  sources: WalkSources,
  budgetYearId?: number,
): Promise<{ changed: number[]; overflowYear: number | null }> {
  // The projection runs holding lines of these sources (none: nothing to walk).
  const lineIds = 'lineIds' in sources ? [...sources.lineIds] : null;
  if (lineIds && !lineIds.length) {
    return { changed: [], overflowYear: null };
  }
  const { rows: runs } = await db.raw<{ rows: { budget_year_id: number; base: number; last: number }[] }>(
    `SELECT budget_year_id, projected_from AS base, max(fiscal_year) AS last FROM projected_lines
      WHERE (?::int IS NULL OR budget_year_id = ?::int) AND (?::int[] IS NULL OR source_line_id = ANY(?::int[]))
      GROUP BY budget_year_id, projected_from ORDER BY budget_year_id, projected_from`,
    [budgetYearId ?? null, budgetYearId ?? null, lineIds, lineIds],
  );
  const changed: number[] = [];
  for (const run of runs) {
    const walk = employeeWalk(
      { budgetYearId: run.budget_year_id, isOperating: true },
      run.base,
      run.last,
      sources,
    );
    const { rows } = await withWalkSettings(
      db,
      () =>
        db.raw<{ rows: { overflow_year: number | null; changed: number[] }[] }>(
          `WITH RECURSIVE ${walk.ctes},
         upd AS (
           UPDATE projected_lines p SET current_salary = w.current_salary, next_year_salary = w.next_year_salary,
                  salary_step = w.salary_step, updated_at = now()
             FROM walk w
            WHERE p.source_line_id = w.source_line_id AND p.fiscal_year = w.fiscal_year
              AND p.budget_year_id = ? AND p.projected_from = ? AND w.fiscal_year > ?
              AND (SELECT fiscal_year FROM overflow) IS NULL AND ${inOpenYear('p')}
              AND (p.current_salary, p.next_year_salary, p.salary_step)
                  IS DISTINCT FROM (w.current_salary::numeric(14,2), w.next_year_salary::numeric(14,2), w.salary_step)
           RETURNING p.id
         )
         SELECT (SELECT fiscal_year FROM overflow) AS overflow_year,
                (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd) AS changed`,
          [...walk.bindings, run.budget_year_id, run.base, run.base],
        ),
      sources,
    );
    if (rows[0].overflow_year !== null) {
      return { changed: [], overflowYear: rows[0].overflow_year };
    }
    changed.push(...rows[0].changed);
  }
  return { changed, overflowYear: null };
}
