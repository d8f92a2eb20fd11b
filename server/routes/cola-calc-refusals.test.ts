import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertEmployees } from '../../test/factories';
import { buildColaWorld, type ColaWorld } from '../../test/worlds/cola-calc.world';

const { t, finance } = useApp(['FINANCE']);
let w: ColaWorld;
beforeAll(async () => {
  w = await buildColaWorld(t.db.knex);
});

const saved = async () => Number((await t.db.knex('rif_calculations').count('* as n'))[0].n);

/** Expects a 400 whose details name `path`, and no calculation saved by it. */
async function refused(method: 'get' | 'post', url: string, body: unknown, path: string, message?: RegExp) {
  const before = await saved();
  const res = await t.api(method, url, { token: finance.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
  if (message) {
    expect(res.body.error).toMatch(message);
  }
  expect(await saved()).toBe(before);
  return res.body;
}

describe('COLA calculation refusals', () => {
  it('refuses a scenario id of nothing, naming scenarioId, on every calculation', async () => {
    const scope = { budgetYearId: w.budgetYearId, scenarioId: 999_999 };
    await refused('post', '/cola/calculate', scope, 'scenarioId', /Invalid scenario selected/);
    await refused('post', '/cola/calculate-rif-gap', scope, 'scenarioId', /Invalid scenario selected/);
    await refused(
      'get',
      `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&scenarioId=999999`,
      undefined,
      'scenarioId',
    );
    await refused('get', '/cola/multi-year-projection?scenarioId=x', undefined, 'scenarioId');
    await refused('post', '/cola/calculate-rif-gap', { scenarioId: 0 }, 'scenarioId');
  });

  it('refuses an end year before the start year, and more than 10 years at once', async () => {
    const scope = { budgetYearId: w.budgetYearId, scenarioId: w.scenarioId };
    await refused(
      'post',
      '/cola/calculate',
      { ...scope, startYear: 2029, endYear: 2028 },
      'endYear',
      /before/,
    );
    await refused(
      'post',
      '/cola/calculate',
      { ...scope, startYear: 2027, endYear: 2037 },
      'endYear',
      /At most 10/,
    );
    await refused('get', '/cola/multi-year-projection?startYear=2030&endYear=2029', undefined, 'endYear');
    await refused('get', '/cola/multi-year-projection?startYear=2027&endYear=2040', undefined, 'endYear');
    await refused('post', '/cola/calculate', { ...scope, startYear: 'next year' }, 'startYear');
    // Ten years is allowed.
    const ten = await t.api('post', '/cola/calculate', {
      token: finance.token,
      body: { ...scope, startYear: 2027, endYear: 2036 },
    });
    expect(ten.status).toBe(200);
    expect(ten.body.years).toHaveLength(10);
  });

  it('refuses a fiscal year with no employees before it to start from', async () => {
    const scope = { budgetYearId: w.budgetYearId, scenarioId: w.scenarioId };
    await refused('post', '/cola/calculate-rif-gap', { ...scope, fiscalYear: 2026 }, 'fiscalYear', /FY26/);
    await refused('post', '/cola/calculate', { ...scope, startYear: 2020, endYear: 2021 }, 'startYear');
    await refused(
      'get',
      `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&startYear=2026&endYear=2027`,
      undefined,
      'startYear',
    );
    // A base year whose employees are all leaving has nobody to move.
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db);
    const scenarioId = await buildScenario(db, budgetYearId, 'operating');
    await insertEmployees(db, [
      { budgetYearId, scenarioId, fiscalYear: 2026, salary: '50000.00', status: 'Retiring' },
    ]);
    await refused('post', '/cola/calculate-rif-gap', { budgetYearId }, 'fiscalYear', /no Active employees/);
    // A budget year of nothing is not found.
    const missing = await t.api('post', '/cola/calculate', {
      token: finance.token,
      body: { budgetYearId: 999_999 },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses negative, non-numeric and over-precise money, naming the field', async () => {
    const scope = { budgetYearId: w.budgetYearId, scenarioId: w.scenarioId };
    const rif = '/cola/calculate-rif-gap';
    await refused('post', rif, { ...scope, townFundingAmount: -1 }, 'townFundingAmount', /negative/);
    await refused('post', rif, { ...scope, baselineBudget: 'lots' }, 'baselineBudget');
    await refused('post', rif, { ...scope, baselineBudget: 100.123 }, 'baselineBudget', /2 decimal/);
    await refused('post', rif, { ...scope, townFundingAmount: 1e13 }, 'townFundingAmount', /too large/);
    await refused('post', rif, { ...scope, includeStepsLanes: 'yes' }, 'includeStepsLanes');
    await refused('post', rif, { ...scope, colaRate: 3 }, '');
    const multi = `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}`;
    await refused('get', `${multi}&baselineBudget=-5`, undefined, 'baselineBudget', /negative/);
    await refused('get', `${multi}&townFunding=abc`, undefined, 'townFunding');
    await refused('get', `${multi}&townFunding=1,000`, undefined, 'townFunding');
    await refused('get', '/cola/rif-calculations?limit=51', undefined, 'limit');
    await refused('get', '/cola/rif-calculations?limit=0', undefined, 'limit');
  });

  it('refuses VIEW_ONLY on every call and lets ADMIN and FINANCE in', async () => {
    const viewer = (await t.userWith('VIEW_ONLY')).token;
    const admin = (await t.userWith('ADMIN')).token;
    const scope = { budgetYearId: w.budgetYearId, scenarioId: w.scenarioId };
    const calls: [string, string, unknown][] = [
      ['post', '/cola/calculate', scope],
      // This world has no proposed budget and no goals: the figures are given.
      ['post', '/cola/calculate-rif-gap', { ...scope, baselineBudget: 1000, townFundingAmount: 1000 }],
      ['get', '/cola/rif-calculations', undefined],
      ['get', `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&baselineBudget=1000`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const before = await saved();
      const res = await t.api(method, url, { token: viewer, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await saved()).toBe(before);
      expect((await t.api(method, url, { token: admin, body })).status).toBe(200);
      expect((await t.api(method, url, { token: finance.token, body })).status).toBe(200);
    }
  });
});
