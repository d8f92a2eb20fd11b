import type { Db } from '@server/db/index';
import type { FiscalYearListItem } from '@server/schemas/fiscal-years';

export interface BudgetYearRow {
  id: number;
  fiscal_year: string;
  name: string;
  notes: string | null;
  current_fiscal_year: number;
  base_year: number | null;
}

/** One budget year with the base year the projections start from. */
export function findBudgetYearRow(db: Db, id: number): Promise<BudgetYearRow | undefined> {
  return db<BudgetYearRow>('budget_years')
    .where({ id })
    .first('id', 'fiscal_year', 'name', 'notes', 'current_fiscal_year', 'base_year');
}

/** Every budget year, newest current fiscal year last. */
export function listBudgetYearRows(db: Db): Promise<BudgetYearRow[]> {
  return db<BudgetYearRow>('budget_years')
    .select('id', 'fiscal_year', 'name', 'notes', 'current_fiscal_year', 'base_year')
    .orderBy([{ column: 'current_fiscal_year' }, { column: 'id' }]);
}

/**
 * The lines that make up a budget year's budgets, as a WHERE fragment over `line_items <alias>`:
 * lines of the active budget (scenario) of their kind, and lines that belong to no budget. When a
 * budget year has no active budget of a kind, all of its lines of that kind count, so data imported
 * before anyone set up budgets still shows. An inactive alternative budget never double-counts.
 * The subqueries do not depend on the row, so PostgreSQL evaluates each once per statement.
 */
export function activeBudgetScope(budgetYearId: number, alias = 'li'): { sql: string; bindings: number[] } {
  const active = (type: string) =>
    `SELECT 1 FROM scenarios WHERE budget_year_id = ? AND is_active AND scenario_type = '${type}'`;
  return {
    sql: `(${alias}.scenario_id IS NULL
      OR ${alias}.scenario_id IN (SELECT id FROM scenarios WHERE budget_year_id = ? AND is_active)
      OR (${alias}.is_operating AND NOT EXISTS (${active('operating')}))
      OR (NOT ${alias}.is_operating AND NOT EXISTS (${active('proposed')})))`,
    bindings: [budgetYearId, budgetYearId, budgetYearId],
  };
}

/** The fiscal years a budget year holds lines for, ascending. */
export async function fiscalYearsWithLines(db: Db, budgetYearId: number): Promise<number[]> {
  const rows = await db('line_items')
    .where({ budget_year_id: budgetYearId })
    .distinct('fiscal_year')
    .orderBy('fiscal_year');
  return rows.map((r: { fiscal_year: number }) => r.fiscal_year);
}

/**
 * Every fiscal year with lines across all budget years: how many, and whether every one of them was
 * projected (a year with any imported line is not a projected year).
 */
export async function allFiscalYears(db: Db, isOperating?: boolean): Promise<FiscalYearListItem[]> {
  const query = db('line_items')
    .select('fiscal_year')
    .count<{ fiscal_year: number; count: number; projected: boolean }[]>('* as count')
    .select(db.raw('bool_and(is_projected) AS projected'))
    .groupBy('fiscal_year')
    .orderBy('fiscal_year');
  if (isOperating !== undefined) {
    query.where({ is_operating: isOperating });
  }
  const rows = await query;
  return rows.map((r) => ({
    fiscalYear: r.fiscal_year,
    itemCount: Number(r.count),
    isProjected: Boolean(r.projected),
  }));
}
