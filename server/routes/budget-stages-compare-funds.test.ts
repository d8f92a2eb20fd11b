import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildCategory, insertEmployees, insertProposed } from '../../test/factories';

/**
 * The stage comparison read for all funds or the general fund alone (?funds=all|general). A year
 * with lines on the general fund and on Title I is moved to the superintendent's recommendation;
 * then a general-fund line moves onto Title I, another changes, and a Title I line is added. Each
 * side is read by the fund its lines had then (the stage's as frozen), and every figure is worked
 * out again here in integer cents from the lines this test wrote.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const FY = 2028;
let by: number;
let titleOne: number;
let stageId: number;
let category: number;

interface Line {
  key: string;
  amount: string;
  title: boolean;
}
/** The proposed lines at the stage, and now. */
const AT_STAGE: Line[] = [
  { key: 'A', amount: '1000.10', title: false },
  { key: 'B', amount: '500.55', title: true },
  { key: 'C', amount: '250.00', title: false },
];
const NOW: Line[] = [
  { key: 'A', amount: '1000.10', title: true }, // moved onto Title I after the stage
  { key: 'B', amount: '500.55', title: true },
  { key: 'C', amount: '300.00', title: false }, // changed
  { key: 'D', amount: '99.99', title: true }, // added, on Title I
];
// Employees: [salary, on Title I]; unchanged between the two sides.
const PEOPLE: [string, boolean][] = [
  ['61000.00', false],
  ['52000.50', false],
  ['48000.25', true],
];
const ids: Record<string, number> = {};

const cents = (n: number) => BigInt(Math.round(n * 100));
const total = (lines: Line[], funds: 'all' | 'general') =>
  lines.filter((l) => funds === 'all' || !l.title).reduce((n, l) => n + toCents(l.amount)!, 0n);
const compare = (query: string) =>
  t.api(
    'get',
    `/budget-stages/compare?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current${query}`,
    {
      token: finance.token,
    },
  );

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: `FY28 funds ${process.pid}` });
  category = await buildCategory(db, { name: 'Instruction' });
  const made = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I, Part A', code: `T1${process.pid}`, kind: 'federal_grant' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  titleOne = made.body.fund.id;
  const inserted = await insertProposed(
    db,
    AT_STAGE.map((l) => ({
      budgetYearId: by,
      fiscalYear: FY,
      amount: l.amount,
      accountDescription: `Line ${l.key}`,
      categoryId: category,
      columns: { fund_id: l.title ? titleOne : null },
    })),
  );
  AT_STAGE.forEach((l, i) => (ids[l.key] = inserted[i]));
  await insertEmployees(
    db,
    PEOPLE.map(([salary, title]) => ({
      budgetYearId: by,
      fiscalYear: FY,
      salary,
      categoryId: category,
      columns: { fund_id: title ? titleOne : null },
    })),
  );
  const advanced = await t.api('post', '/budget-stages/advance', {
    token: admin.token,
    body: { budgetYearId: by, fiscalYear: FY, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2028-02-01' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  stageId = advanced.body.events.at(-1).id;

  const moved = await t.api('post', '/line-items/bulk-fund', {
    token: finance.token,
    body: { itemIds: [ids.A], fundId: titleOne },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const changed = await t.api('put', `/line-items/${ids.C}`, {
    token: finance.token,
    body: { amount: 300, changeReason: 'Workshop' },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const added = await t.api('post', '/line-items', {
    token: finance.token,
    body: {
      isOperating: false,
      budgetYearId: by,
      fiscalYear: FY,
      accountDescription: 'Line D',
      amount: 99.99,
      categoryId: category,
      fundId: titleOne,
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});

describe('GET /budget-stages/compare?funds=', () => {
  it.each(['all', 'general'] as const)(
    'compares the stage with today over %s funds, each side by the funds its lines had',
    async (funds) => {
      const res = await compare(`&funds=${funds}&lines=all`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.funds).toBe(funds);
      expect(res.body.fundsLabel).toBe(funds === 'all' ? 'All funds' : 'General fund only');
      const [from, to] = [total(AT_STAGE, funds), total(NOW, funds)];
      const p = res.body.totals.proposed;
      expect([cents(p.from), cents(p.to), cents(p.difference)]).toEqual([from, to, to - from]);
      const people = PEOPLE.filter(([, title]) => funds === 'all' || !title);
      const salaries = people.reduce((n, [s]) => n + toCents(s)!, 0n);
      expect(res.body.totals.employeeCount.to).toBe(people.length);
      expect(cents(res.body.totals.salaries.to)).toBe(salaries);
      const row = res.body.byCategory.find((r: { key: number }) => r.key === category);
      expect(cents(row.proposed.to)).toBe(to);
      const count = (l: Line[]) => l.filter((x) => funds === 'all' || !x.title).length;
      expect(res.body.totals.proposedCount).toEqual({
        from: count(AT_STAGE),
        to: count(NOW),
        difference: count(NOW) - count(AT_STAGE),
      });
    },
  );

  it('reads a line moved onto Title I as leaving the general fund, and all funds as it was', async () => {
    const general = await compare('&funds=general');
    // At the stage A and C were the general fund's: 1,250.10; now only C is: 300.00.
    expect(cents(general.body.totals.proposed.from)).toBe(125_010n);
    expect(cents(general.body.totals.proposed.to)).toBe(30_000n);
    expect(general.body.lineCounts).toMatchObject({ added: 0, removed: 1, changed: 1 });
    const removed = general.body.lines.find((l: { lineId: number }) => l.lineId === ids.A);
    expect(removed.change).toBe('removed');
    const all = await compare('');
    expect(all.body.funds).toBe('all');
    expect(all.body.lineCounts).toMatchObject({ added: 1, removed: 0, changed: 1 });
  });

  it('says the fund choice in the workbook: its file name and its title rows', async () => {
    const res = await fetch(
      `${t.url}/api/budget-stages/compare.xlsx?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current&funds=general`,
      { headers: { Authorization: `Bearer ${finance.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="FY${FY}-stage-${stageId}-vs-current-general-fund.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const summary = book.getWorksheet('Summary')!;
    expect(String(summary.getCell('A1').value)).toContain('general fund only');
    expect((summary.getCell('B5').value as ExcelJS.CellFormulaValue).result).toBe(1250.1);
  });

  it('refuses a funds value other than all or general, naming funds', async () => {
    for (const bad of ['grants', 'ALL']) {
      const res = await compare(`&funds=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ path: 'funds', message: "funds must be 'all' or 'general'" }]);
    }
  });
});
