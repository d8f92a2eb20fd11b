import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, insertEmployees, insertProposed } from '../../test/factories';

const { t, viewer } = useApp(['VIEW_ONLY']);
let budgetYearId: number;
const FY = 2026;

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  await insertEmployees(db, [
    { budgetYearId, fiscalYear: FY, salary: '1.00' },
    { budgetYearId, fiscalYear: 2027, salary: '2.00', isProjected: true },
  ]);
  await insertProposed(db, [
    { budgetYearId, fiscalYear: FY, amount: '3.00' },
    { budgetYearId, fiscalYear: 2031, amount: '10.00', isProjected: true },
  ]);
});

describe('GET /line-items/fiscal-years', () => {
  it('returns 400 without a budget year and 404 for one of nothing', async () => {
    expect((await t.api('get', '/line-items/fiscal-years', { token: viewer.token })).status).toBe(400);
    expect(
      (await t.api('get', '/line-items/fiscal-years?budgetYearId=999999', { token: viewer.token })).status,
    ).toBe(404);
  });

  it('lists the fiscal years the budget year has lines for, with its current year, and which hold lines', async () => {
    const res = await t.api('get', `/line-items/fiscal-years?budgetYearId=${budgetYearId}`, {
      token: viewer.token,
    });
    expect(res.body).toEqual({ fiscalYears: [2026, 2027, 2031], withLines: [2026, 2027, 2031] });
    const fresh = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2029 });
    const empty = await t.api('get', `/line-items/fiscal-years?budgetYearId=${fresh}`, {
      token: viewer.token,
    });
    expect(empty.body).toEqual({ fiscalYears: [2029], withLines: [] });
    // A payroll imported into the year after the current one: the current year is offered, empty.
    const ahead = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2032 });
    await insertEmployees(t.db.knex, [{ budgetYearId: ahead, fiscalYear: 2033, salary: '4.00' }]);
    const next = await t.api('get', `/line-items/fiscal-years?budgetYearId=${ahead}`, {
      token: viewer.token,
    });
    expect(next.body).toEqual({ fiscalYears: [2032, 2033], withLines: [2033] });
  });
});

describe('GET /line-items/all-fiscal-years', () => {
  it('lists every fiscal year with lines, its count, and whether it is only projected', async () => {
    const res = await t.api('get', '/line-items/all-fiscal-years', { token: viewer.token });
    expect(res.status).toBe(200);
    const total = Number((await t.db.knex('line_items').where({ fiscal_year: FY }).count('* as c'))[0].c);
    expect(res.body.fiscalYears).toContainEqual({ fiscalYear: 2026, itemCount: total, isProjected: false });
    expect(res.body.fiscalYears).toContainEqual({ fiscalYear: 2031, itemCount: 1, isProjected: true });
    const operating = await t.api('get', '/line-items/all-fiscal-years?isOperating=true', {
      token: viewer.token,
    });
    expect(operating.body.fiscalYears.map((y: any) => y.fiscalYear)).not.toContain(2031);
    expect(
      (await t.api('get', '/line-items/all-fiscal-years?isOperating=maybe', { token: viewer.token })).status,
    ).toBe(400);
  });
});
