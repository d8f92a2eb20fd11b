import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@server/domains/admin/tokens';
import { createTestApp } from '../../test/app';
import { useApp } from '../../test/use-app';

const { t } = useApp();

/** Signs in as a browser with the given User-Agent; returns the token. */
async function signIn(u: { email: string; password: string }, device: string): Promise<string> {
  const res = await t.api('post', '/auth/login', {
    body: { email: u.email, password: u.password },
    headers: { 'User-Agent': device },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}
const me = async (token: string) => (await t.api('get', '/auth/me', { token })).status;
const sessionIdOf = (token: string) => (jwt.decode(token) as { sid: string }).sid;

describe('sessions', () => {
  it('lists the user’s sessions with device, address and last seen, marking this one', async () => {
    const u = await t.userWith('FINANCE');
    const laptop = await signIn(u, 'Laptop Firefox');
    await signIn(u, 'Phone Safari');
    const res = await t.api('get', '/auth/sessions', { token: laptop });
    expect(res.status).toBe(200);
    const devices = res.body.sessions.map((s: { device: string }) => s.device);
    expect(devices).toEqual(expect.arrayContaining(['Laptop Firefox', 'Phone Safari']));
    const current = res.body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([expect.objectContaining({ device: 'Laptop Firefox', address: '127.0.0.1' })]);
    expect(current[0].lastSeenAt).toEqual(expect.any(String));
  });

  it('logout ends only this session; the other device stays signed in', async () => {
    const u = await t.userWith('FINANCE');
    const a = await signIn(u, 'A');
    const b = await signIn(u, 'B');
    expect((await t.api('post', '/auth/logout', { token: a })).status).toBe(200);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(200);
  });

  it('ends another of one’s own sessions, and 404 for someone else’s', async () => {
    const u = await t.userWith('FINANCE');
    const other = await t.userWith('FINANCE');
    const a = await signIn(u, 'A');
    const b = await signIn(u, 'B');
    const foreign = await t.api('delete', `/auth/sessions/${sessionIdOf(b)}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(await me(b)).toBe(200);
    const own = await t.api('delete', `/auth/sessions/${sessionIdOf(b)}`, { token: a });
    expect(own.body).toEqual({ message: 'Session ended' });
    expect(await me(b)).toBe(401);
    expect(await me(a)).toBe(200);
    expect((await t.api('delete', '/auth/sessions/not-a-uuid', { token: a })).status).toBe(400);
  });

  it('sign out everywhere ends every session of the user', async () => {
    const u = await t.userWith('VIEW_ONLY');
    const a = await signIn(u, 'A');
    const b = await signIn(u, 'B');
    expect((await t.api('post', '/auth/logout-everywhere', { token: a })).status).toBe(200);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
    expect(await me(u.token)).toBe(401);
  });

  it('a session unused past the idle timeout, or older than the absolute limit, ends', async () => {
    const u = await t.userWith('FINANCE');
    const idle = await signIn(u, 'idle');
    const old = await signIn(u, 'old');
    const idleMinutes = t.app.config.sessionIdleMs / 60_000;
    await t.db
      .knex('sessions')
      .where({ id: sessionIdOf(idle) })
      .update({ last_seen_at: t.db.knex.raw(`now() - interval '${idleMinutes + 1} minutes'`) });
    const maxHours = t.app.config.sessionMaxMs / 3_600_000;
    await t.db
      .knex('sessions')
      .where({ id: sessionIdOf(old) })
      .update({ created_at: t.db.knex.raw(`now() - interval '${maxHours + 1} hours'`) });
    for (const token of [idle, old]) {
      const res = await t.api('get', '/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Session expired');
    }
  });

  it('writes last seen at most once a minute per session', async () => {
    const u = await t.userWith('FINANCE');
    const token = await signIn(u, 'A');
    const sid = sessionIdOf(token);
    const lastSeen = async () =>
      new Date((await t.db.knex('sessions').where({ id: sid }).first()).last_seen_at).getTime();
    await t.db
      .knex('sessions')
      .where({ id: sid })
      .update({ last_seen_at: t.db.knex.raw(`now() - interval '30 seconds'`) });
    const recent = await lastSeen();
    await me(token);
    expect(await lastSeen()).toBe(recent);
    await t.db
      .knex('sessions')
      .where({ id: sid })
      .update({ last_seen_at: t.db.knex.raw(`now() - interval '2 minutes'`) });
    const stale = await lastSeen();
    await me(token);
    expect(await lastSeen()).toBeGreaterThan(stale + 60_000);
  });

  it('refuses a token without the right audience or issuer, though signed with the secret', async () => {
    const u = await t.userWith('ADMIN');
    const sid = sessionIdOf(u.token);
    const sign = (options: jwt.SignOptions) =>
      jwt.sign({ sid }, t.app.config.jwtSecret, { algorithm: 'HS256', subject: String(u.id), ...options });
    for (const token of [
      sign({}),
      sign({ audience: 'someone-else', issuer: TOKEN_ISSUER }),
      sign({ audience: TOKEN_AUDIENCE, issuer: 'someone-else' }),
    ]) {
      expect(await me(token)).toBe(401);
    }
    expect(await me(sign({ audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER }))).toBe(200);
    // Another user's session id under this user's subject is refused.
    const other = await t.userWith('VIEW_ONLY');
    const swapped = jwt.sign({ sid: sessionIdOf(other.token) }, t.app.config.jwtSecret, {
      algorithm: 'HS256',
      subject: String(u.id),
      audience: TOKEN_AUDIENCE,
      issuer: TOKEN_ISSUER,
    });
    expect(await me(swapped)).toBe(401);
  });
});

describe('the idle timeout, to the second', () => {
  it('counts from the last request, though last seen is stored at most once a minute', async () => {
    const idleMs = 2_500;
    const short = await createTestApp({ config: { sessionIdleMs: idleMs } });
    try {
      const u = await short.userWith('FINANCE');
      const login = await short.api('post', '/auth/login', {
        body: { email: u.email, password: u.password },
      });
      const token = login.body.token as string;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // Requests every 1.5 s: never idle for 2.5 s, though the stored last seen stays at sign-in.
      for (let i = 0; i < 3; i += 1) {
        await sleep(1_500);
        expect((await short.api('get', '/auth/me', { token })).status).toBe(200);
      }
      // Then idle past the timeout: ended.
      await sleep(idleMs + 300);
      const ended = await short.api('get', '/auth/me', { token });
      expect(ended.status).toBe(401);
      expect(ended.body.error).toBe('Session expired');
    } finally {
      await short.close();
    }
  });
});
