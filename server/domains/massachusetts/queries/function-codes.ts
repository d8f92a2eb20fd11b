import type { Db } from '@server/db/index';
import { chartCodes } from '@shared/function-code';
import { activeScope } from '@server/sql/line-items-scope';
import { lineCode, lineCodeByCategoryId } from '@server/sql/line-code';

/**
 * Lines by DESE function code: which of a year's lines have no code, and
 * the year's lines summed by code for the DESE report. Both read the lines the dashboard counts
 * (line_items_all, activeScope) and a line's code the way the NSS meter and the public figures do:
 * its own, else its budget category's, counted only when it is in DESE's chart (the rule of
 * shared/function-code.ts, lineFunctionCode, written here in SQL).
 */

export { chartCodes };
// Four digits each (checked): safe to write into a statement as literals.
const CHART_SQL = chartCodes()
  .filter((c) => /^\d{4}$/.test(c))
  .map((c) => `'${c}'`)
  .join(', ');

/** Whether `code` (SQL text, or NULL) is a code of DESE's chart. */
const inChart = (code: string): string => `${code} IN (${CHART_SQL})`;

/**
 * THE rule for which lines are unmapped, as SQL: `code` (a line's code, server/sql/line-code.ts) when
 * it is in DESE's chart, else NULL. A line whose code is NULL here has no function code: the DESE
 * report lists it apart, the NSS meter does not count it, the dashboard and the adoption check count
 * it (through hasFunctionCodeSql, the same test). A code not in the chart ('9999') is none.
 */
export const chartCodeOrNull = (code: string): string => `CASE WHEN ${inChart(code)} THEN ${code} END`;

/** A line's function code in the chart (li, with its category joined as c), or NULL: unmapped. */
export const LINE_FUNCTION_CODE = chartCodeOrNull(lineCode());

/** Whether line `li` has a function code in the chart (its own, else its category's); no join needed. */
export function hasFunctionCodeSql(li = 'li'): string {
  return `coalesce(${inChart(lineCodeByCategoryId(`${li}.dese_code`, `${li}.category_id`))}, false)`;
}

const yearLines = `FROM line_items_all li
  LEFT JOIN budget_categories c ON c.id = li.category_id
 WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${activeScope('li')}`;

/** A line's dollars: an employee's current salary, a proposed line's amount. */
const DOLLARS = 'CASE WHEN li.is_operating THEN li.current_salary ELSE li.amount END';

export interface UnmappedRow {
  is_operating: boolean;
  line_count: number;
  amount: string;
  /** Of them, the lines carrying dollars (not 0), and their sum. */
  dollar_lines: number;
  dollar_amount: string;
}

/** The year's lines without a function code in the chart, employee and proposed apart. */
export async function unmappedTotals(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<UnmappedRow[]> {
  const { rows } = await db.raw(
    `SELECT li.is_operating, count(*)::int AS line_count, coalesce(sum(${DOLLARS}), 0)::text AS amount,
            (count(*) FILTER (WHERE coalesce(${DOLLARS}, 0) <> 0))::int AS dollar_lines,
            coalesce(sum(${DOLLARS}) FILTER (WHERE coalesce(${DOLLARS}, 0) <> 0), 0)::text AS dollar_amount
       ${yearLines}
        AND NOT ${hasFunctionCodeSql('li')}
      GROUP BY li.is_operating`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}

export interface CodeSumRow {
  /** A code of the chart, or null: no function code (none, or one not in the chart). */
  code: string | null;
  is_operating: boolean;
  personnel: boolean;
  line_count: number;
  amount: string;
  salary: string;
}

/** The year's lines summed by function code, kind and whether the category is a personnel one. */
export async function sumsByFunctionCode(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<CodeSumRow[]> {
  const { rows } = await db.raw(
    `SELECT ${LINE_FUNCTION_CODE} AS code, li.is_operating, coalesce(c.is_personnel, false) AS personnel,
            count(*)::int AS line_count, coalesce(sum(li.amount), 0)::text AS amount,
            coalesce(sum(li.current_salary), 0)::text AS salary
       ${yearLines}
      GROUP BY 1, 2, 3
      ORDER BY 1 NULLS LAST, 2, 3`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}

/** The fiscal years of a budget year the committee voted and nobody reopened (their lines are locked). */
export async function lockedYears(db: Db, budgetYearId: number): Promise<number[]> {
  const { rows } = await db.raw(
    `SELECT DISTINCT fiscal_year FROM budget_stages
      WHERE budget_year_id = ? AND budget_year_locked(budget_year_id, fiscal_year)
      ORDER BY fiscal_year`,
    [budgetYearId],
  );
  return rows.map((r: { fiscal_year: number }) => Number(r.fiscal_year));
}
