import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * The audit_log row of one entry. created_at is the moment the row is written (clock_timestamp),
 * not the start of its transaction (now()): a transaction that began first may write last, and the
 * history lists rows in the order they were written (by id, see history.ts), so the times it shows
 * must follow that order too.
 */
export function auditRow(db: Db, actor: Actor, entry: AuditEntry) {
  return {
    user_id: actor.id,
    actor_label: actor.email ?? actor.name,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    created_at: db.raw('clock_timestamp()'),
  };
}

/** Records who changed what; call it inside the same transaction as the change. */
export async function insertAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert(auditRow(db, actor, entry));
}
