import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { buildBudgetYear, buildBuilding, buildScenario, insertEmployees } from '../../test/factories';

/**
 * The dashboard's staff figures may be asked for every fund's lines or the general fund's alone. A
 * reader who may not see individual pay (VIEW_ONLY) asking both ways must not get a grant-paid
 * person's pay as the difference: one teacher on Title I among seven at Oak gives their salary as
 * Oak's payroll of every fund less Oak's of the general fund, unless the second is withheld.
 */
let t: TestApp;
let viewer: string;
let finance: string;
let by: number;
let stageId: number;
const FY = 2027;
const GRANT_PAID = '71234.56';

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await t.userWith('VIEW_ONLY')).token;
  finance = (await t.userWith('FINANCE')).token;
  const admin = (await t.userWith('ADMIN')).token;
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: `FY27 funds pay ${process.pid}` });
  const scenarioId = await buildScenario(db, by, 'operating');
  const made = await t.api('post', '/funds', {
    token: admin,
    body: { name: 'Title I', code: '2401', kind: 'federal_grant' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const titleI = made.body.fund.id as number;
  const oak = await buildBuilding(db, { name: 'Oak' });
  const elm = await buildBuilding(db, { name: 'Elm' });
  const base = { budgetYearId: by, fiscalYear: FY, scenarioId, position: 'Grade 3 Teacher' };
  // Oak: six teachers on the general fund and one on Title I, all in the $70k-$80k range.
  await insertEmployees(db, [
    ...['70100.00', '70200.00', '70300.00', '70400.00', '70500.00', '70600.00'].map((salary) => ({
      ...base,
      buildingId: oak,
      salary,
    })),
    { ...base, buildingId: oak, salary: GRANT_PAID, columns: { fund_id: titleI } },
  ]);
  // Elm: six on the general fund only, in another range.
  await insertEmployees(
    db,
    ['50100.00', '50200.00', '50300.00', '50400.00', '50500.00', '50600.00'].map((salary) => ({
      ...base,
      buildingId: elm,
      salary,
    })),
  );
  const advanced = await t.api('post', '/budget-stages/advance', {
    token: admin,
    body: { budgetYearId: by, fiscalYear: FY, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2027-02-01' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  stageId = advanced.body.events.at(-1).id;
});
afterAll(() => t.close());

const get = async (path: string, funds: 'all' | 'general', token = viewer) => {
  const res = await t.api('get', `${path}?budgetYearId=${by}&fiscalYear=${FY}&funds=${funds}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));
const GRANT_CENTS = Math.round(Number(GRANT_PAID) * 100);

describe("a VIEW_ONLY reader asking for every fund and then the general fund's lines", () => {
  it("cannot work out the one grant-paid teacher's salary from employee stats", async () => {
    const all = await get('/line-items/budget/stats', 'all');
    const general = await get('/line-items/budget/stats', 'general');
    const oak = (b: { byBuilding: { building: string; total: number | null }[] }) =>
      b.byBuilding.find((x) => x.building === 'Oak')!.total;
    expect(cents(oak(all))).not.toBeNull();
    // Oak leaves out one person: its general-fund payroll is withheld, and the total with it.
    expect(oak(general)).toBeNull();
    expect(general.totalSalary).toBeNull();
    // Every pair of figures the two answers give: none differs by the grant-paid salary.
    const figures = (b: typeof all) =>
      [b.totalSalary, ...b.byBuilding.map((x: { total: number | null }) => x.total)].map(cents);
    for (const a of figures(all)) {
      for (const g of figures(general)) {
        if (a !== null && g !== null) {
          expect(a - g).not.toBe(GRANT_CENTS);
        }
      }
    }
    // Elm leaves nobody out: with the total withheld, its payroll gives nothing away and stays.
    expect(cents(general.byBuilding.find((x: { building: string }) => x.building === 'Elm').total)).toBe(
      30210000,
    );
  });

  it('cannot from the headcount by location either', async () => {
    const all = await get('/line-items/headcount-by-location', 'all');
    const general = await get('/line-items/headcount-by-location', 'general');
    const oak = (b: { locations: { location: string; totalSalary: number | null }[] }) =>
      b.locations.find((x) => x.location === 'Oak')!.totalSalary;
    expect(oak(all)).not.toBeNull();
    expect(oak(general)).toBeNull();
    expect(general.totalSalary).toBeNull();
  });

  it('nor from the salary ranges: the range the fund choice takes one person from is left out', async () => {
    const all = await get('/line-items/salary-distribution', 'all');
    const general = await get('/line-items/salary-distribution', 'general');
    const range70 = (b: { teachers: { rangeStart: number; count: number }[] }) =>
      b.teachers.find((r) => r.rangeStart === 70000);
    expect(range70(all)?.count).toBe(7);
    expect(range70(general)).toBeUndefined();
    expect(general.excluded.teachers).toBe(6);
    // The range nobody is taken from stays.
    expect(general.teachers.find((r: { rangeStart: number }) => r.rangeStart === 50000)?.count).toBe(6);
  });

  it('FINANCE, who may read every line, gets every general-fund figure', async () => {
    const general = await get('/line-items/budget/stats', 'general', finance);
    expect(cents(general.totalSalary)).toBe(
      [70100, 70200, 70300, 70400, 70500, 70600, 50100, 50200, 50300, 50400, 50500, 50600].reduce(
        (a, b) => a + b * 100,
        0,
      ),
    );
    expect(general.byBuilding.every((b: { total: number | null }) => b.total !== null)).toBe(true);
  });

  it('cannot from the stage comparison either', async () => {
    const compare = async (funds: 'all' | 'general') => {
      const res = await t.api(
        'get',
        `/budget-stages/compare?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current&funds=${funds}`,
        { token: viewer },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const all = await compare('all');
    const general = await compare('general');
    const oak = (b: { byBuilding: { name: string; salaries: { from: number } | null }[] }) =>
      b.byBuilding.find((x) => x.name === 'Oak')!.salaries;
    expect(oak(all)).not.toBeNull();
    expect(oak(general)).toBeNull();
    expect(general.totals.salaries).toBeNull();
    const figures = (b: typeof all) =>
      [b.totals.salaries, ...b.byBuilding.map((x: { salaries: unknown }) => x.salaries)]
        .filter((m): m is { from: number; to: number } => m !== null)
        .flatMap((m) => [m.from, m.to].map((v) => cents(v)!));
    for (const a of figures(all)) {
      for (const g of figures(general)) {
        expect(a - g).not.toBe(GRANT_CENTS);
      }
    }
  });

  it('cannot from a stage comparison across a new hire: a row that changed by one person is withheld', async () => {
    const db = t.db.knex;
    const elm = (await db('buildings').where({ name: 'Elm' }).first('id')).id;
    const scenarioId = (
      await db('scenarios').where({ budget_year_id: by, scenario_type: 'operating' }).first('id')
    ).id;
    const HIRED = '52345.67';
    await insertEmployees(db, [
      {
        budgetYearId: by,
        fiscalYear: FY,
        scenarioId,
        position: 'Grade 3 Teacher',
        buildingId: elm,
        salary: HIRED,
      },
    ]);
    const compare = async (token: string) => {
      const res = await t.api(
        'get',
        `/budget-stages/compare?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current&funds=all`,
        { token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const hired = Math.round(Number(HIRED) * 100);
    const elmOf = (b: { byBuilding: { name: string; salaries: { from: number; to: number } | null }[] }) =>
      b.byBuilding.find((x) => x.name === 'Elm')!.salaries;
    // FINANCE sees Elm go from six to seven people, the difference being the newcomer's salary.
    const staff = elmOf(await compare(finance))!;
    expect(cents(staff.to)! - cents(staff.from)!).toBe(hired);
    // VIEW_ONLY gets no figure, nor pair of figures, whose difference is that salary.
    const read = await compare(viewer);
    expect(elmOf(read)).toBeNull();
    const figures = [read.totals.salaries, ...read.byBuilding.map((x: { salaries: unknown }) => x.salaries)]
      .filter((m): m is { from: number; to: number } => m !== null)
      .flatMap((m) => [m.from, m.to].map((v) => cents(v)!));
    for (const a of figures) {
      for (const b of figures) {
        expect(a - b).not.toBe(hired);
      }
    }
  });
});
