import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// A policy on every response that lets only the app's own scripts run (the
// session token is readable by script), and no caching of signed-in API answers.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const directives = (header: string | null) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('send a Content-Security-Policy with no inline script on API answers, errors and pages', async () => {
    const finance = await t.userWith('FINANCE');
    const responses = [
      await t.api('get', '/health'),
      await t.api('get', '/line-items/fiscal-years?budgetYearId=1', { token: finance.token }),
      await t.api('get', '/no-such-route', { token: finance.token }),
      await t.api('post', '/auth/login', { body: { email: 'x@example.org', password: 'wrong-password' } }),
    ];
    const page = await fetch(`${t.url}/login`);
    for (const headers of [...responses.map((r) => r.headers), page.headers]) {
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('mark signed-in API answers no-store, and leave the public ones cacheable', async () => {
    const finance = await t.userWith('FINANCE');
    const me = await t.api('get', '/auth/me', { token: finance.token });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const health = await t.api('get', '/health');
    expect(health.headers.get('cache-control')).not.toBe('no-store');
  });
});
