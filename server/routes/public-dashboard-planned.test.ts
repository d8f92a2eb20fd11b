import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_CELL_COUNT, publicViewResponse, type PublicYearData } from '@shared/schemas/public-dashboard';
import { useApp } from '../../test/use-app';
import { seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, rosterPlaces, rosterRanges, splitTeacher, type Place } from '../../test/worlds/demo-roster';

/**
 * The resident page of the demo's planned year FY27 counts its staff as the staff dashboard does:
 * FY27 has no payroll of its own (only projected employee lines), its salaries are the budgeted
 * cost of the FY26 roster, so its staff by school are that roster's funded positions and their
 * cost, and its teacher and paraeducator ranges that roster's holders at their budgeted salaries,
 * each person once. The small-cell rule still holds: a school whose positions' pay is of 1 to 4
 * people (here, a Tiny Annex of 6 positions, 2 of them filled) is not shown on its own, and no
 * name or single salary is published. Every figure is recomputed from the tables in integer cents
 * (test/worlds/demo-roster.ts). FY26, which has its payroll, still counts its employee lines.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

let budgetYearId: number;
let configId: number;
const ANNEX = 'Tiny Annex';

interface Location {
  location: string;
  count: number;
  totalSalary: number;
  isOther: boolean;
  salaryRounded: boolean;
}
interface Bucket {
  range: string;
  rangeStart: number | null;
  count: number;
  isOther: boolean;
}

async function publish(years: number[], settings: Record<string, unknown> = {}) {
  const patch = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { showSalaryCharts: true, showHeadcountChart: true, funds: 'all', ...settings },
  });
  expect(patch.status, JSON.stringify(patch.body)).toBe(200);
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: years },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await t.api('get', '/public-dashboard/view/demo');
  expect(view.status).toBe(200);
  expect(publicViewResponse.safeParse(view.body).success).toBe(true);
  return view.body as { data: Record<string, PublicYearData> };
}

/** Building names by id key ('null': District Wide), as rosterPlaces keys them. */
async function names(): Promise<Map<string, string>> {
  const rows = await t.db.knex('buildings').select('id', 'name');
  return new Map([['null', 'District Wide'], ...rows.map((b) => [String(b.id), b.name] as [string, string])]);
}

const small = (p: Place) => p.count < MIN_CELL_COUNT || (p.people.size > 0 && p.people.size < MIN_CELL_COUNT);

beforeAll(async () => {
  ({ budgetYearId } = await seedDemoPlanned(t, 'public-dashboard-planned-pass'));
  const db = t.db.knex;
  // A person holding two positions, and a school of 6 positions whose pay is 2 people's.
  const split = await splitTeacher(db, budgetYearId);
  const [annex] = await db('buildings').insert({ name: ANNEX }).returning('id');
  // Two positions of one holder each (not the split teacher's), and four new vacancies shaped like them.
  const filled = await db('positions')
    .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'filled' })
    .whereNotIn('id', split.positions)
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
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
}, 120_000);

describe('the resident page of a planned year', () => {
  it('FY27’s staff by school are the roster’s positions and cost, small schools folded', async () => {
    const view = await publish([2026, 2027]);
    const year = view.data['2027'];
    const places = await rosterPlaces(t.db.knex);
    const byName = await names();
    const all = places.get('*')!;
    const staff = year.locationData!;
    expect(staff.totalEmployees).toBe(all.count);
    expect(cents(staff.totalSalaries!)).toBe(all.cost);
    expect(staff.totalSalariesRounded).toBe(false);
    const locations = staff.locations as Location[];
    const named = locations.filter((l) => !l.isOther);
    for (const l of named) {
      const [key] = [...byName].find(([k, name]) => name === l.location && places.has(k))!;
      const w = places.get(key)!;
      expect(small(w), l.location).toBe(false);
      expect({ count: l.count, cost: cents(l.totalSalary) }, l.location).toEqual({
        count: w.count,
        cost: w.cost,
      });
    }
    // Every small school is in Other (the annex among them), and every row is 5 or more.
    const annex = [...places].find(([k]) => byName.get(k) === ANNEX)![1];
    expect({ count: annex.count, people: annex.people.size }).toEqual({ count: 6, people: 2 });
    const smallNames = [...places].filter(([k, p]) => k !== '*' && small(p)).map(([k]) => byName.get(k));
    expect(smallNames).toContain(ANNEX);
    for (const name of smallNames) {
      expect(named.map((l) => l.location)).not.toContain(name);
    }
    for (const l of locations) {
      expect(l.count).toBeGreaterThanOrEqual(MIN_CELL_COUNT);
    }
    expect(locations.reduce((n, l) => n + l.count, 0)).toBe(all.count);
    expect(locations.reduce((n, l) => n + cents(l.totalSalary), 0n)).toBe(all.cost);
  });

  it('FY27’s teacher and paraeducator ranges are the roster’s people, ranges under 5 as Other', async () => {
    const year = (await t.api('get', '/public-dashboard/view/demo')).body.data['2027'] as PublicYearData;
    const want = await rosterRanges(t.db.knex);
    for (const role of ['teachers', 'paras'] as const) {
      const mine = [...want].filter(([k]) => k.startsWith(`${role}|`));
      const people = mine.reduce((n, [, c]) => n + c, 0);
      expect(people, role).toBeGreaterThan(0);
      const buckets = year.salaryData![role] as Bucket[];
      expect(
        buckets.reduce((n, b) => n + b.count, 0),
        role,
      ).toBe(people);
      for (const b of buckets) {
        expect(b.count).toBeGreaterThanOrEqual(MIN_CELL_COUNT);
        if (!b.isOther) {
          expect(b.count, `${role} ${b.range}`).toBe(want.get(`${role}|${b.rangeStart}`));
        }
      }
      const shown = new Set(buckets.filter((b) => !b.isOther).map((b) => b.rangeStart));
      for (const [key, count] of mine) {
        if (count < MIN_CELL_COUNT) {
          expect(shown.has(Number(key.split('|')[1])), key).toBe(false);
        }
      }
    }
  });

  it('FY27 agrees with the staff dashboard, and publishes no holder’s name', async () => {
    const view = await t.api('get', '/public-dashboard/view/demo');
    const year = view.body.data['2027'] as PublicYearData;
    const home =
      year && (await t.db.knex('fiscal_year_homes').where({ fiscal_year: 2027 }).first('budget_year_id'));
    const dash = await t.api(
      'get',
      `/line-items/headcount-by-location?budgetYearId=${home.budget_year_id}&fiscalYear=2027&funds=all`,
      { token: finance.token },
    );
    expect(dash.body.source).toBe('roster');
    expect(year.locationData!.totalEmployees).toBe(dash.body.totalEmployees);
    expect(cents(year.locationData!.totalSalaries!)).toBe(cents(dash.body.totalSalary));
    const { rows } = await t.db.knex.raw(
      `SELECT DISTINCT li.first_name || ' ' || li.last_name AS name, li.last_name || ', ' || li.first_name AS filed
         FROM position_holders h JOIN line_items li ON li.id = h.line_item_id
        WHERE li.last_name IS NOT NULL AND li.first_name IS NOT NULL`,
    );
    const text = JSON.stringify(view.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(text).not.toContain(r.name);
      expect(text).not.toContain(r.filed);
    }
  });

  it('the snapshot keeps the figures: stored as served, the preview the same, nothing changed since', async () => {
    const served = (await t.api('get', '/public-dashboard/view/demo')).body.data['2027'] as PublicYearData;
    const snap = await t.db.knex('public_dashboard_snapshots').where({ fiscal_year: 2027 }).first('data');
    const data = typeof snap.data === 'string' ? JSON.parse(snap.data) : snap.data;
    expect({ l: data.locationData, s: data.salaryData }).toEqual({
      l: served.locationData,
      s: served.salaryData,
    });
    const preview = await t.api('get', '/public-dashboard/preview?years=2026,2027', { token: admin.token });
    expect(preview.status).toBe(200);
    expect(preview.body.data['2027'].locationData).toEqual(served.locationData);
    expect(preview.body.data['2027'].salaryData).toEqual(served.salaryData);
    expect(preview.body.changes).toEqual([]);
    const config = await t.api('get', '/public-dashboard/config', { token: admin.token });
    expect(config.body.config.dataChangedSincePublish).toBe(false);
  });

  it('FY27 counts the roster whether or not projected employees are shown', async () => {
    const before = (await t.api('get', '/public-dashboard/view/demo')).body.data['2027'] as PublicYearData;
    const view = await publish([2026, 2027], { showProjectedEmployees: true });
    const year = view.data['2027'];
    expect(year.includesProjectedEmployees).toBe(true);
    expect(year.locationData).toEqual(before.locationData);
    expect(year.salaryData).toEqual(before.salaryData);
    await publish([2026, 2027], { showProjectedEmployees: false });
  });

  it('FY26 (its own payroll) still counts its adopted employee lines', async () => {
    const year = (await t.api('get', '/public-dashboard/view/demo')).body.data['2026'] as PublicYearData;
    const { rows } = await t.db.knex.raw(
      `SELECT count(*)::int AS n, coalesce(sum(li.current_salary), 0)::text AS pay
         FROM line_items_all li LEFT JOIN scenarios s ON s.id = li.scenario_id
        WHERE li.budget_year_id = ? AND li.fiscal_year = 2026 AND li.is_operating AND NOT li.is_projected
          AND (li.scenario_id IS NULL OR s.is_active)`,
      [budgetYearId],
    );
    expect(year.locationData!.totalEmployees).toBe(rows[0].n);
    expect(cents(year.locationData!.totalSalaries!)).toBe(cents(rows[0].pay));
  });
});
