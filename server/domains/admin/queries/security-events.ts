import type { Db } from '@server/db/index';

/** audit_log rows of the security log are written under this entity; entity_id is the account's user id. */
export const SECURITY_ENTITY = 'security';

export interface SecurityEventRow {
  id: number;
  action: string;
  actor_label: string;
  user_id: number | null;
  entity_id: string | null;
  subject_email: string | null;
  after: Record<string, unknown> | string | null;
  created_at: Date | string;
}

/** The security log, newest first, optionally one event type or one account; `beforeId` pages back. */
export function listSecurityEvents(
  db: Db,
  filter: {
    event?: string;
    userId?: number;
    beforeId?: number;
    limit: number;
    exceptEvents?: readonly string[];
  },
): Promise<SecurityEventRow[]> {
  const q = db('audit_log as a')
    .joinRaw('LEFT JOIN users AS u ON u.id::text = a.entity_id')
    .where('a.entity', SECURITY_ENTITY)
    .select('a.id', 'a.action', 'a.actor_label', 'a.user_id', 'a.entity_id', 'u.email as subject_email')
    .select('a.after', 'a.created_at')
    .orderBy('a.id', 'desc')
    .limit(filter.limit);
  if (filter.event) {
    q.andWhere('a.action', filter.event);
  }
  if (filter.exceptEvents?.length) {
    q.whereNotIn('a.action', [...filter.exceptEvents]);
  }
  if (filter.userId !== undefined) {
    q.andWhere('a.entity_id', String(filter.userId));
  }
  if (filter.beforeId !== undefined) {
    q.andWhere('a.id', '<', filter.beforeId);
  }
  return q as Promise<SecurityEventRow[]>;
}

/** Failed sign-ins and password checks on one account since a moment, newest first. */
export function listFailedAttempts(
  db: Db,
  userId: number,
  since: Date,
  limit: number,
): Promise<SecurityEventRow[]> {
  return db('audit_log')
    .where({ entity: SECURITY_ENTITY, entity_id: String(userId) })
    .whereIn('action', ['sign-in-failed', 'password-check-failed'])
    .andWhere('created_at', '>', since)
    .select('id', 'action', 'after', 'created_at')
    .orderBy('id', 'desc')
    .limit(limit) as Promise<SecurityEventRow[]>;
}
