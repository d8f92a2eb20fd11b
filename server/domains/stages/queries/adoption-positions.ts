import type { Db } from '@server/db/index';

/** What an adoption did to the roster (migration 20261129000100). */
export interface AdoptionPositionRow {
  adoption_id: number;
  position_id: number | null;
  action: 'closed' | 'created';
  title: string;
  status_before: string | null;
  holders_before: { lineItemId: number; fteShare: string }[] | null;
  fte: string;
  amount: string | null;
  reason: string | null;
}

export async function insertAdoptionPositions(db: Db, rows: readonly AdoptionPositionRow[]): Promise<void> {
  if (rows.length) {
    await db('scenario_adoption_positions').insert(
      rows.map((r) => ({ ...r, holders_before: r.holders_before ? JSON.stringify(r.holders_before) : null })),
    );
  }
}

export async function adoptionPositions(db: Db, adoptionId: number): Promise<AdoptionPositionRow[]> {
  return db('scenario_adoption_positions')
    .where({ adoption_id: adoptionId })
    .orderBy('id')
    .select(
      'adoption_id',
      'position_id',
      'action',
      'title',
      'status_before',
      'holders_before',
      db.raw('fte::text AS fte'),
      db.raw('amount::text AS amount'),
      'reason',
    );
}
