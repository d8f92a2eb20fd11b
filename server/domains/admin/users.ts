import type { AppContext } from '@server/context';
import { AppError, badRequest, conflict, forbidden, notFound, validationFailed } from '@server/errors';
import { generatePassword, hashPassword, passwordProblem } from '@server/lib/passwords';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as users from './queries/users';
import type { RegisterBody, UpdateUserBody } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/common';
import { recordSecurityEvent } from './security-log';

/** Lists every user, for User Management. */
export async function listUsers(app: AppContext, actor: Actor) {
  authorize(actor, 'users.manage');
  return { users: (await users.listUsers(app.db)).map(users.presentUser) };
}

/** Creates a user (there is no self sign-up: only an admin, or the CLI, registers people). */
export async function registerUser(app: AppContext, actor: Actor, input: RegisterBody) {
  authorize(actor, 'users.manage');
  if (await users.findUserByEmail(app.db, input.email)) {
    throw conflict('A user with that email already exists');
  }
  const problem = await passwordProblem(input.password, input);
  if (problem) {
    throw validationFailed([{ path: 'password', message: problem }]);
  }
  const password_hash = await hashPassword(input.password, app.config.passwordCost);
  return app.db.transaction(async (trx) => {
    const row = await users.insertUser(trx, {
      name: input.name,
      email: input.email,
      password_hash,
      role: input.role,
    });
    const user = users.presentUser(row);
    await insertAudit(trx, actor, { action: 'create', entity: 'user', entityId: row.id, after: user });
    return { user };
  });
}

function refuseSelf(actor: Actor, id: number, what: string): void {
  if (actor.kind === 'user' && actor.id === id) {
    throw forbidden(`You cannot ${what} your own account from User Management`);
  }
}

/**
 * Changes another user's name, email, role or active flag. Deactivation revokes their tokens at
 * once; the last active admin cannot be demoted or deactivated, so the district is never locked out.
 */
export async function updateUserById(app: AppContext, actor: Actor, id: number, input: UpdateUserBody) {
  authorize(actor, 'users.manage');
  refuseSelf(actor, id, 'change');
  return app.db.transaction(async (trx) => {
    const before = await users.findUserById(trx, id);
    if (!before) {
      throw notFound('User');
    }
    if (input.email && input.email !== before.email) {
      const taken = await users.findUserByEmail(trx, input.email);
      if (taken && taken.id !== id) {
        throw conflict('A user with that email already exists');
      }
    }
    const losesAdmin =
      before.role === 'ADMIN' &&
      before.is_active &&
      (input.isActive === false || (input.role ?? 'ADMIN') !== 'ADMIN');
    if (losesAdmin && (await users.countActiveAdmins(trx)) <= 1) {
      throw badRequest('At least one active administrator must remain');
    }
    const patch: Partial<users.UserRow> = {};
    if (input.name !== undefined) {
      patch.name = input.name;
    }
    if (input.email !== undefined) {
      patch.email = input.email;
    }
    if (input.role !== undefined) {
      patch.role = input.role as Role;
    }
    if (input.isActive !== undefined) {
      patch.is_active = input.isActive;
    }
    const row = (await users.updateUser(trx, id, patch, input.isActive === false))!;
    const user = users.presentUser(row);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      before: users.presentUser(before),
      after: user,
    });
    // Role and active-flag changes go to the security log too.
    const subject = { actor, subjectId: id };
    if (row.role !== before.role) {
      await recordSecurityEvent(app, trx, 'role-changed', {
        ...subject,
        detail: { from: before.role, to: row.role },
      });
    }
    if (row.is_active !== before.is_active) {
      await recordSecurityEvent(app, trx, row.is_active ? 'user-activated' : 'user-deactivated', subject);
    }
    return { user };
  });
}

/** Deletes another user; what they wrote keeps its history with the author set to null. */
export async function deleteUserById(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'users.manage');
  refuseSelf(actor, id, 'delete');
  return app.db.transaction(async (trx) => {
    const before = await users.findUserById(trx, id);
    if (!before) {
      throw notFound('User');
    }
    if (before.role === 'ADMIN' && before.is_active && (await users.countActiveAdmins(trx)) <= 1) {
      throw badRequest('At least one active administrator must remain');
    }
    await users.deleteUser(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      before: users.presentUser(before),
    });
    await recordSecurityEvent(app, trx, 'user-deleted', {
      actor,
      subjectId: id,
      detail: { email: before.email },
    });
    return { message: 'User deleted' };
  });
}

/** Deactivates a user by email (the CLI's `users deactivate`). */
export async function deactivateUserByEmail(app: AppContext, actor: Actor, email: string) {
  const row = await users.findUserByEmail(app.db, email);
  if (!row) {
    throw notFound('User');
  }
  return updateUserById(app, actor, row.id, { isActive: false });
}

/**
 * On start, when no active admin exists (a new database, or one the demo seed filled with personas
 * only), creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.org with a random
 * password that the caller prints once. Returns null when an admin exists or the email is taken.
 */
export async function ensureAdmin(
  app: AppContext,
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if ((await users.countActiveAdmins(app.db)) > 0) {
    return null;
  }
  const email = app.config.adminEmail ?? 'admin@example.org';
  if (await users.findUserByEmail(app.db, email)) {
    app.log.warn('No active admin, and the admin email belongs to an existing user; not creating one', {
      email,
    });
    return null;
  }
  const generated = !app.config.adminPassword;
  const password = app.config.adminPassword ?? generatePassword();
  const problem = generated
    ? null
    : await passwordProblem(password, { email, name: 'District Administrator' });
  if (problem) {
    // The first admin holds every key: a common ADMIN_PASSWORD stops the start, it is not kept.
    throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
  }
  await users.insertUser(app.db, {
    name: 'District Administrator',
    email,
    password_hash: await hashPassword(password, app.config.passwordCost),
    role: 'ADMIN',
  });
  return { email, password, generated };
}

/**
 * The actor a command-line user acts as (`budget-cli --as <email>`): an active user, so audit rows
 * name them and their role's permissions apply. 404 when no active user has that email.
 */
export async function actorForEmail(app: AppContext, email: string): Promise<Actor> {
  const user = await users.findUserByEmail(app.db, email);
  if (!user || !user.is_active) {
    throw new AppError(404, 'NOT_FOUND', `No active user with email ${email} (from --as)`);
  }
  return { kind: 'user', id: user.id, role: user.role, name: user.name, email: user.email };
}
