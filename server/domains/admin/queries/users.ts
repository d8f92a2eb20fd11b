import type { Db } from '@server/db/index';
import type { Role } from '@shared/schemas/common';
import type { User } from '@shared/schemas/auth';
import { deleteUserSessions } from './sessions';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_active: boolean;
  last_login: Date | null;
  token_version: number;
  claude_api_key_enc: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Row -> API shape: never the hash, never the key, only whether one is stored. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isActive: row.is_active,
    lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
    hasApiKey: row.claude_api_key_enc !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db<UserRow>('users').orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function insertUser(
  db: Db,
  values: { name: string; email: string; password_hash: string; role: Role },
): Promise<UserRow> {
  const [row] = await db<UserRow>('users').insert(values).returning('*');
  return row;
}

/**
 * Updates the given columns; `endSessions` also ends every session of the user, so every token
 * issued so far stops working (deactivation, password change).
 */
export async function updateUser(
  db: Db,
  id: number,
  values: Partial<Omit<UserRow, 'id' | 'created_at' | 'updated_at' | 'token_version'>>,
  endSessions = false,
): Promise<UserRow | undefined> {
  const patch: Record<string, unknown> = { ...values, updated_at: db.fn.now() };
  if (endSessions) {
    // token_version is kept counting for the record; the sessions table is what tokens are checked against.
    patch.token_version = db.raw('token_version + 1');
    await deleteUserSessions(db, id);
  }
  const [row] = await db<UserRow>('users').where({ id }).update(patch).returning('*');
  return row;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return (await db('users').where({ id }).del()) > 0;
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db('users')
    .where({ role: 'ADMIN', is_active: true })
    .count<{ count: number }[]>('* as count');
  return Number(row[0].count);
}
