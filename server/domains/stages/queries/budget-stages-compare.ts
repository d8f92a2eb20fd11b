import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { CompareSide } from '@shared/schemas/budget-stages-compare';
import type { FundChoice } from '@shared/schemas/fund-choice';
import { OF_FUNDS } from '@server/domains/funds';
import { STAGE_LINE_COLUMNS, WORKING_LINES_SQL } from './budget-stages';

/**
 * The stage comparison's SQL: two sides, each a stage's frozen lines
 * (budget_stage_lines) or today's working figures (WORKING_LINES_SQL, the selection a stage
 * freezes), compared in PostgreSQL: every sum and difference is numeric, exact to the cent. The
 * line-by-line comparison and the reasons are in ./budget-stages-compare-lines.ts.
 */

interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}

/**
 * One side's lines, of the funds chosen: a stage's by the fund each line had when it was frozen,
 * today's by the fund each has now, so a line moved between funds leaves or joins the general fund.
 */
function sideSql(side: CompareSide, s: Sides): Sql {
  const lines: Sql =
    side === 'current'
      ? { sql: WORKING_LINES_SQL, bindings: [s.budgetYearId, s.fiscalYear] }
      : { sql: `SELECT ${STAGE_LINE_COLUMNS} FROM budget_stage_lines WHERE stage_id = ?`, bindings: [side] };
  return s.funds === 'general'
    ? { sql: `SELECT sl.* FROM (${lines.sql}) sl WHERE ${OF_FUNDS(s.funds, 'sl')}`, bindings: lines.bindings }
    : lines;
}

export interface Sides {
  from: CompareSide;
  to: CompareSide;
  budgetYearId: number;
  fiscalYear: number;
  /** Every fund's lines (the default) or the general fund's alone. */
  funds?: FundChoice;
}

/** `WITH f AS (the from side), t AS (the to side)`, then `body`. */
export function withSides(s: Sides, body: string, bindings: Knex.RawBinding[] = []): Sql {
  const f = sideSql(s.from, s);
  const t = sideSql(s.to, s);
  return {
    sql: `WITH f AS MATERIALIZED (${f.sql}), t AS MATERIALIZED (${t.sql}) ${body}`,
    bindings: [...f.bindings, ...t.bindings, ...bindings],
  };
}

/* ---------- Totals and breakdowns ---------- */

/** The money measures: what is summed, over which lines. */
const MEASURES = [
  ['proposed', 'amount', 'NOT is_operating'],
  ['salaries', 'current_salary', 'is_operating'],
  ['next_year_salaries', 'next_year_salary', 'is_operating'],
] as const;
export type Measure = (typeof MEASURES)[number][0];

export interface MoneyFigures {
  from: number;
  to: number;
  difference: number;
  percent: number | null;
}

export interface AggregateRow {
  /** total, category, building or function. */
  level: 'total' | 'category' | 'building' | 'function';
  key: number | string | null;
  /** The category's or building's name on the later side it appears on (null: none, or a DESE code). */
  name: string | null;
  proposedCount: { from: number; to: number };
  employeeCount: { from: number; to: number };
  /** Proposed lines of a personnel category (salary lines): their amounts are people's pay. */
  salaryLineCount: { from: number; to: number };
  money: Record<Measure, MoneyFigures>;
}

const sums = MEASURES.map(
  ([name, column, where]) =>
    `coalesce(sum(${column}) FILTER (WHERE side = 'f' AND ${where}), 0) AS ${name}_from,
     coalesce(sum(${column}) FILTER (WHERE side = 't' AND ${where}), 0) AS ${name}_to`,
).join(',\n');
const differences = MEASURES.map(
  ([name]) => `${name}_to - ${name}_from AS ${name}_difference,
     round((${name}_to - ${name}_from) * 100 / nullif(${name}_from, 0), 2) AS ${name}_percent`,
).join(',\n');
// GROUPING(category_id, building_id, dese_code): 7 for the total, 3 by category, 5 by building, 6 by code.
const LEVELS: Record<number, AggregateRow['level']> = {
  7: 'total',
  3: 'category',
  5: 'building',
  6: 'function',
};

/**
 * The totals and the three breakdowns in one statement (GROUPING SETS over both sides): per group,
 * the proposed amounts, current and next-year salaries on each side, their difference and percent,
 * and the line counts. A renamed category or building shows its later name.
 */
export async function aggregates(db: Db, sides: Sides): Promise<AggregateRow[]> {
  const q = withSides(
    sides,
    `, u AS (SELECT 'f'::text AS side, * FROM f UNION ALL SELECT 't'::text, * FROM t),
       -- Whether each category is a personnel one (its proposed lines are salary lines).
       pc AS (SELECT id AS personnel_category FROM budget_categories WHERE is_personnel),
       g AS (
         SELECT GROUPING(category_id, building_id, dese_code) AS grp, category_id, building_id, dese_code,
                -- The later side's name, else the earlier's: max() keeps one hash aggregate, where
                -- array_agg(... ORDER BY side) sorted 140,000 rows four times.
                coalesce(max(category_name) FILTER (WHERE side = 't'), max(category_name) FILTER (WHERE side = 'f')) AS category_name,
                coalesce(max(building_name) FILTER (WHERE side = 't'), max(building_name) FILTER (WHERE side = 'f')) AS building_name,
                (count(*) FILTER (WHERE side = 'f' AND NOT is_operating))::int AS proposed_count_from,
                (count(*) FILTER (WHERE side = 't' AND NOT is_operating))::int AS proposed_count_to,
                (count(*) FILTER (WHERE side = 'f' AND is_operating))::int AS employee_count_from,
                (count(*) FILTER (WHERE side = 't' AND is_operating))::int AS employee_count_to,
                (count(*) FILTER (WHERE side = 'f' AND NOT is_operating AND personnel_category IS NOT NULL))::int AS salary_line_count_from,
                (count(*) FILTER (WHERE side = 't' AND NOT is_operating AND personnel_category IS NOT NULL))::int AS salary_line_count_to,
                ${sums}
           FROM u LEFT JOIN pc ON pc.personnel_category = u.category_id
          GROUP BY GROUPING SETS ((), (category_id), (building_id), (dese_code)))
     SELECT g.*, ${differences} FROM g`,
  );
  const { rows } = await db.raw(q.sql, q.bindings);
  return (rows as Record<string, unknown>[]).map((r) => {
    const level = LEVELS[Number(r.grp)];
    const money = {} as Record<Measure, MoneyFigures>;
    for (const [name] of MEASURES) {
      const pct = r[`${name}_percent`];
      money[name] = {
        from: Number(r[`${name}_from`]),
        to: Number(r[`${name}_to`]),
        difference: Number(r[`${name}_difference`]),
        percent: pct === null ? null : Number(pct),
      };
    }
    return {
      level,
      key:
        level === 'category'
          ? (r.category_id as number | null)
          : level === 'building'
            ? (r.building_id as number | null)
            : level === 'function'
              ? (r.dese_code as string | null)
              : null,
      name:
        level === 'category'
          ? (r.category_name as string | null)
          : level === 'building'
            ? (r.building_name as string | null)
            : null,
      proposedCount: { from: Number(r.proposed_count_from), to: Number(r.proposed_count_to) },
      employeeCount: { from: Number(r.employee_count_from), to: Number(r.employee_count_to) },
      salaryLineCount: { from: Number(r.salary_line_count_from), to: Number(r.salary_line_count_to) },
      money,
    };
  });
}
