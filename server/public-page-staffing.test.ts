import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';

/**
 * The resident page's staffing on the demo: FTE by school and by DESE function, filled and vacant,
 * against last year, recomputed here in integer thousandths from the positions tables; frozen by
 * Publish (a position vacated afterwards changes nothing until the next Publish); and no name, no
 * salary, not even a group's average, in the JSON or the page.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const PATH = 'staffing-district';
let configId: number;
const pages = usePublicPage(t);

const milli = (v: number | string) => Math.round(Number(v) * 1000);

/** FY roster's FTE by building and by function (its own code, else its category's), in thousandths. */
async function expected(fiscalYear: number) {
  const { rows } = await t.db.knex.raw(
    `SELECT coalesce(b.name, 'District Wide') AS building, p.fte::text AS fte, p.status,
            coalesce(nullif(btrim(p.dese_code), ''), nullif(btrim(c.dese_function), '')) AS dese_code,
            (SELECT coalesce(sum(h.fte_share), 0)::text FROM position_holders h WHERE h.position_id = p.id) AS held
       FROM positions p JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       LEFT JOIN buildings b ON b.id = p.building_id
       LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.fiscal_year = ? AND p.status <> 'closed'`,
    [fiscalYear],
  );
  const building = new Map<string, [number, number, number]>();
  const fn = new Map<string, [number, number, number]>();
  for (const r of rows) {
    for (const [map, key] of [
      [building, r.building],
      [fn, r.dese_code ?? 'none'],
      [building, '*'],
    ] as const) {
      const f = map.get(key) ?? [0, 0, 0];
      // Holders fill at most a position's FTE; the rest of a filled one is vacant, as is a vacancy.
      const filled = r.status === 'filled' ? Math.min(milli(r.held), milli(r.fte)) : 0;
      f[0] += filled;
      f[1] += r.status === 'frozen' ? 0 : milli(r.fte) - filled;
      f[2] += milli(r.fte);
      map.set(key, f);
    }
  }
  return { building, fn };
}

const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: [2026] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const staffingOf = async () => {
  const res = await t.api('get', `/public-dashboard/view/${PATH}`);
  expect(res.status).toBe(200);
  return res.body.data['2026'].staffing;
};
const pageHtml = async () => (await fetch(`${pages.base}/public/${PATH}`)).text();
type G = {
  name: string;
  fte: number;
  filledFte: number;
  vacantFte: number;
  lastYear: { fte: number } | null;
};
const fig = (g: G) => [milli(g.filledFte), milli(g.vacantFte), milli(g.fte)];

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'staffing-test-pass', passwordCost: 4 });
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const set = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { urlPath: PATH },
  });
  expect(set.status).toBe(200);
  await publish();
}, 120_000);

describe('staffing on the resident page', () => {
  it('FTE by school and by function, filled and vacant, against FY2025, as the tables sum them', async () => {
    const s = await staffingOf();
    const now = await expected(2026);
    const last = await expected(2025);
    for (const g of s.byBuilding as G[]) {
      expect(fig(g), g.name).toEqual(now.building.get(g.name));
      expect(g.lastYear && milli(g.lastYear.fte)).toEqual(last.building.get(g.name)?.[2] ?? null);
    }
    expect(s.byBuilding.length).toBe(now.building.size - 1);
    for (const g of s.byFunction as G[]) {
      const code = g.name === 'No function code' ? 'none' : g.name.slice(0, 4);
      expect(fig(g), g.name).toEqual(now.fn.get(code));
    }
    expect(fig(s.totals)).toEqual(now.building.get('*'));
    expect(milli(s.totals.lastYear.fte)).toBe(last.building.get('*')![2]);
    expect(s.lastYearNote).toBeNull();
    // The page without JavaScript writes the same total.
    const html = await pageHtml();
    expect(html).toContain('Staffing by school, FY26 (FTE)');
    expect(html).toContain(
      (now.building.get('*')![2] / 1000).toLocaleString('en-US', { minimumFractionDigits: 3 }),
    );
  });

  it('adds across on every row: filled + vacant + frozen = total, in the JSON and the plain page', async () => {
    const s = await staffingOf();
    const groups = [...s.byBuilding, ...s.byFunction, s.totals] as (G & { frozenFte: number })[];
    for (const g of groups) {
      expect(milli(g.filledFte) + milli(g.vacantFte) + milli(g.frozenFte), g.name).toBe(milli(g.fte));
    }
    // The demo freezes 1 FTE at District Wide.
    expect(milli(s.totals.frozenFte)).toBe(1000);
    const districtWide = (s.byBuilding as G[]).find((g) => g.name === 'District Wide') as G & {
      frozenFte: number;
    };
    expect(milli(districtWide.frozenFte)).toBe(1000);
    const html = await pageHtml();
    for (const caption of ['Staffing by school', 'Staffing by DESE function']) {
      const at = html.indexOf(`<caption>${caption}`);
      const tableHtml = html.slice(at, html.indexOf('</table>', at));
      const headers = [...tableHtml.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
      expect(headers.slice(1, 5), caption).toEqual(['Filled FTE', 'Vacant FTE', 'Frozen FTE', 'Total FTE']);
      const rows = [...tableHtml.matchAll(/<tr><th scope="row">([^<]*)<\/th>(.*?)<\/tr>/g)];
      expect(rows.length).toBe(
        caption === 'Staffing by school' ? s.byBuilding.length + 1 : s.byFunction.length + 1,
      );
      for (const [, name, cells] of rows) {
        const n = [...cells.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) =>
          milli(m[1].replace(/,/g, '')),
        );
        expect(n[0] + n[1] + n[2], `${caption}: ${name}`).toBe(n[3]);
      }
    }
  });

  it('names no one and shows no salary, not even an average', async () => {
    const s = await staffingOf();
    expect(Object.keys(s.totals).sort()).toEqual([
      'filledFte',
      'frozenFte',
      'fte',
      'lastYear',
      'name',
      'vacantFte',
    ]);
    const text = JSON.stringify(s);
    // The page's staffing tables (the rest of the page has its own privacy tests).
    const html = [...(await pageHtml()).matchAll(/<caption>Staffing by[\s\S]*?<\/section>/g)].join('');
    expect(html).toContain('Staffing by DESE function');
    const people = await t.db
      .knex('line_items')
      .whereNotNull('last_name')
      .select('last_name', 'current_salary');
    for (const p of people) {
      expect(text).not.toContain(p.last_name);
      expect(html).not.toMatch(new RegExp(`>[^<]*\\b${p.last_name}\\b[^<]*<`));
    }
    // No pay at all: no key that could hold it, and no figure a salary could be (FTE stay below 1,000).
    expect(text).not.toMatch(/"[a-z]*(salary|cost|pay|amount)[a-z]*":/i);
    const { lastYearFiscalYear, ...figures } = s;
    expect(lastYearFiscalYear).toBe(2025);
    const numbers = (JSON.stringify(figures).match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    expect(numbers.filter((n) => n >= 1000 && !/^\d{4}$/.test(String(n)))).toEqual([]);
    expect(html).not.toMatch(/\$|\d,\d{3}\.\d{2}\b/);
  });

  it('residents read what was published: a vacated position shows at the next Publish', async () => {
    const before = await staffingOf();
    const list = (
      await t.api('get', '/positions?fiscalYear=2026&status=filled&limit=1', { token: finance.token })
    ).body.positions[0];
    const vacated = await t.api('post', `/positions/${list.id}/vacate`, {
      token: finance.token,
      body: { version: list.version },
    });
    expect(vacated.status, JSON.stringify(vacated.body)).toBe(200);
    expect(await staffingOf()).toEqual(before);
    await publish();
    const after = await staffingOf();
    expect(milli(after.totals.filledFte)).toBe(milli(before.totals.filledFte) - milli(list.filledFte));
    expect(milli(after.totals.vacantFte)).toBe(milli(before.totals.vacantFte) + milli(list.fte));
    expect(fig(after.totals)).toEqual((await expected(2026)).building.get('*'));
  });
});
