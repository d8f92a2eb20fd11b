import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { plainHtml, usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';

/**
 * The resident page's staffing of a year and of the year planned from its roster, on the demo:
 * FY2026 has a payroll of its own, FY2027 is planned from the FY2026 roster. A cut adopted for
 * FY2027 closes a position of that roster and an add creates a vacancy in it; residents read both
 * under FY2027 (its budgeted positions, against FY2026), while FY2026 keeps the positions its
 * payroll holds. Expected figures are counted here in integer thousandths from the positions table.
 */
const { t, admin } = useApp(['ADMIN']);
const PATH = 'staffing-planned';
let configId: number;
let budgetYearId: number;
const pages = usePublicPage(t);
const milli = (v: number | string) => Math.round(Number(v) * 1000);

/** A roster's FTE as it stands (closed positions count nowhere), in thousandths, by school and in all. */
async function roster(fiscalYear: number): Promise<Map<string, number>> {
  const rows: { building: string; fte: string }[] = await t.db
    .knex('positions as p')
    .join('fiscal_year_homes as fh', function () {
      this.on('fh.budget_year_id', 'p.budget_year_id').andOn('fh.fiscal_year', 'p.fiscal_year');
    })
    .leftJoin('buildings as b', 'b.id', 'p.building_id')
    .where('p.fiscal_year', fiscalYear)
    .whereNot('p.status', 'closed')
    .select(
      t.db.knex.raw(`coalesce(b.name, 'District Wide') AS building`),
      t.db.knex.raw('p.fte::text AS fte'),
    );
  const by = new Map<string, number>();
  for (const r of rows) {
    for (const key of [r.building, '*']) {
      by.set(key, (by.get(key) ?? 0) + milli(r.fte));
    }
  }
  return by;
}
const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: [2026, 2027] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
type G = { name: string; fte: number; filledFte: number; lastYear: { fte: number } | null };
interface Staffing {
  lastYearFiscalYear: number;
  lastYearNote: string | null;
  totals: G;
  byBuilding: G[];
}
const published = async (): Promise<Record<'2026' | '2027', Staffing>> => {
  const res = await t.api('get', `/public-dashboard/view/${PATH}`);
  expect(res.status).toBe(200);
  return { '2026': res.body.data['2026'].staffing, '2027': res.body.data['2027'].staffing };
};
const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin.token, body });
const fte = (n: number) => (n / 1000).toLocaleString('en-US', { minimumFractionDigits: 3 });
/** The plain page's 'All positions' row of the year's staffing by school. */
const totalRow = async (year: number) => {
  const html = await plainHtml(pages.base, `${PATH}?year=${year}`);
  const at = html.indexOf(`<caption>Staffing by school, FY${year % 100}`);
  expect(at, `FY${year} staffing`).toBeGreaterThan(-1);
  const table = html.slice(at, html.indexOf('</table>', at));
  const row = table.match(/All positions<\/th>(.*?)<\/tr>/)![1];
  return [...row.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
};

let before26: Map<string, number>;
let school: string;
/** FY2026's staffing as published before the adoption. */
let fy2026: Staffing;

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'staffing-planned-pass', passwordCost: 4 });
  budgetYearId = (await t.db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const set = await call('patch', `/public-dashboard/config/${configId}`, { urlPath: PATH });
  expect(set.status).toBe(200);
  before26 = await roster(2026);
}, 120_000);

describe('staffing of a payroll year and of the year planned from its roster', () => {
  it('before any change: FY2026 its roster against FY2025, FY2027 the same roster, no change from FY2026', async () => {
    await publish();
    const s = await published();
    const r25 = await roster(2025);
    expect([milli(s['2026'].totals.fte), milli(s['2026'].totals.lastYear!.fte)]).toEqual([
      before26.get('*'),
      r25.get('*'),
    ]);
    expect(s['2026'].lastYearFiscalYear).toBe(2025);
    fy2026 = s['2026'];
    expect(s['2027']).not.toBeNull();
    expect(s['2027'].lastYearFiscalYear).toBe(2026);
    expect(s['2027'].lastYearNote).toBeNull();
    expect([milli(s['2027'].totals.fte), milli(s['2027'].totals.lastYear!.fte)]).toEqual([
      before26.get('*'),
      before26.get('*'),
    ]);
  });

  it('a cut and an add adopted for FY2027 read under FY2027, against FY2026, and FY2026 keeps its positions', async () => {
    const made = await call('post', '/scenarios/cuts', { budgetYearId, fiscalYear: 2027, name: 'Staffing' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scenario = made.body.scenario.id;
    const groups = await call('get', `/scenarios/cuts/${scenario}/position-groups?search=art teacher`);
    const group = groups.body.groups.find(
      (g: { positionCount: number; vacantFte: number; fte: number }) =>
        g.positionCount === 1 && g.vacantFte === 0 && g.fte === 1,
    );
    school = group.building.name;
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: group.title,
      buildingId: group.building.id,
      fte: 1,
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const teachers = await t.db.knex('budget_categories').where({ name: 'Teachers' }).first('id');
    const added = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      title: 'Reading Interventionist',
      buildingId: group.building.id,
      categoryId: teachers.id,
      fte: 0.5,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const preview = await call('post', `/scenarios/cuts/${scenario}/adopt/preview`, {});
    const adopted = await call('post', `/scenarios/cuts/${scenario}/adopt`, {
      basis: preview.body.basis,
      reason: 'Committee vote',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    await publish();

    // The roster now: 1.000 FTE closed, 0.500 FTE added, at the one school.
    const now26 = await roster(2026);
    expect(now26.get('*')).toBe(before26.get('*')! - 500);
    expect(now26.get(school)).toBe(before26.get(school)! - 500);
    const s = await published();
    // FY2026: the positions its payroll holds, every figure as before the adoption.
    expect(s['2026']).toEqual(fy2026);
    expect(milli(s['2026'].totals.fte)).toBe(before26.get('*'));
    const at26 = s['2026'].byBuilding.find((g) => g.name === school)!;
    expect(milli(at26.fte)).toBe(before26.get(school));
    // FY2027: its budgeted positions, the roster as it stands, against FY2026's.
    expect([milli(s['2027'].totals.fte), milli(s['2027'].totals.lastYear!.fte)]).toEqual([
      now26.get('*'),
      before26.get('*'),
    ]);
    const at27 = s['2027'].byBuilding.find((g) => g.name === school)!;
    expect([milli(at27.fte), milli(at27.lastYear!.fte)]).toEqual([now26.get(school), before26.get(school)]);
    // The page without JavaScript writes the same: FY27 down 0.500 from FY26, FY26 as it was.
    expect((await totalRow(2027)).slice(-2)).toEqual([fte(now26.get('*')!), '\u22120.500']);
    expect((await totalRow(2026)).at(-2)).toBe(fte(before26.get('*')!));

    // Undone, FY2027's roster is FY2026's again: no change, and FY2026 as it was.
    const path = `/scenario-adoptions/${adopted.body.adoption.id}/undo`;
    const shown = await call('post', `${path}/preview`, {});
    const undone = await call('post', path, { basis: shown.body.basis, reason: 'Revote' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    await publish();
    const back = await published();
    expect(back['2026']).toEqual(fy2026);
    expect(milli(back['2027'].totals.fte)).toBe(before26.get('*'));
    expect(milli(back['2027'].totals.lastYear!.fte)).toBe(before26.get('*'));
  });
});
