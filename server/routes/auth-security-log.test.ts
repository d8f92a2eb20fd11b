import { describe, expect, it } from 'vitest';
import type { Logger } from '@server/lib/log';
import { useApp } from '../../test/use-app';

// Every log line the server writes, to check what the security log says and never says.
const lines: string[] = [];
const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
  lines.push(JSON.stringify({ level, msg, ...fields }));
};
const log: Logger = {
  debug: capture('debug'),
  info: capture('info'),
  warn: capture('warn'),
  error: capture('error'),
};

const { t } = useApp([], { log });

describe('the security log', () => {
  it('records sign-ins, failures, refusals and account changes, without secrets, for an admin to filter', async () => {
    const admin = await t.userWith('ADMIN');
    const u = await t.userWith('FINANCE');
    const apiKey = 'sk-ant-never-log-this-0123456789';
    await t.api('post', '/auth/login', { body: { email: u.email, password: 'a-wrong-password' } });
    const ok = await t.api('post', '/auth/login', { body: { email: u.email, password: u.password } });
    const token = ok.body.token as string;
    expect((await t.api('get', '/auth/users', { token })).status).toBe(403);
    await t.api('put', '/auth/update-api-key', { token, body: { claudeApiKey: apiKey } });
    const changed = await t.api('put', '/auth/change-password', {
      token,
      body: { currentPassword: u.password, newPassword: 'another-long-secret-9' },
    });
    expect(changed.status).toBe(200);
    await t.api('put', `/auth/users/${u.id}`, { token: admin.token, body: { role: 'VIEW_ONLY' } });
    await t.api('post', '/auth/logout', { token: changed.body.token });

    const all = await t.api('get', `/auth/security-log?userId=${u.id}`, { token: admin.token });
    expect(all.status).toBe(200);
    const events = all.body.events.map((e: { event: string }) => e.event);
    expect(events).toEqual([
      'sign-out',
      'role-changed',
      'password-changed',
      'api-key-changed',
      'access-denied',
      'sign-in',
      'sign-in-failed',
    ]);
    const role = all.body.events[1];
    expect(role).toMatchObject({
      actor: admin.email,
      userEmail: u.email,
      detail: { from: 'FINANCE', to: 'VIEW_ONLY' },
    });
    expect(all.body.events[4].detail).toMatchObject({ route: 'GET /auth/users' });

    const failures = await t.api('get', '/auth/security-log?event=sign-in-failed', { token: admin.token });
    expect(failures.body.events.length).toBeGreaterThan(0);
    expect(failures.body.events.every((e: { event: string }) => e.event === 'sign-in-failed')).toBe(true);
    expect((await t.api('get', '/auth/security-log?event=nonsense', { token: admin.token })).status).toBe(
      400,
    );

    const logged = lines.filter((l) => l.includes('"msg":"security"'));
    expect(logged.length).toBeGreaterThanOrEqual(events.length);
    const stored = JSON.stringify(all.body);
    for (const secret of [u.password, 'a-wrong-password', 'another-long-secret-9', apiKey, token]) {
      expect(lines.join('\n')).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });

  it('is for admins only', async () => {
    const fin = await t.userWith('FINANCE');
    expect((await t.api('get', '/auth/security-log', { token: fin.token })).status).toBe(403);
    expect((await t.api('get', '/auth/security-log')).status).toBe(401);
  });
});

describe('POST /auth/exports', () => {
  it('records who exported which file, and refuses a malformed record', async () => {
    const admin = await t.userWith('ADMIN');
    const u = await t.userWith('FINANCE');
    expect((await t.api('post', '/auth/exports', { body: { fileName: 'x.xlsx', bytes: 1 } })).status).toBe(
      401,
    );
    const bad = await t.api('post', '/auth/exports', { token: u.token, body: { fileName: '', bytes: -1 } });
    expect(bad.status).toBe(400);
    const res = await t.api('post', '/auth/exports', {
      token: u.token,
      body: { fileName: 'salary-progression-FY26.xlsx', bytes: 20480 },
    });
    expect(res.status).toBe(200);
    const log = await t.api('get', `/auth/security-log?event=data-exported&userId=${u.id}`, {
      token: admin.token,
    });
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({
      actor: u.email,
      detail: { file: 'salary-progression-FY26.xlsx', bytes: 20480 },
    });
  });

  it('refuses a file name no file has (half a surrogate pair, a control character) with a 400, not a 500', async () => {
    const u = await t.userWith('FINANCE');
    for (const fileName of ['bad\ud800.xlsx', 'x\udc00', 'a\u0000b.csv']) {
      const res = await t.api('post', '/auth/exports', { token: u.token, body: { fileName, bytes: 1 } });
      expect(res.status, JSON.stringify(fileName)).toBe(400);
      expect(res.body.details[0].path).toBe('fileName');
    }
    // A whole pair (an emoji) is a name like any other.
    const ok = await t.api('post', '/auth/exports', {
      token: u.token,
      body: { fileName: 'budget 📊.xlsx', bytes: 1 },
    });
    expect(ok.status).toBe(200);
  });

  it('records at most 30 exports per user in 10 minutes: a flood is refused and writes nothing', async () => {
    const admin = await t.userWith('ADMIN');
    const u = await t.userWith('VIEW_ONLY');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (
          await t.api('post', '/auth/exports', {
            token: u.token,
            body: { fileName: `fake-${i}.csv`, bytes: 1 },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const log = await t.api('get', `/auth/security-log?event=data-exported&userId=${u.id}&limit=500`, {
      token: admin.token,
    });
    expect(log.body.events).toHaveLength(30);
    // Another user is not held back by this one's flood.
    const other = await t.userWith('FINANCE');
    expect(
      (
        await t.api('post', '/auth/exports', {
          token: other.token,
          body: { fileName: 'real.xlsx', bytes: 1 },
        })
      ).status,
    ).toBe(200);
  });
});

describe('the security log’s first view', () => {
  it('keeps failed sign-ins and role changes in sight however many exports are posted', async () => {
    const admin = await t.userWith('ADMIN');
    const target = await t.userWith('FINANCE');
    await t.api('put', `/auth/users/${target.id}`, { token: admin.token, body: { role: 'VIEW_ONLY' } });
    expect(
      (await t.api('post', '/auth/login', { body: { email: target.email, password: 'not-the-password' } }))
        .status,
    ).toBe(401);
    // Three signed-in users post as many export records as their limit lets them: 90 events.
    for (let u = 0; u < 3; u += 1) {
      const poster = await t.userWith('VIEW_ONLY');
      for (let i = 0; i < 30; i += 1) {
        const res = await t.api('post', '/auth/exports', {
          token: poster.token,
          body: { fileName: `invented-${i}.xlsx`, bytes: 1 },
        });
        expect(res.status).toBe(200);
      }
    }
    const first = await t.api('get', '/auth/security-log?limit=50', { token: admin.token });
    const events = first.body.events.map((e: { event: string }) => e.event);
    expect(events).toContain('role-changed');
    expect(events).toContain('sign-in-failed');
    expect(events).not.toContain('data-exported');
    // Everything is still there when asked for.
    const all = await t.api('get', '/auth/security-log?view=all&limit=50', { token: admin.token });
    expect(all.body.events.every((e: { event: string }) => e.event === 'data-exported')).toBe(true);
  });
});
