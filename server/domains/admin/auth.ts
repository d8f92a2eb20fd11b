import type { AppContext } from '@server/context';
import {
  badRequest,
  conflict,
  notFound,
  tooManyRequests,
  unauthorized,
  validationFailed,
} from '@server/errors';
import { outsideTurn } from '@server/db/queue';
import { hashPassword, passwordProblem, verifyPassword } from '@server/lib/passwords';
import { SignInThrottle } from '@server/lib/rate-limit';
import { encryptSecret } from '@server/lib/secrets';
import { abilitiesFor, authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { listFailedAttempts } from './queries/security-events';
import { findUserByEmail, findUserById, presentUser, updateUser, type UserRow } from './queries/users';
import type { LoginBody, SessionUser } from '@shared/schemas/auth';
import { recordSecurityEvent, type ClientInfo } from './security-log';
import { startSession } from './tokens';

/** One throttle for every password check: sign-in, change password, change email. */
const throttle = new SignInThrottle();
const LOCKED = 'Too many failed attempts from this address. Please wait 15 minutes and try again.';

/** For tests: forget every counted failure. */
export function resetLoginLimits(): void {
  throttle.clear();
}

export function presentSessionUser(row: UserRow): SessionUser {
  return { ...presentUser(row), abilities: abilitiesFor(row.role) };
}

// A hash of a random password, so an unknown email costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password under the throttle: 429 when this account and address, or this address, failed
 * too often; a delay first when the account failed often from anywhere. Counts a failure and logs it
 * (and the lockout it may cause); resets this address's count on success.
 */
async function checkPassword(
  app: AppContext,
  attempt: {
    account: string;
    user: UserRow | undefined;
    password: string;
    client: ClientInfo;
    actor?: Actor;
  },
): Promise<boolean> {
  const { account, user, client } = attempt;
  const event = attempt.actor ? 'password-check-failed' : 'sign-in-failed';
  const verdict = throttle.check(account, client.address, app.config.loginSlowdownMs);
  if (verdict.refused) {
    app.log.warn('security', { event: 'throttled', userId: user?.id ?? null, address: client.address });
    throw tooManyRequests(LOCKED);
  }
  // Counted as a failure before the password is checked (and taken back if it is right): counted
  // after, forty guesses sent at once all passed the check above, and 8 reached the password.
  const countedAt = Date.now();
  const locked = throttle.fail(account, client.address, countedAt);
  // The delay and the hash use no database: the request gives its database turn back meanwhile
  // (a storm of slowed guesses held every turn, and staff waited 12-20 s for a 503).
  const ok = await outsideTurn(async () => {
    if (verdict.delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
    }
    dummyHash ??= hashPassword('not-a-real-password', app.config.passwordCost);
    return verifyPassword(attempt.password, user?.password_hash ?? (await dummyHash));
  });
  if (ok && user) {
    throttle.succeed(account, client.address, countedAt);
    return true;
  }
  const subjectId = user?.id ?? null;
  // An account that does not exist: the name tried (normalised, capped), so a spray of invented
  // names shows by name; never the password.
  const detail = user ? undefined : { nameTried: account.trim().slice(0, 100) };
  await recordSecurityEvent(app, app.db, event, { actor: attempt.actor, subjectId, client, detail });
  if (locked) {
    await recordSecurityEvent(app, app.db, 'lockout', { actor: attempt.actor, subjectId, client });
  }
  return false;
}

/**
 * Signs a user in and starts a session for this device. Failures are throttled per account and
 * address, per address, and slowed per account (SignInThrottle). A deactivated user cannot sign in.
 */
export async function login(app: AppContext, input: LoginBody, client: ClientInfo) {
  const user = await findUserByEmail(app.db, input.email);
  const account = input.email.toLowerCase();
  if (!(await checkPassword(app, { account, user, password: input.password, client }))) {
    throw unauthorized('Invalid email or password');
  }
  if (!user!.is_active) {
    throw unauthorized('This account has been deactivated. Contact your administrator.');
  }
  // What happened to the account while its owner was away: failures since the previous sign-in.
  const since = Math.max(
    user!.last_login ? new Date(user!.last_login).getTime() : 0,
    Date.now() - 30 * 86_400_000,
  );
  const failedAttempts = (await listFailedAttempts(app.db, user!.id, new Date(since), 100)).length;
  return app.db.transaction(async (trx) => {
    const updated = (await updateUser(trx, user!.id, { last_login: new Date() }))!;
    const { token } = await startSession(app, trx, updated.id, client);
    const actor: Actor = {
      kind: 'user',
      id: updated.id,
      role: updated.role,
      name: updated.name,
      email: updated.email,
    };
    await recordSecurityEvent(app, trx, 'sign-in', { actor, subjectId: updated.id, client });
    return { token, user: presentSessionUser(updated), failedAttempts };
  });
}

export async function requireSelf(app: AppContext, actor: Actor): Promise<UserRow> {
  if (actor.kind !== 'user') {
    throw badRequest('This action needs a signed-in user');
  }
  const row = await findUserById(app.db, actor.id);
  if (!row) {
    throw notFound('User');
  }
  return row;
}

export async function getMe(app: AppContext, actor: Actor) {
  authorize(actor, 'profile.read');
  return { user: presentSessionUser(await requireSelf(app, actor)) };
}

/** The signed-in user's own password, throttled like sign-in; 400 when wrong. */
async function requireOwnPassword(
  app: AppContext,
  actor: Actor,
  row: UserRow,
  password: string,
  client: ClientInfo,
) {
  const account = row.email.toLowerCase();
  if (!(await checkPassword(app, { account, user: row, password, client, actor }))) {
    throw validationFailed([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
}

/**
 * Changes the password: every session of the user ends (other devices are signed out) and this
 * device gets a fresh one. A common password, or the user's own email or name, is refused.
 */
export async function changePassword(
  app: AppContext,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo,
) {
  authorize(actor, 'profile.update');
  const row = await requireSelf(app, actor);
  await requireOwnPassword(app, actor, row, input.currentPassword, client);
  const problem = await passwordProblem(input.newPassword, row);
  if (problem) {
    throw validationFailed([{ path: 'newPassword', message: problem }]);
  }
  const password_hash = await hashPassword(input.newPassword, app.config.passwordCost);
  return app.db.transaction(async (trx) => {
    await updateUser(trx, row.id, { password_hash }, true);
    await insertAudit(trx, actor, { action: 'change-password', entity: 'user', entityId: row.id });
    await recordSecurityEvent(app, trx, 'password-changed', { actor, subjectId: row.id, client });
    const { token } = await startSession(app, trx, row.id, client);
    return { message: 'Password changed successfully', token };
  });
}

/** Changes one's name, and email (the sign-in name) only with the current password. */
export async function updateProfile(
  app: AppContext,
  actor: Actor,
  input: { name: string; email: string; currentPassword?: string },
  client: ClientInfo,
) {
  authorize(actor, 'profile.update');
  const row = await requireSelf(app, actor);
  const emailChanges = input.email.toLowerCase() !== row.email.toLowerCase();
  if (emailChanges) {
    if (!input.currentPassword) {
      throw validationFailed([
        { path: 'currentPassword', message: 'Enter your current password to change your email' },
      ]);
    }
    // Before the uniqueness check: only the account's owner learns whether an email is taken.
    await requireOwnPassword(app, actor, row, input.currentPassword, client);
    const taken = await findUserByEmail(app.db, input.email);
    if (taken && taken.id !== row.id) {
      throw conflict('That email is already in use');
    }
  }
  return app.db.transaction(async (trx) => {
    const updated = (await updateUser(trx, row.id, { name: input.name, email: input.email }))!;
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: row.id,
      before: { name: row.name, email: row.email },
      after: { name: updated.name, email: updated.email },
    });
    if (emailChanges) {
      await recordSecurityEvent(app, trx, 'email-changed', {
        actor,
        subjectId: row.id,
        client,
        detail: { from: row.email, to: updated.email },
      });
    }
    return { user: presentSessionUser(updated) };
  });
}

/** Stores the user's Claude API key encrypted (AES-256-GCM); null or '' removes it. */
export async function updateApiKey(
  app: AppContext,
  actor: Actor,
  input: { claudeApiKey: string | null },
  client: ClientInfo,
) {
  authorize(actor, 'profile.update');
  const key = input.claudeApiKey?.trim() || null;
  // Storing a key is for those who may run an analysis; anyone may remove one they hold (a user
  // moved to VIEW_ONLY keeps no key they cannot use).
  if (key) {
    authorize(actor, 'ai.analyze');
  }
  const row = await requireSelf(app, actor);
  const claude_api_key_enc = key ? encryptSecret(key, app.config.secretsKey) : null;
  await app.db.transaction(async (trx) => {
    await updateUser(trx, row.id, { claude_api_key_enc });
    // Whether a key is now stored, never the key.
    await recordSecurityEvent(app, trx, 'api-key-changed', {
      actor,
      subjectId: row.id,
      client,
      detail: { stored: claude_api_key_enc !== null },
    });
  });
  return { hasApiKey: claude_api_key_enc !== null };
}

export async function hasApiKey(app: AppContext, actor: Actor) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  const has = row.claude_api_key_enc !== null;
  return { hasKey: has, hasApiKey: has };
}
