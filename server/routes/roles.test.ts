import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY, type Action } from '@server/policies/index';
import { ROLES } from '@shared/schemas/common';
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

/**
 * The rule in words: VIEW_ONLY (the school committee) reads the views that hold
 * no individual pay (the stage history, the stage comparison by category, function and building,
 * the DESE report, budget vs actual); line-level salaries and every write of budget data stay with
 * ADMIN and FINANCE. (view-only-reports.test.ts checks the answers themselves.)
 */
describe('what VIEW_ONLY may reach', () => {
  const viewOnly = allRoutes.filter(
    (r) => r.action !== 'public' && (POLICY[r.action as Action] as readonly string[]).includes('VIEW_ONLY'),
  );
  const label = (r: (typeof allRoutes)[number]) => `${r.method.toUpperCase()} ${r.path}`;

  it('reads the stages, the stage comparison and its workbook, the DESE report and budget vs actual', () => {
    expect(viewOnly.map(label)).toEqual(
      expect.arrayContaining([
        'GET /budget-stages',
        'GET /budget-stages/compare',
        'GET /budget-stages/compare.xlsx',
        'GET /dese-report',
        'GET /dese-report.xlsx',
        'GET /ledger/report',
        'GET /ledger/imports',
      ]),
    );
  });

  it('reads no line (salaries) and writes nothing but its own account', () => {
    const lineLevel = allRoutes.filter((r) => r.action === 'lineItems.read').map(label);
    expect(lineLevel).toEqual(
      expect.arrayContaining(['GET /budget-stages/:id/snapshot', 'GET /history/:entity/:id']),
    );
    expect(viewOnly.map(label).filter((l) => lineLevel.includes(l))).toEqual([]);
    for (const route of viewOnly.filter((r) => r.method !== 'get')) {
      expect(route.path, label(route)).toMatch(/^\/auth\//);
    }
  });
});
