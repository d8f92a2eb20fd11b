import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';

/** A budget year as the home rule reads it: its id, label ('FY26') and current fiscal year. */
export interface HomeCandidate {
  id: number;
  label: string;
  currentFiscalYear: number;
}

/** The fiscal year's recorded home (fiscal_year_homes, migration 20261127000200), if claimed. */
export async function findHome(db: Db, fiscalYear: number): Promise<HomeCandidate | undefined> {
  const row = await db('fiscal_year_homes as f')
    .join('budget_years as b', 'b.id', 'f.budget_year_id')
    .where('f.fiscal_year', fiscalYear)
    .first('b.id', 'b.fiscal_year as label', 'b.current_fiscal_year as currentFiscalYear');
  return row as HomeCandidate | undefined;
}

/** The budget years holding lines of the fiscal year that count (activeScope, the dashboard's rule). */
export async function budgetYearsHoldingLines(db: Db, fiscalYear: number): Promise<HomeCandidate[]> {
  const { rows } = await db.raw(
    `SELECT b.id, b.fiscal_year AS label, b.current_fiscal_year AS "currentFiscalYear"
       FROM budget_years b
      WHERE b.id = ANY(ARRAY(SELECT DISTINCT li.budget_year_id FROM line_items_all li
                              WHERE li.fiscal_year = ? AND ${activeScope()}))
      ORDER BY b.id`,
    [fiscalYear],
  );
  return rows as HomeCandidate[];
}
