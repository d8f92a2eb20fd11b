import type { Db } from '@server/db/index';
import * as q from './queries/scenario-positions';

/**
 * Unsaved changes by position (a cut's dry run) in the shape of stored ones, so the same costing
 * and presentation serve both (./scenario-positions.ts).
 */

/** The building, category and work group names of unsaved changes (a dry run shows them too). */
export async function namesOf(db: Db, rows: readonly q.NewChange[]) {
  const ids = (key: 'building_id' | 'category_id' | 'work_group_id') => [
    ...new Set(rows.flatMap((r) => (r[key] === null ? [] : [r[key]!]))),
  ];
  const named = async (table: string, list: number[]) =>
    new Map<number, string>(
      (await db(table).whereIn('id', list).select('id', 'name')).map((r: { id: number; name: string }) => [
        r.id,
        r.name,
      ]),
    );
  // One after another: inside a write's transaction the three share one pg client, and queries sent
  // to it at once make pg print a deprecation warning (the positions bench's cut showed it).
  const b = await named('buildings', ids('building_id'));
  const c = await named('budget_categories', ids('category_id'));
  const w = await named('work_groups', ids('work_group_id'));
  return (r: q.NewChange) => ({
    building_name: r.building_id === null ? null : (b.get(r.building_id) ?? null),
    category_name: r.category_id === null ? null : (c.get(r.category_id) ?? null),
    work_group_name: r.work_group_id === null ? null : (w.get(r.work_group_id) ?? null),
  });
}

export function asChangeRow(r: q.NewChange): q.ChangeRow {
  return {
    ...r,
    id: 0,
    fte: String(r.fte),
    pick_why: r.pick_why ?? null,
    pick_warning: r.pick_warning ?? null,
    building_name: null,
    category_name: null,
    work_group_name: null,
    created_at: new Date(),
  };
}
