import type { Db } from '@server/db/index';
import type { Floor } from '@shared/schemas/cut-scenarios';

/** The floors below which the Scenario Builder may not cut a category or a line (cut_floors). */

export async function listFloors(db: Db, budgetYearId: number): Promise<Floor[]> {
  const rows = await db('cut_floors as f')
    .leftJoin('budget_categories as c', 'c.id', 'f.category_id')
    .leftJoin('line_items as li', 'li.id', 'f.line_item_id')
    .where('f.budget_year_id', budgetYearId)
    .orderByRaw('f.line_item_id IS NOT NULL, c.name, li.account_description, f.id')
    .select(
      'f.id',
      'f.category_id',
      'c.name as category',
      'f.line_item_id',
      'li.account_description',
      db.raw('f.floor_percent::text AS pct'),
      db.raw('f.min_fte::text AS min_fte'),
      'f.reason',
    );
  return rows.map((r) => ({
    id: r.id,
    categoryId: r.category_id,
    category: r.category,
    lineItemId: r.line_item_id,
    accountDesc: r.account_description,
    floorPercent: Number(r.pct),
    minFte: r.min_fte === null ? null : Number(r.min_fte),
    reason: r.reason,
  }));
}

/**
 * Sets one floor. A field left out (undefined) keeps what the row has, null removes it; a row
 * left with neither a percent nor an FTE floor is deleted, and one with only an FTE floor keeps
 * 0% (no floor on dollars).
 */
export async function writeFloor(
  db: Db,
  budgetYearId: number,
  f: {
    categoryId?: number;
    lineItemId?: number;
    floorPercent?: number | null;
    minFte?: number | null;
    reason?: string | null;
  },
) {
  const target = f.categoryId !== undefined ? { category_id: f.categoryId } : { line_item_id: f.lineItemId };
  const where = { budget_year_id: budgetYearId, ...target };
  const old = (await db('cut_floors')
    .where(where)
    .first(db.raw('floor_percent::text AS pct'), db.raw('min_fte::text AS min_fte'), 'reason')) as
    { pct: string; min_fte: string | null; reason: string | null } | undefined;
  // An FTE-only row's 0% is no floor on dollars: kept as none when only the FTE floor changes.
  const oldPercent = old && !(old.min_fte !== null && Number(old.pct) === 0) ? old.pct : null;
  const percent = f.floorPercent === undefined ? oldPercent : f.floorPercent;
  const minFte = f.minFte === undefined ? (old?.min_fte ?? null) : f.minFte;
  await db('cut_floors').where(where).delete();
  if (percent !== null || minFte !== null) {
    await db('cut_floors').insert({
      ...where,
      floor_percent: percent ?? 0,
      min_fte: minFte,
      reason: f.reason === undefined ? (old?.reason ?? null) : f.reason,
    });
  }
}

/** The categories named, with whether each is a personnel category (only those hold FTE). */
export async function categoriesOf(
  db: Db,
  ids: number[],
): Promise<Map<number, { name: string; isPersonnel: boolean }>> {
  if (!ids.length) {
    return new Map();
  }
  const rows = await db('budget_categories').whereIn('id', ids).select('id', 'name', 'is_personnel');
  return new Map(rows.map((r) => [r.id, { name: r.name, isPersonnel: Boolean(r.is_personnel) }]));
}
