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
