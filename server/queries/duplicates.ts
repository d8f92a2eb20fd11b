import type { Db } from '@server/db/index';
import type { PersonRecord } from '@server/services/line-items-duplicate-score';
import { gridSignature } from './line-items-signature';

/** The columns the duplicate checker compares, for every employee line of a budget year (and fiscal year). */
export async function personRecords(
  db: Db,
  budgetYearId: number,
  fiscalYear?: number,
): Promise<PersonRecord[]> {
  const query = db('line_items')
    .where({ budget_year_id: budgetYearId, is_operating: true })
    .select(
      'id',
      'fiscal_year as fiscalYear',
      'scenario_id as scenarioId',
      'first_name as firstName',
      'last_name as lastName',
      'position',
      'building_id as buildingId',
      'current_salary as currentSalary',
      db.raw('hire_date::text as "hireDate"'),
    )
    .orderBy('id');
  if (fiscalYear !== undefined) {
    query.andWhere('fiscal_year', fiscalYear);
  }
  return (await query) as PersonRecord[];
}

/** Dismissed pairs touching the budget year's lines, as 'low:high' keys. */
export async function dismissedPairs(db: Db, budgetYearId: number): Promise<Set<string>> {
  const rows = await db('dismissed_duplicates as d')
    .join('line_items as li', 'li.id', 'd.line_item_id_low')
    .where('li.budget_year_id', budgetYearId)
    .select('d.line_item_id_low as low', 'd.line_item_id_high as high');
  return new Set(rows.map((r: { low: number; high: number }) => `${r.low}:${r.high}`));
}

/** Remembers a pair as not duplicates; returns false when it was already remembered. */
export async function insertDismissedPair(
  db: Db,
  low: number,
  high: number,
  userId: number | null,
): Promise<boolean> {
  const rows = await db('dismissed_duplicates')
    .insert({ line_item_id_low: low, line_item_id_high: high, dismissed_by: userId })
    .onConflict(['line_item_id_low', 'line_item_id_high'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}

/**
 * A fingerprint of everything the duplicate check reads: the budget year's employee lines (and the
 * buildings, categories and scenarios their DTOs join), and every dismissed pair. See gridSignature.
 */
export async function duplicatesSignature(
  db: Db,
  budgetYearId: number,
  fiscalYear?: number,
): Promise<string> {
  const where = fiscalYear === undefined ? '' : ' AND li.fiscal_year = ?';
  const bindings = fiscalYear === undefined ? [budgetYearId] : [budgetYearId, fiscalYear];
  const lines = await gridSignature(db, `li.is_operating AND li.budget_year_id = ?${where}`, bindings);
  const dismissed = await db.raw<{ rows: { sig: string }[] }>(
    `SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) AS sig FROM dismissed_duplicates`,
  );
  return `${lines}|${dismissed.rows[0].sig}`;
}
