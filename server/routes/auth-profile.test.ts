import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '@server/domains/admin/users';
import { createTestApp } from '../../test/app';
import { useApp } from '../../test/use-app';

const { t } = useApp();

describe('PUT /auth/update-profile', () => {
  it('changes the name without a password', async () => {
    const a = await t.userWith('VIEW_ONLY');
    const res = await t.api('put', '/auth/update-profile', {
      token: a.token,
      body: { name: 'Renamed Person', email: a.email },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Renamed Person', email: a.email });
  });

  it('asks for the current password to change the email, and refuses a wrong one', async () => {
    const a = await t.userWith('FINANCE');
    const b = await t.userWith('FINANCE');
    const email = `renamed-${a.id}@example.org`;
    for (const body of [
      { name: 'A', email },
      { name: 'A', email, currentPassword: 'not-my-password' },
      // A taken email without the password: the same 400, nothing said about the other account.
      { name: 'A', email: b.email },
    ]) {
      const res = await t.api('put', '/auth/update-profile', { token: a.token, body });
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe('currentPassword');
    }
    expect((await t.api('get', '/auth/me', { token: a.token })).body.user.email).toBe(a.email);
    const taken = await t.api('put', '/auth/update-profile', {
      token: a.token,
      body: { name: 'A', email: b.email, currentPassword: a.password },
    });
    expect(taken.status).toBe(409);
    const res = await t.api('put', '/auth/update-profile', {
      token: a.token,
      body: { name: 'A', email, currentPassword: a.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });
});

describe('password rules', () => {
  it('refuses the most common passwords and the user’s own email or name', async () => {
    const admin = await t.userWith('ADMIN');
    const u = await t.userWith('FINANCE', {
      name: 'Dana Whitfield',
      email: `dana.whitfield.${Date.now()}@example.org`,
    });
    for (const newPassword of [
      'password',
      '12345678',
      'Password1',
      u.email,
      u.email.split('@')[0],
      'dana whitfield',
    ]) {
      const res = await t.api('put', '/auth/change-password', {
        token: u.token,
        body: { currentPassword: u.password, newPassword },
      });
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe('newPassword');
    }
    const registered = await t.api('post', '/auth/register', {
      token: admin.token,
      body: { email: `common-${u.id}@example.org`, name: 'Common Choice', password: '12345678' },
    });
    expect(registered.status).toBe(400);
    expect(registered.body.details[0]).toMatchObject({
      path: 'password',
      message: expect.stringMatching(/common/),
    });
    expect(
      (await t.api('post', '/auth/login', { body: { email: u.email, password: u.password } })).status,
    ).toBe(200);
  });
});

describe('the first admin', () => {
  it('is not created with a common ADMIN_PASSWORD', async () => {
    const fresh = await createTestApp({
      config: { adminEmail: 'it@town.example', adminPassword: 'password1' },
    });
    try {
      await expect(ensureAdmin(fresh.app)).rejects.toThrow(/ADMIN_PASSWORD is refused: .*common/);
      expect(await fresh.db.knex('users').where({ email: 'it@town.example' }).first()).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
