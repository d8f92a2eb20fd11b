import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t } = useApp();

const countUsers = async () => Number((await t.db.knex('users').count('* as c'))[0].c);

describe('POST /auth/login', () => {
  it('returns 400 for malformed JSON, missing fields and extra fields', async () => {
    const bad = await t.api('post', '/auth/login', { body: '{"email": "x@y.org",' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_JSON', error: 'Malformed JSON in request body' });
    const missing = await t.api('post', '/auth/login', { body: { email: 'a@b.org' } });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContainEqual({ path: 'password', message: expect.any(String) });
    const extra = await t.api('post', '/auth/login', {
      body: { email: 'a@b.org', password: 'x', role: 'ADMIN' },
    });
    expect(extra.status).toBe(400);
  });

  it('returns 401 for a wrong password and for an unknown email, with one message', async () => {
    const u = await t.userWith('FINANCE');
    const wrong = await t.api('post', '/auth/login', {
      body: { email: u.email, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    const unknown = await t.api('post', '/auth/login', {
      body: { email: 'nobody@example.org', password: 'x' },
    });
    expect(unknown.body.error).toBe('Invalid email or password');
  });

  it('refuses a deactivated user', async () => {
    const u = await t.userWith('FINANCE', { isActive: false });
    const res = await t.api('post', '/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/deactivated/);
  });

  it('signs in, records lastLogin and never returns the hash', async () => {
    const u = await t.userWith('VIEW_ONLY');
    const res = await t.api('post', '/auth/login', {
      body: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: u.email,
      role: 'VIEW_ONLY',
      isActive: true,
      hasApiKey: false,
    });
    expect(res.body.user.lastLogin).not.toBeNull();
    expect(res.body.user.abilities['users.manage']).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
    const header = JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
  });

  it('returns 429 after five failures for one account from one address, even with the right password', async () => {
    const u = await t.userWith('FINANCE');
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await t.api('post', '/auth/login', { body: { email: u.email, password: 'nope-nope' } })).status,
      ).toBe(401);
    }
    const locked = await t.api('post', '/auth/login', { body: { email: u.email, password: u.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
  });
});

describe('GET /auth/me', () => {
  it('returns 401 without a token', async () => {
    expect((await t.api('get', '/auth/me')).status).toBe(401);
  });

  it('returns 401 for tokens signed with another secret, another algorithm, or expired', async () => {
    const u = await t.userWith('ADMIN');
    const otherSecret = jwt.sign({ tv: 0 }, 'another-secret-another-secret-123', { subject: String(u.id) });
    const none = jwt.sign({ tv: 0 }, '', { subject: String(u.id), algorithm: 'none' });
    const hs512 = jwt.sign({ tv: 0 }, t.app.config.jwtSecret, { subject: String(u.id), algorithm: 'HS512' });
    const expired = jwt.sign({ tv: 0, exp: Math.floor(Date.now() / 1000) - 10 }, t.app.config.jwtSecret, {
      subject: String(u.id),
    });
    for (const token of [otherSecret, none, hs512, expired]) {
      const res = await t.api('get', '/auth/me', { token });
      expect(res.status).toBe(401);
    }
    expect((await t.api('get', '/auth/me', { token: expired })).body.error).toBe('Session expired');
  });

  it('returns the signed-in user', async () => {
    const u = await t.userWith('FINANCE');
    const res = await t.api('get', '/auth/me', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.id, role: 'FINANCE' });
    expect(res.body.user.abilities['lineItems.read']).toBe(true);
  });
});

describe('POST /auth/logout', () => {
  it('makes this session’s token stop working at once', async () => {
    const u = await t.userWith('FINANCE');
    expect((await t.api('post', '/auth/logout', { token: u.token })).status).toBe(200);
    expect((await t.api('get', '/auth/me', { token: u.token })).status).toBe(401);
  });
});

describe('PUT /auth/change-password', () => {
  it('returns 400 for a short password or a wrong current password, and changes nothing', async () => {
    const u = await t.userWith('FINANCE');
    const short = await t.api('put', '/auth/change-password', {
      token: u.token,
      body: { currentPassword: u.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.details[0]).toEqual({
      path: 'newPassword',
      message: 'Password must be at least 8 characters',
    });
    const wrong = await t.api('put', '/auth/change-password', {
      token: u.token,
      body: { currentPassword: 'not-it-at-all', newPassword: 'long-enough-1' },
    });
    expect(wrong.status).toBe(400);
    expect(
      (await t.api('post', '/auth/login', { body: { email: u.email, password: u.password } })).status,
    ).toBe(200);
  });

  it('changes the password, revokes old tokens and returns a working one', async () => {
    const u = await t.userWith('FINANCE');
    const res = await t.api('put', '/auth/change-password', {
      token: u.token,
      body: { currentPassword: u.password, newPassword: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect((await t.api('get', '/auth/me', { token: u.token })).status).toBe(401);
    expect((await t.api('get', '/auth/me', { token: res.body.token })).status).toBe(200);
    expect(
      (await t.api('post', '/auth/login', { body: { email: u.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
  });
});

describe('PUT /auth/update-api-key', () => {
  it('stores the key encrypted and only ever reports whether one exists', async () => {
    const u = await t.userWith('FINANCE');
    const key = 'sk-ant-test-0123456789abcdef';
    const res = await t.api('put', '/auth/update-api-key', { token: u.token, body: { claudeApiKey: key } });
    expect(res.body).toEqual({ hasApiKey: true });
    const row = await t.db.knex('users').where({ id: u.id }).first();
    expect(row.claude_api_key_enc).toBeTruthy();
    expect(row.claude_api_key_enc).not.toContain(key);
    const has = await t.api('get', '/auth/has-api-key', { token: u.token });
    expect(has.body).toEqual({ hasKey: true, hasApiKey: true });
    const me = await t.api('get', '/auth/me', { token: u.token });
    expect(JSON.stringify(me.body)).not.toContain(key);
    expect(me.body.user.hasApiKey).toBe(true);
    const cleared = await t.api('put', '/auth/update-api-key', {
      token: u.token,
      body: { claudeApiKey: null },
    });
    expect(cleared.body).toEqual({ hasApiKey: false });
  });

  it('refuses to store a key for a VIEW_ONLY user, who may not run an analysis, and stores nothing', async () => {
    const u = await t.userWith('VIEW_ONLY');
    const res = await t.api('put', '/auth/update-api-key', {
      token: u.token,
      body: { claudeApiKey: 'sk-ant-test-viewer-0123456789' },
    });
    expect(res.status).toBe(403);
    const row = await t.db.knex('users').where({ id: u.id }).first();
    expect(row.claude_api_key_enc).toBeNull();
    const cleared = await t.api('put', '/auth/update-api-key', {
      token: u.token,
      body: { claudeApiKey: null },
    });
    expect(cleared.body).toEqual({ hasApiKey: false });
  });
});

describe('POST /auth/register', () => {
  const body = (n: string) => ({
    email: `new-${n}@example.org`,
    password: 'twelve-chars',
    name: 'New Person',
  });

  it('returns 401 without a token', async () => {
    expect((await t.api('post', '/auth/register', { body: body('x') })).status).toBe(401);
  });

  it('returns 400 for a bad role, a short password, a bad email or a mass-assigned field', async () => {
    const admin = await t.userWith('ADMIN');
    const before = await countUsers();
    for (const b of [
      { ...body('r1'), role: 'SUPERUSER' },
      { ...body('r2'), password: 'short' },
      { ...body('r3'), email: 'not-an-email' },
      { ...body('r4'), isActive: false },
      { email: 'only@example.org' },
    ]) {
      const res = await t.api('post', '/auth/register', { token: admin.token, body: b });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await countUsers()).toBe(before);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const role of ['FINANCE', 'VIEW_ONLY'] as const) {
      const u = await t.userWith(role);
      expect((await t.api('post', '/auth/register', { token: u.token, body: body(role) })).status).toBe(403);
    }
  });

  it('creates a FINANCE user by default, and 409 for a taken email', async () => {
    const admin = await t.userWith('ADMIN');
    const res = await t.api('post', '/auth/register', { token: admin.token, body: body('ok') });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'new-ok@example.org', role: 'FINANCE', isActive: true });
    const again = await t.api('post', '/auth/register', {
      token: admin.token,
      body: { ...body('ok'), email: 'NEW-OK@example.org' },
    });
    expect(again.status).toBe(409);
    const audit = await t.db.knex('audit_log').where({ entity: 'user', entity_id: String(res.body.user.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0].user_id).toBe(admin.id);
  });
});

describe('PUT /auth/users/:id and DELETE /auth/users/:id', () => {
  it('refuses changes to one’s own row', async () => {
    const admin = await t.userWith('ADMIN');
    const role = await t.api('put', `/auth/users/${admin.id}`, {
      token: admin.token,
      body: { role: 'VIEW_ONLY' },
    });
    expect(role.status).toBe(403);
    const del = await t.api('delete', `/auth/users/${admin.id}`, { token: admin.token });
    expect(del.status).toBe(403);
    expect((await t.db.knex('users').where({ id: admin.id }).first()).role).toBe('ADMIN');
  });

  it('returns 404 for an unknown user and 400 for a bad id', async () => {
    const admin = await t.userWith('ADMIN');
    expect(
      (await t.api('put', '/auth/users/424242', { token: admin.token, body: { isActive: false } })).status,
    ).toBe(404);
    expect((await t.api('delete', '/auth/users/abc', { token: admin.token })).status).toBe(400);
  });

  it('rejects fields outside name, email, role and isActive', async () => {
    const admin = await t.userWith('ADMIN');
    const other = await t.userWith('FINANCE');
    const res = await t.api('put', `/auth/users/${other.id}`, {
      token: admin.token,
      body: { passwordHash: 'x' },
    });
    expect(res.status).toBe(400);
  });

  it('deactivation stops the user’s tokens and sign-in at once; activation restores sign-in', async () => {
    const admin = await t.userWith('ADMIN');
    const other = await t.userWith('FINANCE');
    const res = await t.api('put', `/auth/users/${other.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.isActive).toBe(false);
    expect((await t.api('get', '/auth/me', { token: other.token })).status).toBe(401);
    expect(
      (await t.api('post', '/auth/login', { body: { email: other.email, password: other.password } })).status,
    ).toBe(401);
    await t.api('put', `/auth/users/${other.id}`, { token: admin.token, body: { isActive: true } });
    expect(
      (await t.api('post', '/auth/login', { body: { email: other.email, password: other.password } })).status,
    ).toBe(200);
  });

  it('a role change applies to the next request', async () => {
    const admin = await t.userWith('ADMIN');
    const other = await t.userWith('ADMIN');
    expect((await t.api('get', '/auth/users', { token: other.token })).status).toBe(200);
    await t.api('put', `/auth/users/${other.id}`, { token: admin.token, body: { role: 'VIEW_ONLY' } });
    expect((await t.api('get', '/auth/users', { token: other.token })).status).toBe(403);
  });

  it('deletes another user and records who did it', async () => {
    const admin = await t.userWith('ADMIN');
    const other = await t.userWith('VIEW_ONLY');
    expect((await t.api('delete', `/auth/users/${other.id}`, { token: admin.token })).status).toBe(200);
    expect(await t.db.knex('users').where({ id: other.id }).first()).toBeUndefined();
    expect((await t.api('get', '/auth/me', { token: other.token })).status).toBe(401);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'user', entity_id: String(other.id), action: 'delete' });
    expect(audit).toHaveLength(1);
  });
});

describe('GET /auth/users', () => {
  it('returns 403 for FINANCE and the list for ADMIN', async () => {
    const fin = await t.userWith('FINANCE');
    expect((await t.api('get', '/auth/users', { token: fin.token })).status).toBe(403);
    const admin = await t.userWith('ADMIN');
    const res = await t.api('get', '/auth/users', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.users.length).toBeGreaterThan(1);
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|scrypt/);
  });
});
