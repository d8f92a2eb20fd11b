import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@shared/money';
import { DATA_SLOT, HTML_SLOT } from '@server/public-page';
import type { PublicView } from '@shared/schemas/public-dashboard';
import { publicViewForPath } from '@server/domains/public-dashboard/public-dashboard-view';
import { webApp } from '@server/static';
import { createTestApp, type TestApp } from '../../test/app';
import { insertEmployees, sumCents } from '../../test/factories';
import { buildPublicWorld, FY, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/**
 * A section switched off is in no published snapshot, JSON, page or CSV; and no
 * two published snapshots of a year let a reader work out one person's salary by subtracting one
 * staff total from another (docs/PRIVACY.md). Every expected figure is worked out here from the
 * world's salaries, in integer cents.
 */
let t: TestApp;
let admin: string;
let w: PublicWorld;
let configId: number;
let pageBase: string;
let closePages: () => void;
const PATH = 'privacy-district';

const TEMPLATE = `<!doctype html><html><head><title>t</title></head><body><div id="root">${HTML_SLOT}</div>${DATA_SLOT}</body></html>`;

const view = async (): Promise<PublicView> => {
  const res = await t.api('get', `/public-dashboard/view/${PATH}`);
  expect(res.status).toBe(200);
  return res.body;
};
const csvRows = async () => {
  const res = await fetch(`${t.url}/api/public-dashboard/view/${PATH}/data.csv?year=${FY}`);
  expect(res.status).toBe(200);
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
};
/** The residents' page as server/static.ts serves it, with the published figures written in. */
const pageHtml = async () => {
  const res = await fetch(`${pageBase}/public/${PATH}`);
  expect(res.status).toBe(200);
  return res.text();
};
const configure = (body: object) =>
  t.api('patch', `/public-dashboard/config/${configId}`, { token: admin, body });
const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin,
    body: { publishedYears: [FY] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const storedSnapshot = async () =>
  JSON.stringify((await t.db.knex('public_dashboard_snapshots').where({ config_id: configId }).first()).data);

const dollars = (cents: number) => cents / 100;
/** '$612,346' as the page writes a whole-dollar amount. */
const pageMoney = (cents: number) => formatMoney(dollars(cents));

/** The adopted staff of the world, by where they work (projected staff are not published here). */
function worldSalaries() {
  const adopted = w.employees.filter((e) => !e.isProjected);
  const north = adopted.filter((e) => e.buildingId === w.north).map((e) => e.salary);
  const rest = adopted.filter((e) => e.buildingId !== w.north).map((e) => e.salary);
  return { north, rest, all: adopted.map((e) => e.salary) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWith('ADMIN')).token;
  w = await buildPublicWorld(t.db.knex);
  configId = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config.id;
  expect((await configure({ urlPath: PATH })).status).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-privacy-'));
  writeFileSync(path.join(dir, 'index.html'), '<p>staff app</p>');
  writeFileSync(path.join(dir, 'public.html'), TEMPLATE);
  const koa = new Koa().use(webApp(dir, { publicView: (urlPath) => publicViewForPath(t.app, urlPath) }));
  await new Promise<void>((resolve) => {
    const server = koa.listen(0, '127.0.0.1', () => {
      pageBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      closePages = () => server.close();
      resolve();
    });
  });
});
afterAll(async () => {
  closePages?.();
  await t.close();
});

describe('sections switched off are not published', () => {
  const s = () => worldSalaries();
  /** Every staff figure the two sections would publish for the world, as the JSON writes them. */
  const staffFigures = () => [
    dollars(sumCents(s().north)),
    dollars(sumCents(s().rest)),
    dollars(sumCents(s().all)),
  ];

  function expectNoStaffFigures(text: string) {
    for (const figure of staffFigures()) {
      expect(text).not.toContain(String(figure));
    }
    for (const band of ['$50k-$60k', '$60k-$70k']) {
      expect(text).not.toContain(band);
    }
    expect(text).not.toMatch(/"totalEmployees":\d/);
  }

  it('leaves salary bands and staff by location out of the snapshot, the JSON, the page and the CSV', async () => {
    expect((await configure({ showSalaryCharts: false, showHeadcountChart: false })).status).toBe(200);
    await publish();

    expectNoStaffFigures(await storedSnapshot());
    const year = (await view()).data[String(FY)]!;
    expect(year.salaryData).toBeNull();
    expect(year.locationData).toBeNull();
    expectNoStaffFigures(JSON.stringify(await view()));
    // The rest of the year is published as before.
    expect(year.totalBudget).toBe(dollars(sumCents(w.proposed.map((p) => p.amount))));

    const html = await pageHtml();
    expectNoStaffFigures(html);
    expect(html).not.toContain('Staff by location');
    expect(html).not.toContain('by salary range');
    for (const figure of [sumCents(s().north), sumCents(s().rest), sumCents(s().all)]) {
      expect(html).not.toContain(pageMoney(figure));
    }

    const rows = await csvRows();
    expect(rows.filter((r) => ['Salary ranges', 'Staff by location'].includes(r.Table))).toEqual([]);
    expect(rows.some((r) => r.Table === 'Summary')).toBe(true);
    expectNoStaffFigures(JSON.stringify(rows));
  });

  it('stops sending a section the moment it is switched off, and sends it again only after Publish', async () => {
    expect((await configure({ showSalaryCharts: true, showHeadcountChart: true })).status).toBe(200);
    // Switched on after the Publish: residents get it from the next Publish, not before.
    expect((await view()).data[String(FY)]!.locationData).toBeNull();
    await publish();
    const on = (await view()).data[String(FY)]!;
    expect(on.locationData!.totalSalaries).toBe(dollars(sumCents(s().all)));
    expect(on.salaryData!.teachers.map((b) => b.range)).toContain('$50k-$60k');

    // Switched off with no Publish: gone from the JSON, the page, the CSV and the stored snapshot.
    expect((await configure({ showHeadcountChart: false, showSalaryCharts: false })).status).toBe(200);
    expectNoStaffFigures(JSON.stringify(await view()));
    expectNoStaffFigures(await pageHtml());
    expect((await csvRows()).filter((r) => r.Table === 'Staff by location')).toEqual([]);
    expectNoStaffFigures(await storedSnapshot());
  });
});

describe('two Publishes around one new hire', () => {
  const HIRE = '58765.43';
  const MORE = ['61234.17', '49876.29', '55555.51', '63333.37'];
  /** Each Publish's staff money figures: every location's salaries and the total. */
  const published: number[][] = [];

  const staffMoney = async (): Promise<number[]> => {
    const loc = (await view()).data[String(FY)]!.locationData!;
    const figures = [...loc.locations.map((l) => l.totalSalary), loc.totalSalaries!];
    // The CSV carries the same figures, no more exact ones.
    const csv = (await csvRows()).filter((r) => r.Table === 'Staff by location').map((r) => Number(r.Amount));
    expect([...csv].sort()).toEqual([...figures].sort());
    return figures;
  };

  /**
   * Whether a sum and difference of published figures (each used at most once, with sign +1 or -1)
   * comes to exactly `cents`: what a reader subtracting totals could find.
   */
  function reachable(figures: number[], cents: number): boolean {
    const all = figures.map((f) => Math.round(f * 100));
    const walk = (i: number, sum: number): boolean =>
      i === all.length
        ? sum === cents || sum === -cents
        : walk(i + 1, sum) || walk(i + 1, sum + all[i]) || walk(i + 1, sum - all[i]);
    return walk(0, 0);
  }

  const roundedTo10k = (cents: number) => Math.round(cents / 1_000_000) * 1_000_000;

  beforeAll(async () => {
    expect((await configure({ showHeadcountChart: true, showSalaryCharts: true })).status).toBe(200);
    await publish();
  });

  it('publishes exact totals while no cell’s head count moved since the last exact Publish', async () => {
    const { north, all } = worldSalaries();
    const loc = (await view()).data[String(FY)]!.locationData!;
    expect(loc.locations.find((l) => l.location === 'North Elementary')).toMatchObject({
      count: 10,
      totalSalary: dollars(sumCents(north)),
    });
    expect(loc.totalSalaries).toBe(dollars(sumCents(all)));
    published.push(await staffMoney());
  });

  it('rounds a total whose head count changed by fewer than 5, so the hire’s salary cannot be subtracted out', async () => {
    await insertEmployees(t.db.knex, [
      {
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
        scenarioId: w.operatingScenarioId,
        buildingId: w.north,
        salary: HIRE,
      },
    ]);
    await publish();
    const { north, all } = worldSalaries();
    const loc = (await view()).data[String(FY)]!.locationData!;
    const northRow = loc.locations.find((l) => l.location === 'North Elementary')!;
    expect(northRow.count).toBe(11);
    expect(northRow.totalSalary).toBe(dollars(roundedTo10k(sumCents([...north, HIRE]))));
    expect(northRow.salaryRounded).toBe(true);
    expect(loc.totalEmployees).toBe(21);
    expect(loc.totalSalaries).toBe(dollars(roundedTo10k(sumCents([...all, HIRE]))));
    expect(loc.totalSalariesRounded).toBe(true);
    published.push(await staffMoney());
    expect(reachable(published.flat(), sumCents([HIRE]))).toBe(false);
    // The page and the CSV say the figure is rounded; the page has no exact total either.
    const html = await pageHtml();
    expect(html).toContain('rounded to the nearest $10,000');
    expect(html).not.toContain(pageMoney(sumCents([...north, HIRE])));
    const csvNorth = (await csvRows()).find(
      (r) => r.Table === 'Staff by location' && r.Item === 'North Elementary',
    )!;
    expect(csvNorth.Group).toMatch(/rounded/i);
  });

  it('keeps it rounded at the next Publish too, which would otherwise compare with the first', async () => {
    await publish();
    published.push(await staffMoney());
    expect(reachable(published.flat(), sumCents([HIRE]))).toBe(false);
  });

  it('publishes the exact totals again once 5 or more people changed, and no single hire can be subtracted out', async () => {
    await insertEmployees(
      t.db.knex,
      MORE.map((salary) => ({
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
        scenarioId: w.operatingScenarioId,
        buildingId: w.north,
        salary,
      })),
    );
    await publish();
    const { north, all } = worldSalaries();
    const loc = (await view()).data[String(FY)]!.locationData!;
    expect(loc.locations.find((l) => l.location === 'North Elementary')).toMatchObject({
      count: 15,
      totalSalary: dollars(sumCents([...north, HIRE, ...MORE])),
      salaryRounded: false,
    });
    expect(loc.totalSalaries).toBe(dollars(sumCents([...all, HIRE, ...MORE])));
    published.push(await staffMoney());
    for (const salary of [HIRE, ...MORE]) {
      expect(reachable(published.flat(), sumCents([salary])), salary).toBe(false);
    }
  });
});
