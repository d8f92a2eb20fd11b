import type { Db } from '@server/db/index';
import type { ImportRunRef } from '@shared/schemas/duplicates';
import { gridSignature } from './line-items-signature';

/** The columns the duplicate checker compares (the scorer's PersonRecord has the same shape). */
export interface PersonRow {
  id: number;
  fiscalYear: number;
  scenarioId: number | null;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  buildingId: number | null;
  currentSalary: number | null;
  hireDate: string | null;
}

/** The columns the duplicate checker compares, for every employee line of a budget year (and fiscal year). */
export async function personRecords(db: Db, budgetYearId: number, fiscalYear?: number): Promise<PersonRow[]> {
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
  return (await query) as PersonRow[];
}

/** Dismissed pairs touching the budget year's lines, as 'low:high' keys. */
export async function dismissedPairs(db: Db, budgetYearId: number): Promise<Set<string>> {
  const rows = await db('dismissed_duplicates as d')
    .join('line_items as li', 'li.id', 'd.line_item_id_low')
    .where('li.budget_year_id', budgetYearId)
    .select('d.line_item_id_low as low', 'd.line_item_id_high as high');
  return new Set(rows.map((r: { low: number; high: number }) => `${r.low}:${r.high}`));
}

/** The import runs that wrote the given lines' records: id, file name and when it ran (ISO 8601, UTC). */
export async function importRunsByIds(db: Db, ids: readonly number[]): Promise<Map<number, ImportRunRef>> {
  if (!ids.length) {
    return new Map();
  }
  const rows = (await db('import_runs')
    .whereIn('id', [...ids])
    .select(
      'id',
      'file_name as fileName',
      db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "importedAt"`),
    )) as ImportRunRef[];
  return new Map(rows.map((r) => [r.id, r]));
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
 * buildings, categories and scenarios their DTOs join), every dismissed pair, and the import runs
 * the records name. See gridSignature.
 */
export async function duplicatesSignature(
  db: Db,
  budgetYearId: number,
  fiscalYear?: number,
): Promise<string> {
  const where = fiscalYear === undefined ? '' : ' AND li.fiscal_year = ?';
  const bindings = fiscalYear === undefined ? [budgetYearId] : [budgetYearId, fiscalYear];
  const lines = await gridSignature(db, `li.is_operating AND li.budget_year_id = ?${where}`, bindings);
  const others = await db.raw<{ rows: { sig: string }[] }>(
    `SELECT (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM dismissed_duplicates)
       || '|' || (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM import_runs) AS sig`,
  );
  return `${lines}|${others.rows[0].sig}`;
}
