import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { listFailedAttempts } from './queries/security-events';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  listLiveSessions,
} from './queries/sessions';
import type { FailedAttempt, Session } from '@shared/schemas/auth';
import { requireSelf } from './auth';
import { recordSecurityEvent, type ClientInfo } from './security-log';

const FAILED_ATTEMPTS_DAYS = 30;
const FAILED_ATTEMPTS_MAX = 20;

/** Signs out this device: its session ends, the user's other sessions go on. */
export async function logout(app: AppContext, actor: Actor, sessionId: string, client: ClientInfo) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  await app.db.transaction(async (trx) => {
    await deleteSession(trx, row.id, sessionId);
    await recordSecurityEvent(app, trx, 'sign-out', { actor, subjectId: row.id, client });
  });
  return { message: 'Logged out' };
}

/** 'Sign out everywhere': every session of the user ends, this one included. */
export async function logoutEverywhere(app: AppContext, actor: Actor, client: ClientInfo) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  const ended = await app.db.transaction(async (trx) => {
    const count = await deleteUserSessions(trx, row.id);
    await recordSecurityEvent(app, trx, 'sign-out-everywhere', {
      actor,
      subjectId: row.id,
      client,
      detail: { sessionsEnded: count },
    });
    return count;
  });
  return { message: `Signed out of ${ended} session${ended === 1 ? '' : 's'}` };
}

/** Ends one of the user's own sessions (another device); 404 for anyone else's. */
export async function endSession(app: AppContext, actor: Actor, id: string, client: ClientInfo) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  await app.db.transaction(async (trx) => {
    if (!(await deleteSession(trx, row.id, id))) {
      throw notFound('Session');
    }
    await recordSecurityEvent(app, trx, 'session-ended', { actor, subjectId: row.id, client });
  });
  return { message: 'Session ended' };
}

/**
 * The user's active sessions (device, address, last seen) and the failed sign-ins and wrong
 * current passwords on their account in the last 30 days, for the Profile. Sessions past either
 * limit are swept first (everyone's: they can no longer be used).
 */
export async function listSessions(app: AppContext, actor: Actor, currentId: string) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  const now = Date.now();
  const idleSince = new Date(now - app.config.sessionIdleMs);
  const createdSince = new Date(now - app.config.sessionMaxMs);
  await deleteExpiredSessions(app.db, idleSince, createdSince);
  const sessions: Session[] = (await listLiveSessions(app.db, row.id, idleSince, createdSince)).map((s) => ({
    id: s.id,
    device: s.device,
    address: s.address,
    createdAt: new Date(s.created_at).toISOString(),
    lastSeenAt: new Date(s.last_seen_at).toISOString(),
    current: s.id === currentId,
  }));
  const since = new Date(now - FAILED_ATTEMPTS_DAYS * 86_400_000);
  const failedAttempts: FailedAttempt[] = (
    await listFailedAttempts(app.db, row.id, since, FAILED_ATTEMPTS_MAX)
  ).map((f) => {
    const detail = (typeof f.after === 'string' ? JSON.parse(f.after) : f.after) as {
      address?: string;
    } | null;
    return {
      at: new Date(f.created_at).toISOString(),
      address: detail?.address ?? '',
      kind: f.action === 'sign-in-failed' ? 'sign-in' : 'password-check',
    };
  });
  return { sessions, failedAttempts };
}
