import type { Db } from '@server/db/index';

export interface BudgetYearRow {
  id: number;
  fiscal_year: string;
  name: string | null;
  notes: string | null;
  current_fiscal_year: number | null;
}

export function presentBudgetYear(row: BudgetYearRow) {
  return {
    id: row.id,
    fiscalYear: row.fiscal_year,
    name: row.name,
    notes: row.notes,
    currentFiscalYear: row.current_fiscal_year,
  };
}

export function listBudgetYears(db: Db): Promise<BudgetYearRow[]> {
  return db<BudgetYearRow>('budget_years')
    .select('id', 'fiscal_year', 'name', 'notes', 'current_fiscal_year')
    .orderBy([{ column: 'current_fiscal_year' }, { column: 'id' }]);
}

/** Sets the fiscal year the dashboard centres on; returns the updated row. */
export async function updateCurrentFiscalYear(
  db: Db,
  id: number,
  currentFiscalYear: number,
): Promise<BudgetYearRow | undefined> {
  const [row] = await db<BudgetYearRow>('budget_years')
    .where({ id })
    .update({ current_fiscal_year: currentFiscalYear, updated_at: db.fn.now() } as Partial<BudgetYearRow>)
    .returning(['id', 'fiscal_year', 'name', 'notes', 'current_fiscal_year']);
  return row;
}
