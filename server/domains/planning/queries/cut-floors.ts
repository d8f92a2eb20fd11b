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
      'f.reason',
    );
  return rows.map((r) => ({
    id: r.id,
    categoryId: r.category_id,
    category: r.category,
    lineItemId: r.line_item_id,
    accountDesc: r.account_description,
    floorPercent: Number(r.pct),
    reason: r.reason,
  }));
}

export async function writeFloor(
  db: Db,
  budgetYearId: number,
  f: { categoryId?: number; lineItemId?: number; floorPercent: number | null; reason?: string | null },
) {
  const target = f.categoryId !== undefined ? { category_id: f.categoryId } : { line_item_id: f.lineItemId };
  await db('cut_floors')
    .where({ budget_year_id: budgetYearId, ...target })
    .delete();
  if (f.floorPercent !== null) {
    await db('cut_floors').insert({
      budget_year_id: budgetYearId,
      ...target,
      floor_percent: f.floorPercent,
      reason: f.reason ?? null,
    });
  }
}
