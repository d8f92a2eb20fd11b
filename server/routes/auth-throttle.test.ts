import { describe, expect, it } from 'vitest';
import { SECURITY_ENTITY } from '@server/domains/admin/queries/security-events';
import { createTestApp } from '../../test/app';
import { useApp } from '../../test/use-app';

// Behind one trusted proxy (TRUST_PROXY=1), so each test can sign in "from" several addresses.
const { t } = useApp([], { config: { trustProxy: 1 } });

const from = (address: string) => ({ 'X-Forwarded-For': address });
const login = (email: string, password: string, address: string) =>
  t.api('post', '/auth/login', { body: { email, password }, headers: from(address) });

describe('sign-in throttling', () => {
  it('five wrong passwords from one address refuse that address, not the owner elsewhere', async () => {
    const u = await t.userWith('ADMIN');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(u.email, 'wrong-guess', '198.51.100.1')).status).toBe(401);
    }
    const attacker = await login(u.email, u.password, '198.51.100.1');
    expect(attacker.status).toBe(429);
    expect(attacker.body.code).toBe('RATE_LIMITED');
    // The owner, at their own desk, signs in with the right password.
    expect((await login(u.email, u.password, '192.0.2.10')).status).toBe(200);
  });

  it('guesses from many addresses slow the account down but the right password still passes', async () => {
    const u = await t.userWith('FINANCE');
    for (let i = 0; i < 12; i += 1) {
      expect((await login(u.email, 'wrong-guess', `198.51.100.${20 + i}`)).status).toBe(401);
    }
    const started = Date.now();
    expect((await login(u.email, u.password, '192.0.2.11')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(t.app.config.loginSlowdownMs);
  });

  it('shows the owner the failed attempts on their account, with the address', async () => {
    const u = await t.userWith('VIEW_ONLY');
    await login(u.email, 'wrong-guess', '198.51.100.77');
    await login(u.email, 'wrong-again', '198.51.100.77');
    const res = await t.api('get', '/auth/sessions', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.failedAttempts).toHaveLength(2);
    expect(res.body.failedAttempts[0]).toMatchObject({ address: '198.51.100.77', kind: 'sign-in' });
    // The next sign-in says so at once; the one after has nothing new to tell.
    expect((await login(u.email, u.password, '192.0.2.5')).body.failedAttempts).toBe(2);
    expect((await login(u.email, u.password, '192.0.2.5')).body.failedAttempts).toBe(0);
  });
});

describe('counting before checking', () => {
  it('forty guesses sent at once from one address reach the password at most five times', async () => {
    const u = await t.userWith('FINANCE');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(u.email, `wrong-${i}`, '198.51.100.200')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const checked = await t.db
      .knex('audit_log')
      .where({ entity: SECURITY_ENTITY, entity_id: String(u.id), action: 'sign-in-failed' })
      .count({ n: '*' });
    expect(Number(checked[0].n)).toBe(5);
    // Right passwords take their count back: the owner signs in from elsewhere, again and again.
    for (let i = 0; i < 6; i += 1) {
      expect((await login(u.email, u.password, '192.0.2.99')).status).toBe(200);
    }
  });

  it('a failed sign-in on an account that does not exist records the name tried, never the password', async () => {
    const res = await login('  Invented.Person@Example.org', 'Secret-Guess-123', '198.51.100.201');
    expect(res.status).toBe(401);
    const row = await t.db
      .knex('audit_log')
      .where({ entity: SECURITY_ENTITY, action: 'sign-in-failed' })
      .whereRaw("after->>'nameTried' = ?", ['invented.person@example.org'])
      .first();
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain('Secret-Guess-123');
  });
});

describe('the client address behind a trusted proxy', () => {
  it('keys on the address the proxy saw, not on X-Forwarded-For entries the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 26; i += 1) {
      // The client forges the left-most entry; the proxy appends the address it saw.
      const res = await login(`nobody-${i}@example.org`, 'wrong-guess', `10.9.8.${i}, 203.0.113.7`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Another address the proxy saw is its own count, even with the same forged entry.
    expect((await login('nobody-x@example.org', 'wrong-guess', '10.9.8.1, 203.0.113.8')).status).toBe(401);
  });

  it('counts TRUST_PROXY hops from the right', async () => {
    const two = await createTestApp({ config: { trustProxy: 2 } });
    try {
      const u = await two.userWith('FINANCE');
      const res = await two.api('post', '/auth/login', {
        body: { email: u.email, password: u.password },
        headers: from('10.0.0.1, 203.0.113.50, 10.1.1.1'),
      });
      expect(res.status).toBe(200);
      const sessions = await two.api('get', '/auth/sessions', { token: res.body.token });
      expect(sessions.body.sessions.find((s: { current: boolean }) => s.current).address).toBe(
        '203.0.113.50',
      );
    } finally {
      await two.close();
    }
  });
});

describe('current-password checks share the sign-in throttle', () => {
  it('refuses with 429 after repeated wrong current passwords, the right one included', async () => {
    const u = await t.userWith('FINANCE');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await t.api('put', '/auth/change-password', {
        token: u.token,
        headers: from('198.51.100.200'),
        body: { currentPassword: `wrong-${i}-guess`, newPassword: 'a-brand-new-secret' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await t.api('put', '/auth/change-password', {
      token: u.token,
      headers: from('198.51.100.200'),
      body: { currentPassword: u.password, newPassword: 'a-brand-new-secret' },
    });
    expect(right.status).toBe(429);
    const sessions = await t.api('get', '/auth/sessions', { token: u.token });
    expect(sessions.body.failedAttempts[0]).toMatchObject({ kind: 'password-check' });
  });
});
