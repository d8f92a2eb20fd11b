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
  /** Why the scenario's cut took a closed position, and its $0 warning then (migration 20261211000100). */
  pick_why: string | null;
  pick_warning: string | null;
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
      'pick_why',
      'pick_warning',
    );
}

/** A position an adoption closed with the pick's reason kept, and the adoption's when and why. */
export interface AdoptionPickRow {
  position_id: number;
  pick_why: string | null;
  pick_warning: string | null;
  scenario_name: string;
  reason: string | null;
  adopted_at: Date | string;
}

/** The adoptions that closed these positions with a pick's reason or warning kept, oldest first. */
export async function adoptionPicks(db: Db, positionIds: readonly number[]): Promise<AdoptionPickRow[]> {
  if (!positionIds.length) {
    return [];
  }
  return db('scenario_adoption_positions as p')
    .join('scenario_adoptions as a', 'a.id', 'p.adoption_id')
    .where('p.action', 'closed')
    .whereIn('p.position_id', [...positionIds])
    .where((w) => w.whereNotNull('p.pick_why').orWhereNotNull('p.pick_warning'))
    .orderBy([{ column: 'a.adopted_at' }, { column: 'p.id' }])
    .select('p.position_id', 'p.pick_why', 'p.pick_warning', 'a.scenario_name', 'a.reason', 'a.adopted_at');
}
