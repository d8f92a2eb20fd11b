import type { Db } from '@server/db/index';

export interface AuditLogRow {
  id: number;
  action: string;
  actor_label: string;
  user_name: string | null;
  created_at: Date | string;
  before: unknown;
  after: unknown;
}

/** Audit rows of one record under any of its entity names, the last written first. */
export async function auditRowsFor(
  db: Db,
  entityNames: readonly string[],
  entityId: number,
  limit: number,
): Promise<AuditLogRow[]> {
  return (
    (await db('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .whereIn('a.entity', [...entityNames])
      .andWhere('a.entity_id', String(entityId))
      .select(
        'a.id',
        'a.action',
        'a.actor_label',
        'u.name as user_name',
        'a.created_at',
        'a.before',
        'a.after',
      )
      // The order rows were written in (their sequence), not their times: under concurrent edits a
      // transaction that started first can write last.
      .orderBy('a.id', 'desc')
      .limit(limit)) as AuditLogRow[]
  );
}

/** Whether a row with this id exists in the table. */
export async function rowExists(db: Db, table: string, id: number): Promise<boolean> {
  return Boolean(await db(table).where({ id }).first('id'));
}
