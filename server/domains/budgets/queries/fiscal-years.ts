import type { Db } from '@server/db/index';
import type { FiscalYearListItem } from '@shared/schemas/fiscal-years';
import { activeScope } from '@server/sql/line-items-scope';

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

/** The fiscal years a budget year holds lines for (lines that count: activeScope), ascending. */
export async function fiscalYearsWithLines(db: Db, budgetYearId: number): Promise<number[]> {
  const rows = await db('line_items_all as li')
    .where({ 'li.budget_year_id': budgetYearId })
    .whereRaw(activeScope())
    .distinct('li.fiscal_year')
    .orderBy('li.fiscal_year');
  return rows.map((r: { fiscal_year: number }) => r.fiscal_year);
}

/**
 * Every fiscal year with lines that count (activeScope) across all budget years: how many, and
 * whether every one of them was projected (a year with any imported line is not a projected year).
 */
export async function allFiscalYears(db: Db, isOperating?: boolean): Promise<FiscalYearListItem[]> {
  const query = db('line_items_all as li')
    .select('li.fiscal_year')
    .count<{ fiscal_year: number; count: number; projected: boolean }[]>('* as count')
    .select(db.raw('bool_and(li.is_projected) AS projected'))
    .whereRaw(activeScope())
    .groupBy('li.fiscal_year')
    .orderBy('li.fiscal_year');
  if (isOperating !== undefined) {
    query.where({ 'li.is_operating': isOperating });
  }
  const rows = await query;
  return rows.map((r) => ({
    fiscalYear: r.fiscal_year,
    itemCount: Number(r.count),
    isProjected: Boolean(r.projected),
  }));
}
