import { beforeAll, describe, expect, it } from 'vitest';
import {
  MIN_CELL_COUNT,
  OTHER_BUILDINGS_LABEL,
  publicViewResponse,
  type PublicView,
} from '@shared/schemas/public-dashboard';
import { queueFor } from '@server/db/queue';
import { forgetPublicViews, publicViewForPath } from '@server/domains/public-dashboard/public-dashboard-view';
import { useApp } from '../../test/use-app';
import { sumCents } from '../../test/factories';
import { buildPublicWorld, FY, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/**
 * The public view: Publish stores a snapshot residents read until the next Publish; its figures
 * equal the staff dashboard's to the cent; it holds no name, id or salary of anyone, and no
 * breakdown cell of fewer than MIN_CELL_COUNT people.
 */
const { t, admin } = useApp(['ADMIN']);
let w: PublicWorld;
let configId: number;
const PATH = 'springfield';

const view = () => t.api('get', `/public-dashboard/view/${PATH}`);
const publish = (body?: object) =>
  t.api('post', `/public-dashboard/publish/${configId}`, { token: admin.token, body });
const snapshotRows = () => t.db.knex('public_dashboard_snapshots').orderBy('fiscal_year');
const dollars = (cents: number) => cents / 100;

beforeAll(async () => {
  w = await buildPublicWorld(t.db.knex);
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const saved = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { urlPath: PATH, schoolName: 'Springfield Public Schools', showSalaryCharts: true },
  });
  expect(saved.status).toBe(200);
  await t.api('post', `/public-dashboard/${configId}/links`, {
    token: admin.token,
    body: { title: 'Hearing', url: 'https://youtu.be/dQw4w9WgXcQ', linkType: 'video' },
  });
});

describe('before the first Publish', () => {
  it('answers 404 Dashboard Not Found, exactly as for a path that never existed', async () => {
    const draft = await view();
    const unknown = await t.api('get', '/public-dashboard/view/no-such-district');
    expect(draft.status).toBe(404);
    expect(draft.body).toEqual(unknown.body);
    expect(draft.body.error).toBe('Dashboard Not Found');
    expect(await publicViewForPath(t.app, PATH)).toBeNull();
  });

  it('refuses to publish with no years, or a year with no data, naming the field and writing nothing', async () => {
    const none = await publish();
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Please select at least one year to publish');
    expect(none.body.details).toEqual([{ path: 'publishedYears', message: none.body.error }]);
    const empty = await publish({ publishedYears: [FY, 2031] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('FY31 has no budget data to publish');
    expect(await snapshotRows()).toEqual([]);
    const row = await t.db.knex('public_dashboard_configs').where({ id: configId }).first();
    expect(row).toMatchObject({ is_published: false, published_at: null, published_years: [] });
  });

  it('refuses Publish to VIEW_ONLY and FINANCE', async () => {
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
        token: (await t.userWith(role)).token,
        body: { publishedYears: [FY] },
      });
      expect(res.status).toBe(403);
    }
    expect(await snapshotRows()).toEqual([]);
  });
});

describe('after Publish', () => {
  let published: PublicView;

  beforeAll(async () => {
    const res = await publish({ publishedYears: [FY] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ publishedYears: [FY], publicPath: `/public/${PATH}` });
    expect(res.body.config).toMatchObject({ isPublished: true, dataChangedSincePublish: false });
    const got = await view();
    expect(got.status).toBe(200);
    published = got.body;
  });

  it('serves the year with the figures a person adds up by hand', () => {
    const year = published.data[String(FY)]!;
    const all = sumCents(w.proposed.map((p) => p.amount));
    expect(published.years).toEqual([FY]);
    expect(year.totalBudget).toBe(dollars(all));
    expect(year).toMatchObject({ townGoal: 2500000, hasTownGoal: true, includesProjectedEmployees: false });
    // The gap residents read: the goal minus the budget, to the cent (below zero: over the goal).
    expect(year.guidanceGap).toBe(dollars(250000000 - all));
    const teachers = year.categoryBreakdown.find((c) => c.name === 'Teachers')!;
    expect(teachers).toEqual({ name: 'Teachers', amount: 2380000.15, itemCount: 3, color: '#1d4ed8' });
    // Per pupil: the total over 200 students, to the cent.
    expect(year.perPupil).toMatchObject({ enrollment: 200, total: dollars(Math.round(all / 200)) });
    // DESE: Teachers (2305), Administration (1210), Textbooks (2410 from the category), the rest.
    expect(year.deseBreakdown.map((g) => [g.name, g.amount])).toEqual([
      ['Administration', 150000],
      ['Teachers', 2230000.15],
      ['Instructional Materials, Equipment and Technology', 42000.33],
      ['No DESE function code', dollars(sumCents(['-2500.00', '9999.99', '12345.67']))],
    ]);
    expect(sumCents(year.deseBreakdown.map((g) => g.amount.toFixed(2)))).toBe(all);
    expect(published.links).toEqual([
      {
        title: 'Hearing',
        description: null,
        url: 'https://youtu.be/dQw4w9WgXcQ',
        linkType: 'video',
        videoId: 'dQw4w9WgXcQ',
      },
    ]);
    expect(published.visibleComponents).toContain('salaryCharts');
  });

  it('equals the staff dashboard to the cent for the same budget year and fiscal year', async () => {
    const q = `budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`;
    const summary = await t.api('get', `/line-items/budget/summary?${q}`, { token: admin.token });
    const byCategory = await t.api('get', `/line-items/summary/by-category?${q}`, { token: admin.token });
    const byBuilding = await t.api('get', `/line-items/summary/by-building?${q}`, { token: admin.token });
    const year = published.data[String(FY)]!;
    expect(year.totalBudget).toBe(summary.body.proposedBudget);
    expect(year.townGoal).toBe(summary.body.townGoal);
    expect(year.categoryBreakdown.map((c) => [c.name, c.amount, c.itemCount])).toEqual(
      byCategory.body.categories.map((c: { category: string; total: number; count: number }) => [
        c.category,
        c.total,
        c.count,
      ]),
    );
    // East Annex's lines hold the pay of 3 people: it is not shown alone, but with the next
    // smallest building with staff, South Middle (7), as one row of their exact sum.
    const buildings: { building: string; total: number }[] = byBuilding.body.buildings;
    const folded = ['East Annex', 'South Middle'];
    expect(year.buildingBreakdown.map((b) => [b.name, b.amount])).toEqual([
      ...buildings.filter((b) => !folded.includes(b.building)).map((b) => [b.building, b.total]),
      [OTHER_BUILDINGS_LABEL, dollars(sumCents(['-2500.00', '980000.05']))],
    ]);
    expect(sumCents(year.buildingBreakdown.map((b) => b.amount.toFixed(2)))).toBe(
      sumCents(w.proposed.map((p) => p.amount)),
    );
  });

  it('holds no employee name, id or salary, and no breakdown cell under 5 people', async () => {
    const staff = await t.db.knex('line_items').where({ is_operating: true });
    const text = JSON.stringify(published);
    const numbers: number[] = [];
    const strings: string[] = [];
    JSON.parse(
      text,
      (_k, v) => (typeof v === 'number' ? numbers.push(v) : typeof v === 'string' && strings.push(v), v),
    );
    for (const e of staff) {
      expect(text).not.toContain(e.first_name);
      expect(text).not.toContain(e.last_name);
      expect(numbers).not.toContain(Number(e.current_salary));
      expect(text).not.toContain(String(Number(e.current_salary)));
    }
    expect(() => publicViewResponse.parse(published)).not.toThrow();
    expect(text).not.toMatch(/"(id|firstName|lastName|lineId|employeeId|salary|currentSalary)"/);
    const year = published.data[String(FY)]!;
    const cells = [...year.salaryData!.teachers, ...year.salaryData!.paras, ...year.locationData!.locations];
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.count).toBeGreaterThanOrEqual(MIN_CELL_COUNT);
    }
    // East (3 people) is suppressed with South (7) so neither can be subtracted out; projected
    // staff are not counted; three paraeducators are too few to publish at all.
    expect(year.locationData!.locations.map((l) => [l.location, l.count])).toEqual([
      ['North Elementary', 10],
      ['Other', 10],
    ]);
    expect(year.locationData!.totalEmployees).toBe(20);
    expect(year.salaryData!.teachers.map((b) => [b.range, b.count])).toEqual([
      ['$50k-$60k', 6],
      ['Other', 6],
    ]);
    expect(year.salaryData!.paras).toEqual([]);
  });

  it('answers 304 to If-None-Match with its ETag', async () => {
    const first = await view();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const res = await fetch(`${t.url}/api/public-dashboard/view/${PATH}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(res.status).toBe(304);
  });

  it("answers residents from memory while the staff's database work holds every turn", async () => {
    expect((await view()).status).toBe(200); // in memory now
    let answered = 0;
    // The backup's exclusive turn: nothing that waits in line runs until it ends.
    await queueFor(t.db.knex).exclusive(async () => {
      const res = await fetch(`${t.url}/api/public-dashboard/view/${PATH}`, {
        signal: AbortSignal.timeout(5_000),
      });
      answered = res.status;
    });
    expect(answered).toBe(200);
  });

  it('keeps serving the snapshot while data changes, says so to the admin, and shows the change after the next Publish', async () => {
    const before = await view();
    await t.db
      .knex('line_items')
      .where({ is_operating: false, category_id: w.teachersCat })
      .increment('amount', 1000);
    forgetPublicViews(t.app);
    const during = await view();
    expect(during.body).toEqual(before.body);
    expect(during.headers.get('etag')).toBe(before.headers.get('etag'));
    const config = await t.api('get', '/public-dashboard/config', { token: admin.token });
    expect(config.body.config.dataChangedSincePublish).toBe(true);

    expect((await publish()).status).toBe(200);
    const after = await view();
    expect(after.body.data[String(FY)].totalBudget).toBe(
      dollars(sumCents(w.proposed.map((p) => p.amount)) + 300000),
    );
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const settled = await t.api('get', '/public-dashboard/config', { token: admin.token });
    expect(settled.body.config.dataChangedSincePublish).toBe(false);
  });

  it('counts projected staff only after the admin turns showProjectedEmployees on and publishes', async () => {
    await t.api('patch', `/public-dashboard/config/${configId}`, {
      token: admin.token,
      body: { showProjectedEmployees: true },
    });
    expect((await view()).body.data[String(FY)].locationData.totalEmployees).toBe(20);
    expect((await publish()).status).toBe(200);
    const year = (await view()).body.data[String(FY)];
    expect(year.includesProjectedEmployees).toBe(true);
    expect(year.locationData.totalEmployees).toBe(22);
    expect(year.salaryData.teachers.map((b: { count: number }) => b.count)).toEqual([6, 8]);
  });

  it('gives the same view to the web server through publicViewForPath', async () => {
    forgetPublicViews(t.app);
    expect(await publicViewForPath(t.app, PATH)).toEqual((await view()).body);
    expect(await publicViewForPath(t.app, 'nope')).toBeNull();
  });
});
