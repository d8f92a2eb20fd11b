import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';

/**
 * 'Which fund pays for these positions' on the resident page (issue 'Funds', part 5), on the demo
 * (Title I pays half of each reading specialist, IDEA ten paraprofessionals): FTE by fund share, by
 * school and by DESE function, recomputed here in integer thousandths from the positions tables;
 * a fund the ADMIN does not name is counted in 'Other funds' at the next Publish; no name and no pay.
 */
const { t, admin } = useApp(['ADMIN']);
const PATH = 'who-pays-district';
let configId: number;
const pages = usePublicPage(t);

const milli = (v: number | string) => Math.round(Number(v) * 1000);

/** FY2026's funded FTE (filled and vacant) per 'building|fund', 'function|fund' and '*|fund', in thousandths. */
async function expected(named: (fundName: string) => boolean) {
  const { rows } = await t.db.knex.raw(
    `SELECT coalesce(b.name, 'District Wide') AS building, coalesce(p.dese_code, 'none') AS code,
            coalesce(f.name, g.name) AS fund, coalesce(s.fte, p.fte)::text AS fte
       FROM positions p
       JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       LEFT JOIN buildings b ON b.id = p.building_id
       LEFT JOIN position_fund_shares s ON s.position_id = p.id
       LEFT JOIN funds f ON f.id = s.fund_id
       CROSS JOIN (SELECT name FROM funds WHERE kind = 'general') g
      WHERE p.fiscal_year = 2026 AND p.status NOT IN ('closed', 'frozen')`,
  );
  const out = new Map<string, number>();
  for (const r of rows) {
    const fund = named(r.fund) ? r.fund : 'Other funds';
    for (const key of [`${r.building}|${fund}`, `${r.code}|${fund}`, `*|${fund}`]) {
      out.set(key, (out.get(key) ?? 0) + milli(r.fte));
    }
  }
  return out;
}

const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: [2026] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const fundedBy = async () => {
  const res = await t.api('get', `/public-dashboard/view/${PATH}`);
  expect(res.status).toBe(200);
  return res.body.data['2026'].staffing.fundedBy;
};
type Row = { name: string; fte: number[] };

/** Every cell of the published table against the tables' sums. */
async function expectTable(named: (fundName: string) => boolean) {
  const w = await fundedBy();
  const want = await expected(named);
  const funds = (w.funds as { name: string }[]).map((f) => f.name);
  for (const [rows, keyOf] of [
    [w.byBuilding as Row[], (r: Row) => r.name],
    [w.byFunction as Row[], (r: Row) => (r.name === 'No function code' ? 'none' : r.name.slice(0, 4))],
  ] as const) {
    for (const r of rows) {
      funds.forEach((fund, i) =>
        expect(milli(r.fte[i]), `${r.name}, ${fund}`).toBe(want.get(`${keyOf(r)}|${fund}`) ?? 0),
      );
    }
  }
  funds.forEach((fund, i) => expect(milli(w.totals[i]), `all, ${fund}`).toBe(want.get(`*|${fund}`)));
  // Every fund that pays any FTE is a column: nothing is dropped.
  const paying = [...want.keys()].filter((k) => k.startsWith('*|')).map((k) => k.slice(2));
  expect([...funds].sort()).toEqual(paying.sort());
  return { w, funds };
}

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'who-pays-test-pass', passwordCost: 4 });
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const set = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { urlPath: PATH },
  });
  expect(set.status).toBe(200);
  await publish();
}, 120_000);

describe('who pays for the positions, on the resident page', () => {
  it('FTE by fund share, by school and by function, the general fund first', async () => {
    const { w, funds } = await expectTable(() => true);
    expect(funds).toEqual(['General Fund', 'Title I, Part A', 'IDEA Special Education Entitlement']);
    // Functions in code order, as the staffing table lists them.
    const codes = (w.byFunction as Row[]).map((r) => r.name.slice(0, 4));
    expect(codes).toEqual([...codes].sort());
    // The page without JavaScript has the same table, with the same total for Title I.
    const html = await (await fetch(`${pages.base}/public/${PATH}`)).text();
    expect(html).toContain('Which fund pays for FY26 positions, by school (FTE)');
    expect(html).toContain('Which fund pays for FY26 positions, by DESE function (FTE)');
    expect(html).toContain('<th scope="col" class="num">Title I, Part A</th>');
    expect(html).toContain(w.totals[1].toLocaleString('en-US', { minimumFractionDigits: 3 }));
  });

  it("a fund the ADMIN does not name is counted in 'Other funds' from the next Publish", async () => {
    const idea = (await t.db.knex('funds').where({ code: '2402' }).first('id')).id;
    const res = await t.api('put', `/funds/${idea}`, {
      token: admin.token,
      body: { showToResidents: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fund.showToResidents).toBe(false);
    // Published figures stay as they were until the next Publish.
    expect((await fundedBy()).funds.map((f: { name: string }) => f.name)).toContain(
      'IDEA Special Education Entitlement',
    );
    await publish();
    const { funds } = await expectTable((name) => name !== 'IDEA Special Education Entitlement');
    expect(funds).toEqual(['General Fund', 'Title I, Part A', 'Other funds']);
  });

  it('names no one and shows no pay', async () => {
    const text = JSON.stringify(await fundedBy());
    expect(text).not.toMatch(/"[a-z]*(salary|cost|pay|amount)[a-z]*":/i);
    const people = await t.db.knex('line_items').whereNotNull('last_name').distinct('last_name');
    for (const p of people) {
      expect(text).not.toContain(`"${p.last_name}`);
    }
  });
});
