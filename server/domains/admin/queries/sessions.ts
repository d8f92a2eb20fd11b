import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/index';
import type { Role } from '@shared/schemas/common';

export interface SessionRow {
  id: string;
  user_id: number;
  device: string;
  address: string;
  created_at: Date;
  last_seen_at: Date;
}

/** A session joined with the fields of its user that every request needs. */
export interface SessionWithUser extends SessionRow {
  role: Role;
  name: string;
  email: string;
  is_active: boolean;
}

export async function insertSession(
  db: Db,
  values: { user_id: number; device: string; address: string },
): Promise<SessionRow> {
  const [row] = await db<SessionRow>('sessions')
    .insert({ id: randomUUID(), user_id: values.user_id, device: values.device, address: values.address })
    .returning('*');
  return row;
}

/** The session and its user in one read: the check every authenticated request makes. */
export function findSessionWithUser(db: Db, id: string): Promise<SessionWithUser | undefined> {
  return db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.id', id)
    .first('s.*', 'u.role', 'u.name', 'u.email', 'u.is_active');
}

/** Marks the session used now (callers throttle this, so reads do not become writes). */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db('sessions').where({ id }).update({ last_seen_at: db.fn.now() });
}

/** The user's sessions still within both limits, most recently used first. */
export function listLiveSessions(
  db: Db,
  userId: number,
  idleSince: Date,
  createdSince: Date,
): Promise<SessionRow[]> {
  return db<SessionRow>('sessions')
    .where({ user_id: userId })
    .andWhere('last_seen_at', '>', idleSince)
    .andWhere('created_at', '>', createdSince)
    .orderBy([
      { column: 'last_seen_at', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ]);
}

/** Ends one session of the user; false when the user has no such session. */
export async function deleteSession(db: Db, userId: number, id: string): Promise<boolean> {
  // returning(): PGlite's driver answers a DELETE with a result object, not a count.
  return (await db('sessions').where({ id, user_id: userId }).del().returning('id')).length > 0;
}

/** Ends every session of the user, or every one but `keep`. Returns how many ended. */
export async function deleteUserSessions(db: Db, userId: number, keep?: string): Promise<number> {
  const q = db('sessions').where({ user_id: userId });
  return (await (keep ? q.whereNot({ id: keep }) : q).del().returning('id')).length;
}

/** Deletes sessions past either limit, everyone's (they can no longer be used anyway). */
export async function deleteExpiredSessions(db: Db, idleSince: Date, createdSince: Date): Promise<void> {
  await db('sessions').where('last_seen_at', '<=', idleSince).orWhere('created_at', '<=', createdSince).del();
}
