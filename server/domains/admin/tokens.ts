import type { JwtPayload } from 'jsonwebtoken';
import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { unauthorized } from '@server/errors';
import type { Actor } from '@server/policies/index';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './queries/sessions';
import type { ClientInfo } from './security-log';

const ALGORITHM = 'HS256';
/** Checked on verify: a token this app signed for another purpose (or another app sharing the secret) is refused. */
/** jsonwebtoken, loaded on first use: the CLI, which signs and reads no token, starts without it. */
const jwtLib = async () => (await import('jsonwebtoken')).default;

export const TOKEN_AUDIENCE = 'budget-api';
export const TOKEN_ISSUER = 'budget-server';
/** 'Last seen' is written at most this often per session, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * When this process last saw each session, to the millisecond: the stored last_seen_at is written
 * at most once a minute, and read alone it ended a session up to a minute before its idle timeout.
 * The most recent 10,000 sessions; another process's requests still count through the stored value.
 */
const seenHere = new Map<string, number>();
function noteSeen(sessionId: string, at: number): void {
  seenHere.delete(sessionId);
  seenHere.set(sessionId, at);
  if (seenHere.size > 10_000) {
    seenHere.delete(seenHere.keys().next().value!);
  }
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Starts a session (a row: user, device, address) and signs a token carrying its id. The token's
 * own expiry is the absolute lifetime; the idle timeout is checked against the row.
 */
export async function startSession(
  app: AppContext,
  db: Db,
  userId: number,
  client: ClientInfo,
): Promise<{ token: string; sessionId: string }> {
  // Each sign-in also clears sessions past either limit, everyone's, so abandoned rows do not pile up.
  const now = Date.now();
  await deleteExpiredSessions(
    db,
    new Date(now - app.config.sessionIdleMs),
    new Date(now - app.config.sessionMaxMs),
  );
  const session = await insertSession(db, {
    user_id: userId,
    device: client.device.slice(0, 200),
    address: client.address.slice(0, 64),
  });
  const jwt = await jwtLib();
  const token = jwt.sign({ sid: session.id }, app.config.jwtSecret, {
    algorithm: ALGORITHM,
    audience: TOKEN_AUDIENCE,
    issuer: TOKEN_ISSUER,
    expiresIn: Math.floor(app.config.sessionMaxMs / 1000),
    subject: String(userId),
  });
  return { token, sessionId: session.id };
}

/**
 * Turns a bearer token into an actor and its session id, or throws 401. The algorithm is pinned
 * (a token signed with 'none' or RS256 is refused) and audience and issuer are checked. The session
 * row must still exist (logout, sign out everywhere, password change, deactivation and deletion
 * remove it) and be within the idle timeout and the absolute lifetime; the user is read fresh, so
 * a role change applies to the next request.
 */
export async function authenticate(
  app: AppContext,
  token: string,
): Promise<{ actor: Actor; sessionId: string }> {
  const jwt = await jwtLib();
  let payload: JwtPayload;
  try {
    payload = jwt.verify(token, app.config.jwtSecret, {
      algorithms: [ALGORITHM],
      audience: TOKEN_AUDIENCE,
      issuer: TOKEN_ISSUER,
    }) as JwtPayload;
  } catch (err) {
    throw unauthorized((err as Error).name === 'TokenExpiredError' ? 'Session expired' : 'Invalid token');
  }
  const sid = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : null;
  const session = sid ? await findSessionWithUser(app.db, sid) : undefined;
  if (!session || String(session.user_id) !== payload.sub || !session.is_active) {
    throw unauthorized('Session is no longer valid');
  }
  const now = Date.now();
  const stored = new Date(session.last_seen_at).getTime();
  const lastSeen = Math.max(stored, seenHere.get(session.id) ?? 0);
  if (
    now - lastSeen > app.config.sessionIdleMs ||
    now - new Date(session.created_at).getTime() > app.config.sessionMaxMs
  ) {
    await deleteSession(app.db, session.user_id, session.id);
    throw unauthorized('Session expired');
  }
  if (now - stored > TOUCH_EVERY_MS) {
    await touchSession(app.db, session.id);
  }
  noteSeen(session.id, now);
  const actor: Actor = {
    kind: 'user',
    id: session.user_id,
    role: session.role,
    name: session.name,
    email: session.email,
  };
  return { actor, sessionId: session.id };
}

/** The actor of a bearer token (see authenticate). */
export async function actorFromToken(app: AppContext, token: string): Promise<Actor> {
  return (await authenticate(app, token)).actor;
}
