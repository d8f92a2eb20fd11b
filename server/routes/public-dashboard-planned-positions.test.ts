import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPublicViews } from '@server/domains/public-dashboard/public-dashboard-view';
import { DATA_SLOT, HTML_SLOT, renderPublicPage } from '@server/public-page';
import {
  MIN_CELL_COUNT,
  OTHER_BUILDINGS_LABEL,
  publicViewResponse,
  type PublicView,
} from '@shared/schemas/public-dashboard';
import { useApp } from '../../test/use-app';
import { seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, rosterPlaces, type Place } from '../../test/worlds/demo-roster';

/**
 * The resident page of the demo's planned year FY27 says what its staff figures count: FY27 has no
 * payroll of its own, its staff are the FY26 roster's budgeted positions, filled or vacant, so the
 * year carries staffSource 'roster' and its CSV and plain page count 'Positions by location'; FY26
 * (its own payroll) stays 'lines', 'Staff by location'. A snapshot published before the source was
 * kept has none and reads as 'lines', as it meant. And Spending by School folds FY27's schools by the
 * same roster: a Tiny Annex of 6 positions held by 2 people, with a budget line of its own, is not
 * shown alone (its amount would be near those 2 people's pay), though FY27 has no employee lines
 * there. Figures are recomputed from the tables in integer cents (test/worlds/demo-roster.ts).
 */
const { t, admin } = useApp(['ADMIN']);

let configId: number;
const ANNEX = 'Tiny Annex';
/** The FY27 budget line moved to the annex: its amount in cents. */
let annexLine: bigint;

const view = async () => {
  const res = await t.api('get', '/public-dashboard/view/demo');
  expect(res.status).toBe(200);
  expect(publicViewResponse.safeParse(res.body).success).toBe(true);
  return res.body as PublicView;
};
const csvRows = async (year: number) => {
  const res = await fetch(`${t.url}/api/public-dashboard/view/demo/data.csv?year=${year}`);
  expect(res.status).toBe(200);
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
};
const small = (p: Place) => p.count < MIN_CELL_COUNT || (p.people.size > 0 && p.people.size < MIN_CELL_COUNT);

beforeAll(async () => {
  const { budgetYearId } = await seedDemoPlanned(t, 'public-dashboard-positions-pass');
  const db = t.db.knex;
  // A school of 6 positions whose pay is 2 people's: two filled positions moved there, four vacancies.
  const [annex] = await db('buildings').insert({ name: ANNEX }).returning('id');
  const filled = await db('positions')
    .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'filled' })
    .whereRaw('(SELECT count(*) FROM position_holders h WHERE h.position_id = positions.id) = 1')
    .orderBy('id', 'desc')
    .limit(6)
    .pluck('id');
  await db('positions').whereIn('id', filled.slice(0, 2)).update({ building_id: annex.id });
  await db.raw(
    `INSERT INTO positions (budget_year_id, fiscal_year, title, building_id, dese_code, category_id, work_group_id, fte, status)
     SELECT budget_year_id, fiscal_year, title, ?, dese_code, category_id, work_group_id, fte, 'vacant'
       FROM positions WHERE id IN (${filled.slice(2).map(Number).join(', ')})`,
    [annex.id],
  );
  // One of FY27's budget lines (not an employee line) is the annex's.
  const home = await db('fiscal_year_homes').where({ fiscal_year: 2027 }).first('budget_year_id');
  const line = await db('line_items')
    .where({ budget_year_id: home.budget_year_id, fiscal_year: 2027, is_operating: false })
    .whereNotNull('building_id')
    .where('amount', '>', 0)
    .orderBy('id')
    .first('id', db.raw('amount::text AS amount'));
  await db('line_items').where({ id: line.id }).update({ building_id: annex.id });
  annexLine = cents(line.amount);
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const patch = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { showSalaryCharts: true, showHeadcountChart: true, showBuildingChart: true, funds: 'all' },
  });
  expect(patch.status, JSON.stringify(patch.body)).toBe(200);
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: [2026, 2027] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 120_000);

describe('a planned year’s staff on the resident page are positions', () => {
  it('FY27 carries its staff source, the roster; FY26 its employee lines', async () => {
    const { data } = await view();
    expect(data['2027']!.staffSource).toBe('roster');
    expect(data['2026']!.staffSource).toBe('lines');
    const all = (await rosterPlaces(t.db.knex)).get('*')!;
    expect(data['2027']!.locationData!.totalEmployees).toBe(all.count);
    expect(all.filled).toBeLessThan(all.count);
  });

  it('the CSV and the plain page count FY27’s positions, FY26’s staff', async () => {
    const all = (await rosterPlaces(t.db.knex)).get('*')!;
    const planned = await csvRows(2027);
    expect(planned.filter((r) => r.Table === 'Staff by location')).toEqual([]);
    const total = planned.find((r) => r.Table === 'Positions by location' && r.Item === 'Total')!;
    expect({ count: Number(total.Count), cost: cents(total.Amount) }).toEqual({
      count: all.count,
      cost: all.cost,
    });
    const lines = await csvRows(2026);
    expect(lines.filter((r) => r.Table === 'Positions by location')).toEqual([]);
    expect(lines.some((r) => r.Table === 'Staff by location' && r.Item === 'Total')).toBe(true);
    const template = `<html><body><div id="root">${HTML_SLOT}</div>${DATA_SLOT}</body></html>`;
    const v = await view();
    expect(renderPublicPage(template, v, '2027')).toContain('Positions by location, FY27');
    expect(renderPublicPage(template, v, '2026')).toContain('Staff by location, FY26');
  });

  it('Spending by School folds FY27’s schools by its roster, as Staff by School does', async () => {
    const year = (await view()).data['2027']!;
    const places = await rosterPlaces(t.db.knex);
    const byName = new Map(
      (await t.db.knex('buildings').select('id', 'name')).map((b) => [b.name as string, String(b.id)]),
    );
    byName.set('District Wide', 'null');
    const annex = places.get(byName.get(ANNEX)!)!;
    expect({ count: annex.count, people: annex.people.size }).toEqual({ count: 6, people: 2 });
    const rows = year.buildingBreakdown;
    const names = rows.map((r) => r.name);
    expect(names).not.toContain(ANNEX);
    expect(year.locationData!.locations.map((l) => l.location)).not.toContain(ANNEX);
    // No school is shown alone whose positions are fewer than 5 or whose pay is 1 to 4 people's.
    for (const r of rows.filter((x) => x.name !== OTHER_BUILDINGS_LABEL)) {
      const place = places.get(byName.get(r.name) ?? '');
      expect(place && small(place), r.name).toBeFalsy();
    }
    const other = rows.find((r) => r.name === OTHER_BUILDINGS_LABEL)!;
    expect(cents(other.amount)).toBeGreaterThanOrEqual(annexLine);
    expect(year.buildingWithheld).toBeUndefined();
    expect(rows.reduce((n, r) => n + cents(r.amount), 0n)).toBe(cents(year.totalBudget));
  });

  it('a snapshot published before the staff source was kept still reads, as employee lines', async () => {
    await t.db.knex.raw(
      `UPDATE public_dashboard_snapshots SET data = data - 'staffSource' WHERE fiscal_year = 2027`,
    );
    forgetPublicViews(t.app);
    const stored = await t.db.knex('public_dashboard_snapshots').where({ fiscal_year: 2027 }).first('data');
    const data = typeof stored.data === 'string' ? JSON.parse(stored.data) : stored.data;
    expect(data).not.toHaveProperty('staffSource');
    const year = (await view()).data['2027']!;
    expect(year.staffSource).toBe('lines');
    expect(year.locationData!.totalEmployees).toBe((await rosterPlaces(t.db.knex)).get('*')!.count);
    expect((await csvRows(2027)).some((r) => r.Table === 'Staff by location' && r.Item === 'Total')).toBe(
      true,
    );
    // The figures now count the roster's positions: Publish would say so.
    const preview = await t.api('get', '/public-dashboard/preview?years=2026,2027', { token: admin.token });
    expect(preview.body.changes).toEqual(['FY27 figures changed']);
    expect(preview.body.data['2027'].staffSource).toBe('roster');
  });
});
