import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../../test/factories';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * Budget vs Actual and the Stage Comparison as a school committee member (VIEW_ONLY) reads them:
 * the district's Assistant Superintendent (function 1220) and Superintendent (1210) are each the
 * one person of their code, so their code's budget is their proposed salary line and their salary
 * account's actuals are their paid salary. Those figures are withheld from VIEW_ONLY (with enough
 * other rows that the total less the rows shown cannot give them back), in the JSON and the
 * workbook; FINANCE reads them. Figures are checked in integer cents from what this test wrote.
 */
const s = ledgerSuite('pay-withheld-');
const FY = 2027;
const ASSISTANT = '172500.00';
const SUPERINTENDENT = '279200.00';
const SUPERINTENDENT_PAID = '139600.00';
const ASSISTANT_PAID = '86250.00';
const TEACHERS = '612345.67';
const SUPPLIES = '12000.00';
const ACCOUNTS = {
  super: 'GF-3-300-1210-01-1-11-1-511000',
  teachers: 'GF-3-300-2305-01-1-11-1-511000',
  supplies: 'GF-3-300-2410-01-1-11-1-550000',
  noFund: 'XX-3-300-1220-01-1-11-1-511000',
};
const HEAD =
  'fiscal_year,period,report,source,fund,org,obj,project,account,description,type,rollup,sub_rollup,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,available_budget,pct_used';
const ledgerRow = (account: string, description: string, budget: string, spent: string) =>
  `${FY},6,gf-school,test,GF,S1,${account.split('-').at(-1)},,${account},${description},E,,,${budget},0.0,${budget},${spent},0.0,0.0,0.0`;
const LEDGER = [
  HEAD,
  ledgerRow(ACCOUNTS.super, 'SUPERINTENDENT SALARY', SUPERINTENDENT, SUPERINTENDENT_PAID),
  ledgerRow(ACCOUNTS.teachers, 'TEACHERS SALARIES', TEACHERS, '300000.00'),
  ledgerRow(ACCOUNTS.supplies, 'SUPPLIES', SUPPLIES, '5000.00'),
  // A salary account whose fund segment names no fund: listed apart, account by account.
  ledgerRow(ACCOUNTS.noFund, 'ASST SUPT SALARY', ASSISTANT, ASSISTANT_PAID).replace(',GF,S1,', ',XX,S1,'),
].join('\r\n');

const ids = {} as { by: number; stage: number };

beforeAll(async () => {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(FY);
  ids.by = budgetYearId;
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const cat = {
    assistant: await buildCategory(db, { name: 'Asst Supt', isPersonnel: true, deseFunction: '1220' }),
    super: await buildCategory(db, { name: 'Superintendent', isPersonnel: true, deseFunction: '1210' }),
    teachers: await buildCategory(db, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' }),
    supplies: await buildCategory(db, { name: 'Supplies', deseFunction: '2410' }),
  };
  const staff = { budgetYearId, fiscalYear: FY, scenarioId: operating, manual: true };
  await insertEmployees(db, [
    // Coded as payroll codes them (the stage snapshot's breakdown reads a line's own code).
    { ...staff, salary: '170000.00', categoryId: cat.assistant, columns: { dese_code: '1220' } },
    { ...staff, salary: '275000.00', categoryId: cat.super, columns: { dese_code: '1210' } },
    ...Array.from({ length: 6 }, (_, i) => ({
      ...staff,
      salary: `6${i}000.00`,
      categoryId: cat.teachers,
      columns: { dese_code: '2305' },
    })),
  ]);
  const line = { budgetYearId, fiscalYear: FY, scenarioId };
  await insertProposed(db, [
    {
      ...line,
      amount: ASSISTANT,
      categoryId: cat.assistant,
      accountDescription: 'Assistant Superintendents Staff - District Wide',
      accountLine: '01-100-1220-5110',
      columns: { dese_code: '1220' },
    },
    {
      ...line,
      amount: SUPERINTENDENT,
      categoryId: cat.super,
      accountLine: ACCOUNTS.super,
      columns: { dese_code: '1210' },
    },
    {
      ...line,
      amount: TEACHERS,
      categoryId: cat.teachers,
      accountLine: ACCOUNTS.teachers,
      columns: { dese_code: '2305' },
    },
    {
      ...line,
      amount: SUPPLIES,
      categoryId: cat.supplies,
      accountLine: ACCOUNTS.supplies,
      columns: { dese_code: '2410' },
    },
  ]);
  const res = await s.importFile(LEDGER, { fiscalYear: `FY${FY}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const advanced = await s.t.api('post', '/budget-stages/advance', {
    token: s.admin.token,
    body: { budgetYearId, fiscalYear: FY, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2027-01-15' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  ids.stage = advanced.body.events.at(-1).id;
});

const c = (dollars: string) => centsOfDollars(dollars);
/** Each person's figures alone, and the two together: none may be read or worked out. */
const secrets = () => [
  c(ASSISTANT),
  c(SUPERINTENDENT),
  c(SUPERINTENDENT_PAID),
  c(ASSISTANT) + c(SUPERINTENDENT),
];
const numbersIn = (body: unknown) => {
  const found: bigint[] = [];
  JSON.stringify(body, (_k, v) => (typeof v === 'number' && found.push(centsOfDollars(v)), v));
  return found;
};
/** The total less the rows shown, in cents. */
const remainder = (total: number, rows: readonly (number | null)[]) =>
  centsOfDollars(total) - rows.reduce<bigint>((sum, v) => (v === null ? sum : sum + centsOfDollars(v)), 0n);

const get = async (path: string, token: string) => {
  const res = await s.t.api('get', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ledger = (query: string, token: string) =>
  get(`/ledger/report?fiscalYear=${FY}&budgetYearId=${ids.by}&${query}`, token);
type Group = { key: string; budget: number | null; expended: number | null };

describe('Budget vs Actual by DESE function', () => {
  it('gives FINANCE each code’s budget and actuals, and the line with no account’s amount', async () => {
    const r = await ledger('by=function', s.finance.token);
    const row = (key: string) => r.rows.find((g: Group) => g.key === key);
    expect(c(String(row('1220').budget))).toBe(c(ASSISTANT));
    expect(c(String(row('1210').budget))).toBe(c(SUPERINTENDENT));
    expect(c(String(row('1210').expended))).toBe(c(SUPERINTENDENT_PAID));
    const line = r.linesWithoutAccount.find(
      (l: { accountLine: string }) => l.accountLine === '01-100-1220-5110',
    );
    expect(c(String(line.amount))).toBe(c(ASSISTANT));
    expect(r.payWithheld ?? null).toBeNull();
  });

  it('withholds them from VIEW_ONLY, so that the total less the rows shown gives neither back', async () => {
    const r = await ledger('by=function', s.viewer.token);
    const row = (key: string) => r.rows.find((g: Group) => g.key === key);
    for (const key of ['1220', '1210']) {
      expect(row(key)).toMatchObject({ budget: null, expended: null, revisedBudget: null, available: null });
    }
    for (const field of ['budget', 'expended', 'revisedBudget'] as const) {
      const left = remainder(
        r.totals[field],
        r.rows.map((g: Record<string, number | null>) => g[field]),
      );
      expect(secrets(), field).not.toContain(left);
    }
    const line = r.linesWithoutAccount.find(
      (l: { accountLine: string }) => l.accountLine === '01-100-1220-5110',
    );
    // The line names the role, not the person: its description stays, its amount is withheld.
    expect(line).toMatchObject({
      description: 'Assistant Superintendents Staff - District Wide',
      amount: null,
    });
    const found = numbersIn(r);
    for (const secret of secrets()) {
      expect(found).not.toContain(secret);
    }
    expect(r.payWithheld).toContain('shown only to administrators and finance staff');
  });

  it('withholds a withheld code’s accounts from VIEW_ONLY, by account and in the drill-down', async () => {
    for (const query of ['by=function&group=1210&accounts=all', 'by=account&accounts=all']) {
      const r = await ledger(query, s.viewer.token);
      const found = numbersIn(r);
      for (const secret of secrets()) {
        expect(found, query).not.toContain(secret);
      }
    }
  });

  it('withholds the accounts no fund claims of a code of 1 to 4 people from VIEW_ONLY only', async () => {
    type Listed = { account: string; expended: number | null; revisedBudget: number | null };
    const listed = async (token: string) =>
      (await ledger('by=function', token)).unmatchedFund.accounts.find(
        (a: Listed) => a.account === ACCOUNTS.noFund,
      ) as Listed;
    expect(c(String((await listed(s.finance.token)).expended))).toBe(c(ASSISTANT_PAID));
    expect(await listed(s.viewer.token)).toMatchObject({ expended: null, revisedBudget: null });
  });

  it('writes Withheld in VIEW_ONLY’s workbook, never the amounts', async () => {
    const res = await fetch(
      `${s.t.url}/api/ledger/report.xlsx?fiscalYear=${FY}&budgetYearId=${ids.by}&by=function`,
      { headers: { Authorization: `Bearer ${s.viewer.token}` } },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const cells: unknown[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as { result?: unknown } | unknown;
          cells.push(typeof v === 'object' && v !== null && 'result' in v ? v.result : v);
        }),
      ),
    );
    const numbers = cells.filter((v): v is number => typeof v === 'number').map((v) => centsOfDollars(v));
    for (const secret of secrets()) {
      expect(numbers).not.toContain(secret);
    }
    expect(cells).toContain('Withheld');
  });
});

describe('Stage Comparison by DESE function', () => {
  const compare = (token: string) =>
    get(`/budget-stages/compare?budgetYearId=${ids.by}&fiscalYear=${FY}&from=${ids.stage}&to=current`, token);
  type Row = { key: string; proposed: { from: number; to: number } | null };

  it('gives FINANCE each code’s proposed amounts', async () => {
    const r = await compare(s.finance.token);
    const row = (key: string) => r.byFunction.find((x: Row) => x.key === key);
    expect(c(String(row('1220').proposed.to))).toBe(c(ASSISTANT));
    expect(c(String(row('1210').proposed.to))).toBe(c(SUPERINTENDENT));
  });

  it('withholds them from VIEW_ONLY, in every breakdown, so the total cannot give them back', async () => {
    const r = await compare(s.viewer.token);
    const row = (key: string) => r.byFunction.find((x: Row) => x.key === key);
    expect(row('1220').proposed).toBeNull();
    expect(row('1210').proposed).toBeNull();
    for (const key of ['byCategory', 'byFunction', 'byBuilding']) {
      for (const side of ['from', 'to'] as const) {
        const left = remainder(
          r.totals.proposed[side],
          r[key].map((x: Row) => x.proposed?.[side] ?? null),
        );
        expect(secrets(), `${key} ${side}`).not.toContain(left);
      }
    }
    const found = numbersIn(r);
    for (const secret of secrets()) {
      expect(found).not.toContain(secret);
    }
  });

  it('writes Withheld in VIEW_ONLY’s workbook, never the amounts', async () => {
    const res = await fetch(
      `${s.t.url}/api/budget-stages/compare.xlsx?budgetYearId=${ids.by}&fiscalYear=${FY}&from=${ids.stage}&to=current`,
      { headers: { Authorization: `Bearer ${s.viewer.token}` } },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const numbers: bigint[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as { result?: unknown } | unknown;
          const n = typeof v === 'object' && v !== null && 'result' in v ? v.result : v;
          if (typeof n === 'number') {
            numbers.push(centsOfDollars(n));
          }
        }),
      ),
    );
    for (const secret of secrets()) {
      expect(numbers).not.toContain(secret);
    }
  });
});
