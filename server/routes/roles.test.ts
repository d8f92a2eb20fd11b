import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY, type Action } from '@server/policies/index';
import { ROLES } from '@server/schemas/common';
import { allRoutes } from '@server/routes/index';
import { createTestApp, type TestApp } from '../../test/app';

const concrete = (path: string) => path.replace(/:(\w+)/g, '999999');

describe('every registered route enforces the policy table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const guarded = allRoutes.filter((r) => r.action !== 'public');

  it('covers at least the authentication routes', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(10);
  });

  for (const route of guarded) {
    const label = `${route.method.toUpperCase()} ${route.path}`;
    it(`${label} returns 401 without a token and with a forged one`, async () => {
      expect((await t.api(route.method, concrete(route.path))).status).toBe(401);
      const forged = await t.api(route.method, concrete(route.path), { token: 'not.a.jwt' });
      expect(forged.status).toBe(401);
    });
    for (const role of ROLES) {
      const allowed = (POLICY[route.action as Action] as readonly string[]).includes(role);
      it(`${label} ${allowed ? 'lets' : 'returns 403 for'} ${role}`, async () => {
        const user = await t.userWith(role);
        const res = await t.api(route.method, concrete(route.path), {
          token: user.token,
          body: route.method === 'get' ? undefined : {},
        });
        if (allowed) {
          expect([401, 403]).not.toContain(res.status);
        } else {
          expect(res.status).toBe(403);
          expect(res.body.code).toBe('FORBIDDEN');
        }
      });
    }
  }
});
