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

/** Every recorded home, by fiscal year. */
export function listHomes(db: Db): Promise<{ fiscalYear: number; budgetYearId: number }[]> {
  return db('fiscal_year_homes')
    .select({ fiscalYear: 'fiscal_year', budgetYearId: 'budget_year_id' })
    .orderBy('fiscal_year');
}

/** The budget years holding any line: one index probe each, not a scan of the lines. */
export async function budgetYearsWithLines(db: Db): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `SELECT b.id FROM budget_years b
      WHERE EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = b.id) ORDER BY b.id`,
  );
  return rows.map((r) => r.id);
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

/**
 * The budget_years writes of other domains' work, kept here so this domain is the table's one
 * writer (test/table-writers.test.ts): district setup inserts, a projection corrects the base
 * year, an undone roll forward removes the year it created.
 */
export async function insertBudgetYearRow(
  db: Db,
  values: {
    fiscal_year: string;
    name: string;
    notes: string | null;
    current_fiscal_year: number;
    base_year: number;
  },
): Promise<number> {
  const [row] = await db('budget_years').insert(values).returning('id');
  return row.id as number;
}

export async function setBaseYear(db: Db, budgetYearId: number, baseYear: number): Promise<void> {
  await db('budget_years')
    .where({ id: budgetYearId })
    .update({ base_year: baseYear, updated_at: db.fn.now() });
}

/** Removes a budget year with its Draft versions (their key is SET NULL, so they would stay behind). */
export async function deleteBudgetYear(db: Db, id: number): Promise<void> {
  await db('budget_versions').where({ budget_year_id: id }).del();
  await db('budget_years').where({ id }).del();
}
