import type { AppContext } from '@server/context';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '@server/errors';
import { hashPassword, verifyPassword } from '@server/lib/passwords';
import { FailureLimiter } from '@server/lib/rate-limit';
import { encryptSecret } from '@server/lib/secrets';
import { abilitiesFor, authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/queries/audit';
import { findUserByEmail, findUserById, presentUser, updateUser, type UserRow } from '@server/queries/users';
import type { LoginBody, SessionUser } from '@server/schemas/auth';
import { signToken } from './tokens';

const WINDOW_MS = 15 * 60 * 1000;
const perAccount = new FailureLimiter(5, WINDOW_MS);
const perAddress = new FailureLimiter(20, WINDOW_MS);

/** For tests: forget every counted failure. */
export function resetLoginLimits(): void {
  perAccount.clear();
  perAddress.clear();
}

export function presentSessionUser(row: UserRow): SessionUser {
  return { ...presentUser(row), abilities: abilitiesFor(row.role) };
}

// A hash of a random password, so an unknown email costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Signs a user in. Five failures for one account, or twenty from one address, in 15 minutes lock
 * further tries with 429 until the window passes. A deactivated user cannot sign in.
 */
export async function login(app: AppContext, input: LoginBody, address: string) {
  const accountKey = input.email.toLowerCase();
  if (perAccount.isBlocked(accountKey) || perAddress.isBlocked(address)) {
    throw tooManyRequests('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  }
  const user = await findUserByEmail(app.db, input.email);
  dummyHash ??= hashPassword('not-a-real-password', app.config.passwordCost);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  if (!user || !ok) {
    perAccount.fail(accountKey);
    perAddress.fail(address);
    throw unauthorized('Invalid email or password');
  }
  if (!user.is_active) {
    throw unauthorized('This account has been deactivated. Contact your administrator.');
  }
  perAccount.reset(accountKey);
  const updated = (await updateUser(app.db, user.id, { last_login: new Date() })) ?? user;
  return { token: signToken(app, updated), user: presentSessionUser(updated) };
}

async function requireSelf(app: AppContext, actor: Actor): Promise<UserRow> {
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

/** Ends every session of the user: all tokens issued so far stop working at once. */
export async function logout(app: AppContext, actor: Actor) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  await updateUser(app.db, row.id, {}, true);
  return { message: 'Logged out' };
}

/** Changes the password, revokes older tokens and returns a fresh token for this session. */
export async function changePassword(
  app: AppContext,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
) {
  authorize(actor, 'profile.update');
  const row = await requireSelf(app, actor);
  if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw badRequest('Current password is incorrect');
  }
  const password_hash = await hashPassword(input.newPassword, app.config.passwordCost);
  return app.db.transaction(async (trx) => {
    const updated = (await updateUser(trx, row.id, { password_hash }, true))!;
    await insertAudit(trx, actor, { action: 'change-password', entity: 'user', entityId: row.id });
    return { message: 'Password changed successfully', token: signToken(app, updated) };
  });
}

export async function updateProfile(app: AppContext, actor: Actor, input: { name: string; email: string }) {
  authorize(actor, 'profile.update');
  const row = await requireSelf(app, actor);
  const taken = await findUserByEmail(app.db, input.email);
  if (taken && taken.id !== row.id) {
    throw conflict('That email is already in use');
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
    return { user: presentSessionUser(updated) };
  });
}

/** Stores the user's Claude API key encrypted (AES-256-GCM); null or '' removes it. */
export async function updateApiKey(app: AppContext, actor: Actor, input: { claudeApiKey: string | null }) {
  authorize(actor, 'profile.update');
  const row = await requireSelf(app, actor);
  const key = input.claudeApiKey?.trim() || null;
  const claude_api_key_enc = key ? encryptSecret(key, app.config.secretsKey) : null;
  await updateUser(app.db, row.id, { claude_api_key_enc });
  return { hasApiKey: claude_api_key_enc !== null };
}

export async function hasApiKey(app: AppContext, actor: Actor) {
  authorize(actor, 'profile.read');
  const row = await requireSelf(app, actor);
  const has = row.claude_api_key_enc !== null;
  return { hasKey: has, hasApiKey: has };
}
