import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_WITHHELD_NOTE } from '@server/lib/pay-groups';
import { createTestApp, type TestApp } from '../../test/app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

/**
 * A school committee member (VIEW_ONLY) reads the views that hold no individual
 * pay (the stage history, the stage comparison's totals and breakdowns, the DESE report, budget vs
 * actual), while line-level salaries and every write stay with ADMIN and FINANCE. The comparison's
 * totals are worked out again here in integer cents from the lines this test wrote.
 */
let t: TestApp;
let admin: string;
let finance: string;
let viewer: string;
let by: number;
let stageId: number;
let employeeIds: number[];
const FY = 2027;
const proposed = ['120000.10', '45000.45', '7500.00'];
const salaries = ['61000.00', '48250.50'];
const cents = (v: string) => BigInt(v.replace('.', ''));
const dollars = (c: bigint) => Number(c) / 100;
const sum = (vs: string[]) => vs.reduce((a, v) => a + cents(v), 0n);

const compareUrl = (extra = '', ext = '') =>
  `/budget-stages/compare${ext}?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current${extra}`;
const sheetsOf = async (token: string, extra = '') => {
  const res = await fetch(`${t.url}/api${compareUrl(extra, '.xlsx')}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book.worksheets.map((w) => w.name);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWith('ADMIN')).token;
  finance = (await t.userWith('FINANCE')).token;
  viewer = (await t.userWith('VIEW_ONLY')).token;
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: `FY27 viewer ${process.pid}` });
  const category = await buildCategory(db, { name: 'Instruction' });
  const building = await buildBuilding(db, { name: 'Elm Street' });
  await insertProposed(
    db,
    proposed.map((amount) => ({
      budgetYearId: by,
      fiscalYear: FY,
      amount,
      categoryId: category,
      buildingId: building,
    })),
  );
  employeeIds = await insertEmployees(
    db,
    salaries.map((salary, i) => ({
      budgetYearId: by,
      fiscalYear: FY,
      salary,
      nextYearSalary: salary,
      manual: true,
      firstName: 'Private',
      lastName: `Payee${i}`,
      categoryId: category,
      buildingId: building,
    })),
  );
  const res = await t.api('post', '/budget-stages/advance', {
    token: admin,
    body: {
      budgetYearId: by,
      fiscalYear: FY,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2027-01-15',
      note: 'Hearing',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  stageId = res.body.events.at(-1).id;
});
afterAll(() => t.close());

describe('VIEW_ONLY reads the views that hold no individual pay', () => {
  it('reads the stage history of the year', async () => {
    const res = await t.api('get', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`, { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([stageId]);
  });

  it('reads the comparison by category, function and building, without its lines', async () => {
    const res = await t.api('get', compareUrl(), { token: viewer });
    expect(res.status).toBe(200);
    const staff = (await t.api('get', compareUrl(), { token: finance })).body;
    expect(res.body.linesListed).toBe('none');
    expect(res.body.lines).toEqual([]);
    expect(staff.linesListed).toBe('changed');
    // The same proposed figures and counts staff see, and the totals are the lines this test wrote;
    // the salaries of these two people are withheld (a sum over fewer than five is their pay).
    const noPay = (v: unknown) =>
      JSON.parse(JSON.stringify(v, (k, x) => (k === 'salaries' || k === 'nextYearSalaries' ? null : x)));
    for (const key of ['totals', 'byCategory', 'byFunction', 'byBuilding', 'lineCounts']) {
      expect(res.body[key], key).toEqual(noPay(staff[key]));
    }
    expect([res.body.totals.salaries, res.body.totals.nextYearSalaries]).toEqual([null, null]);
    expect(res.body.totals.proposed.to).toBe(dollars(sum(proposed)));
    expect(staff.totals.salaries.to).toBe(dollars(sum(salaries)));
    expect(res.body.byCategory.find((r: { name: string }) => r.name === 'Instruction').proposed.to).toBe(
      dollars(sum(proposed)),
    );
    // No employee's line, name or single salary in the answer.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Payee');
    expect(text).not.toContain(String(dollars(cents(salaries[1]))));
  });

  it('exports the comparison without its Lines sheet; staff get the Lines sheet', async () => {
    expect(await sheetsOf(viewer)).toEqual(['Summary', 'By category', 'By DESE function', 'By building']);
    expect(await sheetsOf(finance)).toContain('Lines');
  });

  it('reads the DESE report and its workbook, as FINANCE does but without two people’s pay', async () => {
    const url = `/dese-report?budgetYearId=${by}&fiscalYear=${FY}`;
    const res = await t.api('get', url, { token: viewer });
    expect(res.status).toBe(200);
    const staff = (await t.api('get', url, { token: finance })).body;
    // The same report, but the pay of these two people (their row, the lines without a code: its
    // salaries, the total that gives them back, its payroll; the budget's salaries and payroll) is
    // withheld and the notes say so. The budget's total is the dashboard's all the same.
    const noPay = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'payroll' ? null : x)));
    expect({ ...noPay(res.body), generatedAt: null, notes: null }).toEqual({
      ...noPay(staff),
      unmapped: { ...noPay(staff.unmapped), salaries: null, total: null },
      totals: { ...noPay(staff.totals), salaries: null },
      generatedAt: null,
      notes: null,
    });
    expect([res.body.totals.payroll, res.body.dashboard.payroll]).toEqual([null, null]);
    expect(res.body.totals.total).toBe(dollars(sum(proposed)));
    expect(res.body.notes).toContain(PAY_WITHHELD_NOTE);
    const xlsx = await fetch(`${t.url}/api/dese-report.xlsx?budgetYearId=${by}&fiscalYear=${FY}`, {
      headers: { Authorization: `Bearer ${viewer}` },
    });
    expect(xlsx.status).toBe(200);
  });

  it('reads budget vs actual and its ledger imports', async () => {
    const res = await t.api('get', `/ledger/report?fiscalYear=${FY}&by=category`, { token: viewer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toEqual(
      (await t.api('get', `/ledger/report?fiscalYear=${FY}&by=category`, { token: finance })).body.totals,
    );
    expect((await t.api('get', `/ledger/imports?fiscalYear=${FY}`, { token: viewer })).status).toBe(200);
  });
});

describe('VIEW_ONLY is still refused line-level salaries and every write', () => {
  it('is refused the comparison lines, snapshots, line items and their history (403)', async () => {
    const refused = [
      compareUrl('&lines=changed'),
      compareUrl('&lines=all'),
      `/budget-stages/${stageId}/snapshot?kind=employee`,
      `/budget-stages/${stageId}/snapshot?kind=all`,
      `/line-items/budget?budgetYearId=${by}&fiscalYear=${FY}`,
      `/history/line-item/${employeeIds[0]}`,
      '/ledger/account-pattern',
    ];
    for (const url of refused) {
      const res = await t.api('get', url, { token: viewer });
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('FORBIDDEN');
    }
    const lines = await t.api('get', compareUrl('&lines=changed'), { token: viewer });
    expect(lines.body.error).toContain('only ADMIN and FINANCE may list them');
    const xlsx = await fetch(`${t.url}/api${compareUrl('&lines=all', '.xlsx')}`, {
      headers: { Authorization: `Bearer ${viewer}` },
    });
    expect(xlsx.status).toBe(403);
  });

  it('is refused every write (403) and nothing changes', async () => {
    const count = async (table: string) => Number((await t.db.knex(table).count({ n: '*' }).first())!.n);
    const before = [await count('budget_stages'), await count('line_items_all')];
    const line = await t.db.knex('line_items').where({ id: employeeIds[0] }).first();
    const writes: [string, string, object][] = [
      [
        'post',
        '/budget-stages/advance',
        { budgetYearId: by, fiscalYear: FY, stage: 'SCHOOL_COMMITTEE_ADOPTED', date: '2027-03-01' },
      ],
      ['post', '/budget-stages/reopen', { budgetYearId: by, fiscalYear: FY, reason: 'Because' }],
      ['put', `/line-items/${employeeIds[0]}`, { currentSalary: 1 }],
      ['put', '/ledger/account-pattern', { pattern: 'FUNC-OBJECT' }],
      ['post', '/ledger/import/execute', {}],
      ['put', `/nss/state-figures/${FY}`, {}],
    ];
    for (const [method, url, body] of writes) {
      const res = await t.api(method as 'post', url, { token: viewer, body });
      expect(res.status, url).toBe(403);
    }
    expect([await count('budget_stages'), await count('line_items_all')]).toEqual(before);
    expect(await t.db.knex('line_items').where({ id: employeeIds[0] }).first()).toEqual(line);
  });
});
