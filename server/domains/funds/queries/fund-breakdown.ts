import type { Db } from '@server/db/index';
import { inScope, type LineScope } from '@server/domains/planning';
import { LINE_CODE } from '@server/domains/massachusetts';
import { LINE_FUND } from './line-fund';
import { POSITION_FUND_PARTS, positionCosts } from '@server/sql/position-cost';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * Each fund's budget broken down, for the funds report: the lines of the dashboard's scope (those
 * sumsByFund sums) by the fund that pays them and by their DESE function (LINE_CODE: the line's
 * own code, else its category's) or their budget category. Sums are exact decimal text.
 */

export interface FundFunctionRow {
  fund_id: number;
  /** Null: the line has no function code, neither its own nor its category's. */
  code: string | null;
  line_count: number;
  amount: string;
}

/** Each fund's lines by DESE function, codes in order, lines without one last. */
export async function sumsByFundAndFunction(db: Db, scope: LineScope): Promise<FundFunctionRow[]> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('li.fund_id')} AS fund_id, ${LINE_CODE} AS code, count(*)::int AS line_count,
            sum(li.amount)::text AS amount
       FROM line_items li LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE ${where.sql}
      GROUP BY 1, 2
      ORDER BY 1, ${LINE_CODE} IS NULL, ${LINE_CODE} COLLATE "C"`,
    where.bindings,
  );
  return rows;
}

export interface FundCategoryRow {
  fund_id: number;
  category_id: number | null;
  name: string | null;
  line_count: number;
  amount: string;
}

/** Each fund's lines by budget category, in the categories' display order, lines without one last. */
export async function sumsByFundAndCategory(db: Db, scope: LineScope): Promise<FundCategoryRow[]> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('li.fund_id')} AS fund_id, li.category_id, c.name, count(*)::int AS line_count,
            sum(li.amount)::text AS amount
       FROM line_items li LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE ${where.sql}
      GROUP BY 1, li.category_id, c.name, c.display_order
      ORDER BY 1, li.category_id IS NULL, c.display_order, c.name, li.category_id`,
    where.bindings,
  );
  return rows;
}

export interface FundPositionsRow {
  fund_id: number;
  /** FTE the fund pays, as exact decimal text. */
  fte: string;
  positions: number;
}

/**
 * The FTE each fund pays of a roster's funded positions (filled, vacant, posted; frozen and closed
 * ones are not paid), by the positions' fund shares (POSITION_FUND_PARTS: none is the general
 * fund's whole), and how many positions it pays a share of.
 */
export async function positionsByFund(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<FundPositionsRow[]> {
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('fp.fund_id')} AS fund_id, sum(fp.share)::text AS fte, count(*)::int AS positions
       FROM (${positionCosts(roster)}) pc
       CROSS JOIN LATERAL (${POSITION_FUND_PARTS}) fp
      WHERE pc.status NOT IN ('closed', 'frozen')
      GROUP BY 1`,
  );
  return rows;
}

/** A year's employee lines (li, its category c), as peopleByFund and payrollByFund read them; binds the year. */
const EMPLOYEE_LINES = `line_items_all li LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND ${activeScope('li')}`;

export interface FundPeopleRow {
  fund_id: number;
  code: string | null;
  category_id: number | null;
  people: number;
}

/**
 * The people behind each fund's breakdown rows: the year's employee lines (those the DESE report
 * counts beside its salaries: line_items_all in the active budgets, activeScope) by the fund that
 * pays them (LINE_FUND), their function code (LINE_CODE, as the lines' sums by function read it)
 * and their category. The proposed salary lines follow them, so a row's salaries are their pay.
 */
export async function peopleByFund(
  db: Db,
  year: { budgetYearId: number; fiscalYear: number },
): Promise<FundPeopleRow[]> {
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('li.fund_id')} AS fund_id, ${LINE_CODE} AS code, li.category_id, count(*)::int AS people
       FROM ${EMPLOYEE_LINES}
      GROUP BY 1, 2, 3`,
    [year.budgetYearId, year.fiscalYear],
  );
  return rows;
}

export interface FundPayrollRow {
  fund_id: number;
  /** The FTE of the fund's employee lines, as exact decimal text (a line without one counts 0, as on the dashboard). */
  fte: string;
  people: number;
  /** Of them, the lines of the payroll itself (not projected employees). */
  own: number;
}

/**
 * The staffing each fund pays of a year's own payroll: the year's employee lines (peopleByFund's)
 * by the fund that pays them (LINE_FUND), their FTE and how many people; the salary lines of a
 * year with a payroll follow these lines (server/domains/line-items/reconciliation.ts).
 */
export async function payrollByFund(
  db: Db,
  year: { budgetYearId: number; fiscalYear: number },
): Promise<FundPayrollRow[]> {
  const { rows } = await db.raw(
    `SELECT ${LINE_FUND('li.fund_id')} AS fund_id, coalesce(sum(li.current_fte), 0)::text AS fte,
            count(*)::int AS people, (count(*) FILTER (WHERE NOT li.is_projected))::int AS own
       FROM ${EMPLOYEE_LINES}
      GROUP BY 1`,
    [year.budgetYearId, year.fiscalYear],
  );
  return rows;
}
