import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@server/routes/index';
import { routeKey } from '../../test/response-check';
import { createTestApp, type TestApp } from '../../test/app';
import { isIdKey, names, probesOf, type IdProbe } from '../../test/id-probes';

/**
 * The id columns are PostgreSQL integers: an id past 2147483647 is no row's, and sent to the
 * database it fails the statement (a 500 with a stack trace in the log). Every route stops such an
 * id at its edge instead: a 400 naming the field (or a 404). Ids just past the column and far past
 * it (yet within the 2^53 a JSON number holds exactly) go into every path, query and body field
 * the route's schemas call an id, as ADMIN, whom no route refuses.
 */
const BEYOND = [2_147_483_648, 10 ** 15];

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWith('ADMIN');
});
afterAll(() => t.close());

async function send(route: (typeof allRoutes)[number], probe: IdProbe) {
  const query = probe.query ? `?${new URLSearchParams(probe.query).toString()}` : '';
  return t.api(route.method, `${probe.path}${query}`, {
    token: admin.token,
    body: probe.body ?? (route.method === 'get' || route.method === 'delete' ? undefined : {}),
  });
}

describe('ids past the integer columns', () => {
  const probed = allRoutes.flatMap((route) =>
    BEYOND.flatMap((big) => probesOf(route, big).map((p) => ({ route, p }))),
  );

  it('reaches the routes that take an id in each place', () => {
    const keys = (where: IdProbe['where']) =>
      new Set(probed.filter((x) => x.p.where === where).map((x) => routeKey(x.route)));
    // A walk that found nothing would pass every check below without testing anything.
    expect(keys('path').size).toBeGreaterThan(60);
    expect(keys('query').size).toBeGreaterThan(40);
    expect(keys('body').size).toBeGreaterThan(40);
    expect([...keys('body')]).toEqual(
      expect.arrayContaining(['POST /line-items/merge-duplicates', 'PUT /scenarios/floors']),
    );
  });

  for (const { route, p } of probed) {
    const label = `${routeKey(route)} ${p.where} ${p.fields.join(', ')} = ${JSON.stringify(p.body ?? p.query ?? p.path)}`;
    it(label, async () => {
      const res = await send(route, p);
      expect(res.status, JSON.stringify(res.body)).not.toBe(500);
      if (res.status !== 404) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        for (const field of p.fields) {
          expect(names(res.body.details ?? [], field), `${field} in ${JSON.stringify(res.body)}`).toBe(true);
        }
      }
    });
  }
});

describe('ids the field names do not announce', () => {
  const probes: [string, string][] = [
    // Budget vs actual opens one group by its category's or building's id.
    [
      'group',
      '/ledger/report?budgetYearId=1&fiscalYear=2027&by=category&accounts=all&group=1000000000000000',
    ],
    // The public page's preview names a budget year per fiscal year: '2027:<id>'.
    ['budgetYears', '/public-dashboard/preview?budgetYears=2027:1000000000000000'],
  ];
  for (const [field, path] of probes) {
    it(`GET ${path}`, async () => {
      const res = await t.api('get', path, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(names(res.body.details, field), JSON.stringify(res.body)).toBe(true);
    });
  }

  const bodies: [string, string, unknown][] = [
    // The Scenario Builder's adjustments are keyed by line id; `version` names a budget version.
    ['adjustments', '/scenarios/calculate', { budgetYearId: 1, adjustments: { '1000000000000000': 50 } }],
    ['version', '/scenarios/calculate', { budgetYearId: 1, adjustments: {}, version: 10 ** 15 }],
    ['adjustments', '/nss/meter/scenario', { budgetYearId: 1, adjustments: { '2147483648': 50 } }],
  ];
  for (const [field, path, body] of bodies) {
    it(`POST ${path} ${JSON.stringify(body)}`, async () => {
      const res = await t.api('post', path, { token: admin.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(names(res.body.details, field), JSON.stringify(res.body)).toBe(true);
    });
  }

  it('the multipart uploads read their id fields through the same bound', async () => {
    for (const path of ['/cola/schedules/import']) {
      for (const key of ['workGroupId', 'budgetYearId']) {
        const form = new FormData();
        form.set(key, '1000000000000000');
        form.set('file', new Blob(['fiscal_year,step,BA\n2027,1,50000\n']), 'schedule.csv');
        const res = await fetch(`${t.url}/api${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}` },
          body: form,
        });
        const body = (await res.json()) as { details?: { path: string }[] };
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(names(body.details ?? [], key), JSON.stringify(body)).toBe(true);
      }
    }
  });

  it('pages the security log back from an audit id past the integer columns: those ids are bigint', async () => {
    const res = await t.api('get', '/auth/security-log?beforeId=1000000000000000', { token: admin.token });
    expect(res.status).toBe(200);
  });

  it('calls only names of ids ids', () => {
    expect(['id', 'ids', 'id1', 'budgetYearId', 'itemIds', 'linkId'].every(isIdKey)).toBe(true);
    expect(['chapter70Aid', 'valid', 'paid', 'idle'].some(isIdKey)).toBe(false);
  });
});
