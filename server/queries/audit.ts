import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Records who changed what; call it inside the same transaction as the change. */
export async function insertAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    user_id: actor.id,
    actor_label: actor.email ?? actor.name,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
