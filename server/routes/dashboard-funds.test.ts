import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

/**
 * The dashboard read for all funds or for the general fund alone (?funds=all|general): a year with
 * lines on the general fund (no fund named, and the general fund named) and on Title I, a federal
 * grant. Every total is worked out here in integer cents from the rows this test wrote.
 */
const { t, admin, viewer } = useApp(['ADMIN', 'VIEW_ONLY']);
const FY = 2029;
let budgetYearId: number;
let generalId: number;
let titleOne: number;

type Fund = 'none' | 'general' | 'title';
// [amount, fund, category ('a' | 'b'), building ('hs' | null)]
const PROPOSED: [string, Fund, 'a' | 'b', 'hs' | null][] = [
  ['125000.10', 'none', 'a', 'hs'],
  ['40000.45', 'general', 'b', null],
  ['30000.99', 'title', 'a', 'hs'],
  ['12500.50', 'title', 'b', null],
  ['-250.25', 'none', 'b', 'hs'],
];
// [salary, fund]
const EMPLOYEES: [string, Fund][] = [
  ['61000.00', 'none'],
  ['52500.50', 'general'],
  ['48000.25', 'title'],
];
const cat: Record<'a' | 'b', number> = { a: 0, b: 0 };
let hs: number;

const isGeneral = (f: Fund) => f !== 'title';
/** An API amount (JSON dollars, at most 2 decimals) in cents. */
const cents = (n: number) => BigInt(Math.round(n * 100));
const sum = (values: string[]) => values.reduce((n, v) => n + toCents(v)!, 0n);
/** The proposed lines of a choice: every line for all, the general fund's for general. */
const proposedOf = (funds: 'all' | 'general') => PROPOSED.filter(([, f]) => funds === 'all' || isGeneral(f));
const employeesOf = (funds: 'all' | 'general') =>
  EMPLOYEES.filter(([, f]) => funds === 'all' || isGeneral(f));

const get = (path: string, funds?: string) =>
  t.api(
    'get',
    `${path}?budgetYearId=${budgetYearId}&fiscalYear=${FY}${funds === undefined ? '' : `&funds=${funds}`}`,
    { token: viewer.token },
  );

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  generalId = (await db('funds').where({ kind: 'general' }).first('id')).id;
  const made = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I, Part A', code: `T1${process.pid}`, kind: 'federal_grant', awardAmount: 50000 },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  titleOne = made.body.fund.id;
  cat.a = await buildCategory(db, { name: `Instruction ${process.pid}` });
  cat.b = await buildCategory(db, { name: `Operations ${process.pid}` });
  hs = await buildBuilding(db, { name: `High School ${process.pid}` });
  const fundId = (f: Fund) => (f === 'none' ? null : f === 'general' ? generalId : titleOne);
  await insertProposed(
    db,
    PROPOSED.map(([amount, fund, category, building]) => ({
      budgetYearId,
      fiscalYear: FY,
      amount,
      categoryId: cat[category],
      buildingId: building === 'hs' ? hs : null,
      columns: { fund_id: fundId(fund) },
    })),
  );
  await insertEmployees(
    db,
    EMPLOYEES.map(([salary, fund]) => ({
      budgetYearId,
      fiscalYear: FY,
      salary,
      buildingId: hs,
      columns: { fund_id: fundId(fund) },
    })),
  );
});

describe('GET /line-items/budget/summary?funds=', () => {
  it.each(['all', 'general'] as const)(
    'sums the lines of %s funds to the cent and says which',
    async (funds) => {
      const res = await get('/line-items/budget/summary', funds);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const lines = proposedOf(funds);
      expect(cents(res.body.proposedBudget)).toBe(sum(lines.map(([a]) => a)));
      expect(res.body.proposedCount).toBe(lines.length);
      expect(res.body.funds).toBe(funds);
      expect(res.body.fundsLabel).toBe(funds === 'all' ? 'All funds' : 'General fund only');
      // The gap is the general fund's whichever funds the budget sums (the town's goal pays that
      // fund alone); no goal here, so there is no gap (null), never one against a goal of 0.
      const general = sum(proposedOf('general').map(([a]) => a));
      expect(cents(res.body.guidanceBudget)).toBe(general);
      expect([res.body.hasTownGoal, res.body.guidanceGap]).toEqual([false, null]);
    },
  );

  it('reads all funds when funds is left out, as it always did', async () => {
    const res = await get('/line-items/budget/summary');
    expect(res.status).toBe(200);
    expect(res.body.funds).toBe('all');
    expect(cents(res.body.proposedBudget)).toBe(sum(PROPOSED.map(([a]) => a)));
  });

  it('the general fund alone leaves Title I out: the two readings differ by its lines exactly', async () => {
    const [all, general] = await Promise.all([
      get('/line-items/budget/summary', 'all'),
      get('/line-items/budget/summary', 'general'),
    ]);
    const title = sum(PROPOSED.filter(([, f]) => f === 'title').map(([a]) => a));
    expect(title).toBe(4_250_149n);
    expect(cents(all.body.proposedBudget) - cents(general.body.proposedBudget)).toBe(title);
  });
});

describe('the dashboard breakdowns follow the choice', () => {
  it.each(['all', 'general'] as const)('by category and building, %s', async (funds) => {
    const lines = proposedOf(funds);
    const byCategory = await get('/line-items/summary/by-category', funds);
    expect(byCategory.status).toBe(200);
    expect(byCategory.body.funds).toBe(funds);
    for (const key of ['a', 'b'] as const) {
      const row = byCategory.body.categories.find((c: { categoryId: number }) => c.categoryId === cat[key]);
      const mine = lines.filter(([, , c]) => c === key);
      expect(cents(row.total)).toBe(sum(mine.map(([a]) => a)));
      expect(row.count).toBe(mine.length);
    }
    expect(cents(byCategory.body.total)).toBe(sum(lines.map(([a]) => a)));
    const byBuilding = await get('/line-items/summary/by-building', funds);
    expect(byBuilding.body.fundsLabel).toBe(funds === 'all' ? 'All funds' : 'General fund only');
    const school = byBuilding.body.buildings.find((b: { buildingId: number | null }) => b.buildingId === hs);
    expect(cents(school.total)).toBe(sum(lines.filter(([, , , b]) => b === 'hs').map(([a]) => a)));
  });

  it.each(['all', 'general'] as const)(
    'employees and payroll, %s (ADMIN sees every payroll)',
    async (funds) => {
      const res = await t.api(
        'get',
        `/line-items/budget/stats?budgetYearId=${budgetYearId}&fiscalYear=${FY}&funds=${funds}`,
        { token: admin.token },
      );
      expect(res.status).toBe(200);
      const people = employeesOf(funds);
      expect(res.body.totalEmployees).toBe(people.length);
      expect(cents(res.body.totalSalary)).toBe(sum(people.map(([s]) => s)));
      expect(res.body.funds).toBe(funds);
    },
  );

  it.each(['all', 'general'] as const)('per-pupil spending divides the budget of %s funds', async (funds) => {
    const res = await get('/nss/per-pupil', funds);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cents(res.body.budgetTotal)).toBe(sum(proposedOf(funds).map(([a]) => a)));
    expect(res.body.funds).toBe(funds);
  });
});

describe('a funds value other than all or general', () => {
  it.each([
    '/line-items/budget/summary',
    '/line-items/summary/by-category',
    '/line-items/budget/stats',
    '/nss/per-pupil',
  ])('is refused by %s with a 400 naming funds', async (path) => {
    for (const bad of ['federal', 'General', '']) {
      const res = await get(path, bad);
      expect(res.status, `${path} ${bad}`).toBe(400);
      expect(res.body.details).toEqual([{ path: 'funds', message: "funds must be 'all' or 'general'" }]);
    }
  });
});

describe('GET /line-items/budget/totals?fundId= (the grids filter and total by fund)', () => {
  const totals = (isOperating: boolean, fundId?: number | string) =>
    t.api(
      'get',
      `/line-items/budget/totals?budgetYearId=${budgetYearId}&fiscalYear=${FY}&isOperating=${isOperating}${fundId === undefined ? '' : `&fundId=${fundId}`}`,
      { token: admin.token },
    );

  it('counts and sums the lines a fund pays, a line naming none as the general fund', async () => {
    for (const [fund, id] of [
      ['general', generalId],
      ['title', titleOne],
    ] as const) {
      const pays = (f: Fund) => (fund === 'general' ? isGeneral(f) : f === 'title');
      const proposed = await totals(false, id);
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      const lines = PROPOSED.filter(([, f]) => pays(f));
      expect(proposed.body.count).toBe(lines.length);
      expect(cents(proposed.body.totalAmount)).toBe(sum(lines.map(([a]) => a)));
      const people = EMPLOYEES.filter(([, f]) => pays(f));
      const operating = await totals(true, id);
      expect(operating.body.count).toBe(people.length);
      expect(cents(operating.body.totalCurrentSalary)).toBe(sum(people.map(([s]) => s)));
    }
    const every = await totals(false);
    expect(every.body.count).toBe(PROPOSED.length);
  });

  it('refuses a fund id that is not an id, and finds nothing for a fund that pays nothing', async () => {
    const bad = await totals(false, 'title');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('fundId');
    const none = await totals(false, 999_999);
    expect(none.status).toBe(200);
    expect(none.body.count).toBe(0);
  });
});
