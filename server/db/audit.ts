import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';

/**
 * THE writer of audit_log: every audited write (a record's change, a line's, a security event, the
 * demo seed) goes through insertAudit or insertAudits, so every row names its actor and is timed
 * the same way. Reading the log is the history's and the security log's business.
 */

export interface AuditEntry {
  action: string;
  entity: string;
  /** The record concerned; null when there is none (a sign-in with an unknown email, the seed). */
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The audit_log row of one entry. created_at is the moment the row is written (clock_timestamp),
 * not the start of its transaction (now()): a transaction that began first may write last, and the
 * history lists rows in the order they were written (by id, see history.ts), so the times it shows
 * must follow that order too.
 */
function auditRow(db: Db, actor: Actor, entry: AuditEntry) {
  return {
    user_id: actor.id,
    actor_label: actor.email ?? actor.name,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    created_at: db.raw('clock_timestamp()'),
  };
}

/** Records who changed what; call it inside the same transaction as the change. */
export async function insertAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert(auditRow(db, actor, entry));
}

/**
 * insertAudit for many entries, a thousand to a statement: each chunk is one JSON array the
 * server takes apart (jsonb_array_elements), in the entries' order, so a bulk change of thousands
 * of lines sends each entry's before and after once as they are, not as thousands of bound values
 * of JSON text a query builder compiles (most of a large Apply's audit time).
 */
export async function insertAudits(db: Db, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const rows = entries.slice(i, i + CHUNK).map((entry) => ({
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    }));
    await db.raw(
      `INSERT INTO audit_log (user_id, actor_label, action, entity, entity_id, before, after, created_at)
       SELECT ?::int, ?::text, e ->> 'action', e ->> 'entity', e ->> 'entityId',
              nullif(e -> 'before', 'null'::jsonb), nullif(e -> 'after', 'null'::jsonb), clock_timestamp()
         FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS a(e, n)
        ORDER BY n`,
      [actor.id, actor.email ?? actor.name, JSON.stringify(rows)],
    );
  }
}
