import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProposed } from '../../../test/factories';
import { cents, csvRecords, realFile } from '../../../test/real-files';
import { ledgerSuite } from '../../../test/worlds/ledger.suite';

/**
 * Budget vs actual by the ledger's fund segment (GET /ledger/report?fund=...). The real Lunenburg
 * MUNIS slice goes through the real import, and every fund's totals are reconciled to sums worked
 * out here from the CSV in integer cents; a synthetic ledger with accounts on 0100, 2401, a
 * lower-case 'sc01' and 9999 (no fund's code) gives per-fund totals, the general fund against every
 * fund, and 9999 listed with its rows, never dropped.
 */

const s = ledgerSuite('ledger-funds-');
const MUNIS = realFile('lunenburg_munis_school_ytd_fy2023_slice.csv');
const AMOUNTS = ['original_approp', 'revised_budget', 'ytd_expended', 'encumbrances'] as const;
type Sums = Record<(typeof AMOUNTS)[number], bigint>;

/** An API amount (a JSON number with at most 2 decimals) in cents, through its decimal text. */
const c = (n: number) => cents(n.toFixed(2));
const zero = (): Sums => ({ original_approp: 0n, revised_budget: 0n, ytd_expended: 0n, encumbrances: 0n });

/** The file's rows summed per fund segment (the account's first segment), read here, not by the app. */
function sumsByFund(text: string): { sums: Map<string, Sums>; all: Sums; rows: number } {
  const [head, ...records] = csvRecords(text).filter((r) => r.some((cell) => cell !== ''));
  const col = (name: string) => head.indexOf(name);
  const sums = new Map<string, Sums>();
  const all = zero();
  for (const r of records) {
    const fund = r[col('account')].split('-')[0];
    if (col('fund') >= 0) {
      expect(fund, 'the fund column and the account agree').toBe(r[col('fund')]);
    }
    const f = sums.get(fund) ?? zero();
    for (const a of AMOUNTS) {
      f[a] += cents(r[col(a)]);
      all[a] += cents(r[col(a)]);
    }
    sums.set(fund, f);
  }
  return { sums, all, rows: records.length };
}

/** A report's (or a fund's) figures as the CSV's four columns, in cents. */
const asSums = (x: {
  originalBudget: number;
  revisedBudget: number;
  expended: number;
  encumbered: number;
}) => ({
  original_approp: c(x.originalBudget),
  revised_budget: c(x.revisedBudget),
  ytd_expended: c(x.expended),
  encumbrances: c(x.encumbered),
});

const report = (query: string) => s.t.api('get', `/ledger/report?${query}`, { token: s.finance.token });

let general: number;
let titleI: number;
let choice: number;

beforeAll(async () => {
  general = (await s.t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
  const put = await s.t.api('put', `/funds/${general}`, { token: s.admin.token, body: { code: '0100' } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const made = async (body: object) => {
    const res = await s.t.api('post', '/funds', { token: s.admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fund.id as number;
  };
  titleI = await made({ name: 'Title I', code: '2401', kind: 'federal_grant' });
  choice = await made({ name: 'School Choice', code: 'SC01', kind: 'revolving' });
});

describe('GET /ledger/report by fund: the real Lunenburg MUNIS slice', () => {
  it('stores every account with its fund code and reconciles every fund to the CSV, to the cent', async () => {
    await s.budgetYear(2023);
    const file = readFileSync(MUNIS);
    const imported = await s.importFile(file, { fiscalYear: 2023 });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 400)).toBe(200);
    expect(imported.body.accountPattern).toBe('FUND-x-xxx-FUNC-...-OBJECT');
    expect(imported.body.preview[0]).toMatchObject({ fundCode: '0100', functionCode: '4220' });

    const { sums, all, rows } = sumsByFund(file.toString('utf8'));
    const stored = await s.t.db.knex('ledger_accounts').where({ ledger_import_id: imported.body.importId });
    expect(stored).toHaveLength(rows);
    expect(
      stored.every((a: { account: string; fund_code: string }) => a.fund_code === a.account.split('-')[0]),
    ).toBe(true);

    const every = await report('fiscalYear=2023');
    expect(every.status, JSON.stringify(every.body).slice(0, 400)).toBe(200);
    // Every fund unless told, as the report always summed.
    expect(every.body.fund).toEqual({ scope: 'all', fundId: null, code: null, label: 'All funds' });
    expect(asSums(every.body.totals)).toEqual(all);
    for (const f of every.body.fundTotals) {
      expect(asSums(f), `fund ${f.code}`).toEqual(sums.get(f.code) ?? zero());
      expect(c(f.available)).toBe(c(f.revisedBudget) - c(f.expended) - c(f.encumbered));
    }
    // Every segment of the file is a fund's: nothing left over.
    expect([...sums.keys()].every((code) => every.body.fundTotals.some((f: any) => f.code === code))).toBe(
      true,
    );
    expect(every.body.unmatchedFund).toMatchObject({ accountCount: 0, segments: [], accounts: [] });

    const gf = await report('fiscalYear=2023&fund=general');
    expect(gf.body.fund).toEqual({
      scope: 'general',
      fundId: general,
      code: '0100',
      label: 'General Fund (0100)',
    });
    expect(asSums(gf.body.totals)).toEqual(sums.get('0100'));
    const grant = await report(`fiscalYear=2023&fund=${titleI}`);
    expect(grant.body.fund).toMatchObject({ scope: 'fund', fundId: titleI, code: '2401' });
    expect(asSums(grant.body.totals)).toEqual(zero());
  });
});

describe('GET /ledger/report by fund: a ledger with a segment no fund has', () => {
  // Header row 1; data rows 2 to 7.
  const LEDGER = [
    'account,description,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,period',
    '0100-3-300-2305-03-2-10-1-511001,TEACHERS,100000.00,500.25,100500.25,60000.10,1000.00,6',
    '9999-3-300-2305-03-2-10-1-511003,MYSTERY SALARIES,1234.56,0,1234.56,99.99,0.01,6',
    '2401-3-300-2305-03-2-10-1-511002,TITLE I TEACHERS,50000.00,0,50000.00,20000.00,500.50,6',
    '0100-3-300-2440-05-5-63-2-535016,TRANSPORTATION,2000.00,0,2000.00,2500.55,0,6',
    'sc01-3-300-3200-05-5-63-2-535016,CHOICE SUPPLIES,300.00,0,300.00,120.30,0,6',
    '9999-3-300-2410-03-2-10-1-551000,MYSTERY BOOKS,10.00,0,10.00,5.00,0,6',
  ].join('\n');
  const LINES = [
    { fund: null, amount: '120000.00', account: '0100-3-300-2305-03-2-10-1-511001' },
    { fund: 'titleI', amount: '48000.00', account: '2401-3-300-2305-03-2-10-1-511002' },
    { fund: null, amount: '700.00', account: null },
    { fund: 'choice', amount: '333.33', account: null },
  ] as const;
  const { sums, all } = sumsByFund(LEDGER);
  const budget = (fund: string | null | 'any') =>
    LINES.filter((l) => fund === 'any' || l.fund === fund).reduce((t, l) => t + cents(l.amount), 0n);

  beforeAll(async () => {
    const { budgetYearId, scenarioId } = await s.budgetYear(2024);
    const ids = { titleI, choice };
    await insertProposed(
      s.t.db.knex,
      LINES.map((l) => ({
        budgetYearId,
        scenarioId,
        fiscalYear: 2024,
        amount: l.amount,
        accountLine: l.account,
        columns: { fund_id: l.fund === null ? null : ids[l.fund] },
      })),
    );
    const res = await s.importFile(LEDGER, { fiscalYear: 2024 });
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
  });

  it("gives each fund its accounts' and lines' totals, matching codes in any case, and lists 9999 with its rows", async () => {
    const res = await report('fiscalYear=2024&fund=all');
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    const fund = (id: number) => res.body.fundTotals.find((f: any) => f.fundId === id);
    expect(fund(general)).toMatchObject({ code: '0100', accountCount: 2, lineCount: 2 });
    expect(asSums(fund(general))).toEqual(sums.get('0100'));
    expect(c(fund(general).budget)).toBe(budget(null));
    expect(asSums(fund(titleI))).toEqual(sums.get('2401'));
    expect(c(fund(titleI).budget)).toBe(budget('titleI'));
    // 'sc01' in the ledger is fund SC01.
    expect(fund(choice)).toMatchObject({ code: 'SC01', accountCount: 1, lineCount: 1 });
    expect(asSums(fund(choice))).toEqual(sums.get('sc01'));
    expect(c(fund(choice).budget)).toBe(budget('choice'));

    // Never dropped: 9999 is counted in every fund's totals and listed with its rows.
    const nine = sums.get('9999')!;
    expect(asSums(res.body.unmatchedFund)).toEqual(nine);
    expect(res.body.unmatchedFund.accountCount).toBe(2);
    expect(res.body.unmatchedFund.segments).toEqual([
      expect.objectContaining({ fundCode: '9999', accountCount: 2, revisedBudget: 1244.56 }),
    ]);
    expect(res.body.unmatchedFund.accounts).toEqual([
      {
        row: 3,
        account: '9999-3-300-2305-03-2-10-1-511003',
        description: 'MYSTERY SALARIES',
        fundCode: '9999',
        originalBudget: 1234.56,
        revisedBudget: 1234.56,
        expended: 99.99,
        encumbered: 0.01,
        available: 1134.56,
      },
      expect.objectContaining({ row: 7, account: '9999-3-300-2410-03-2-10-1-551000', expended: 5 }),
    ]);
    expect(asSums(res.body.totals)).toEqual(all);
    expect(c(res.body.totals.budget)).toBe(budget('any'));
    // The funds plus what no fund claims are every fund's totals.
    for (const key of ['originalBudget', 'revisedBudget', 'expended', 'encumbered', 'available'] as const) {
      const funds = res.body.fundTotals.reduce((t: bigint, f: any) => t + c(f[key]), 0n);
      expect(funds + c(res.body.unmatchedFund[key]), key).toBe(c(res.body.totals[key]));
    }
  });

  it('reads the general fund alone, or one fund, and says which', async () => {
    const gf = await report('fiscalYear=2024&fund=general&by=account&accounts=all');
    expect(gf.status).toBe(200);
    expect(gf.body.fund).toMatchObject({ scope: 'general', fundId: general, label: 'General Fund (0100)' });
    expect(asSums(gf.body.totals)).toEqual(sums.get('0100'));
    expect(c(gf.body.totals.budget)).toBe(budget(null));
    expect(gf.body.budgetSource.lineCount).toBe(2);
    expect(gf.body.accounts.map((a: any) => a.row)).toEqual([2, 5]);
    // The line on no account is the general fund's; the Title I line is not listed here.
    expect(gf.body.linesWithoutAccount.map((l: any) => l.amount)).toEqual([700]);
    // The per-fund totals and the unmatched list do not depend on the fund read.
    const every = await report('fiscalYear=2024');
    expect(gf.body.fundTotals).toEqual(every.body.fundTotals);
    expect(gf.body.unmatchedFund).toEqual(every.body.unmatchedFund);
    expect(c(every.body.totals.revisedBudget) - c(gf.body.totals.revisedBudget)).toBe(
      all.revised_budget - sums.get('0100')!.revised_budget,
    );

    const byId = await report(`fiscalYear=2024&fund=${general}`);
    expect(byId.body.fund.scope).toBe('general');
    expect(byId.body.totals).toEqual(gf.body.totals);
    const grant = await report(`fiscalYear=2024&fund=${titleI}&by=function`);
    expect(grant.body.fund).toEqual({ scope: 'fund', fundId: titleI, code: '2401', label: 'Title I (2401)' });
    expect(asSums(grant.body.totals)).toEqual(sums.get('2401'));
    expect(grant.body.rows.map((r: any) => [r.key, r.budget])).toEqual([['2305', 48000]]);
  });

  it('writes one fund’s workbook, named and titled for it', async () => {
    const res = await fetch(`${s.t.url}/api/ledger/report.xlsx?fiscalYear=2024&by=account&fund=general`, {
      headers: { Authorization: `Bearer ${s.finance.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      'FY2024-budget-vs-actual-fund-0100-by-account.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Accounts')!;
    expect(String(sheet.getCell('A1').value)).toContain('General Fund (0100)');
    expect([sheet.getCell('A5').value, sheet.getCell('A6').value, sheet.getCell('A7').value]).toEqual([
      '0100-3-300-2305-03-2-10-1-511001',
      '0100-3-300-2440-05-5-63-2-535016',
      'Total',
    ]);
  });

  it('refuses a fund that does not exist, or is no fund, with a 400 naming fund', async () => {
    for (const fund of ['999999', 'abc', '0', '-1', '2401x']) {
      const res = await report(`fiscalYear=2024&fund=${fund}`);
      expect(res.status, fund).toBe(400);
      expect(
        res.body.details.map((d: any) => d.path),
        fund,
      ).toEqual(['fund']);
    }
    const book = await fetch(`${s.t.url}/api/ledger/report.xlsx?fiscalYear=2024&fund=999999`, {
      headers: { Authorization: `Bearer ${s.finance.token}` },
    });
    expect(book.status).toBe(400);
    expect((await book.json()).details[0].path).toBe('fund');
    expect((await s.t.api('get', '/ledger/report?fiscalYear=2024&fund=general')).status).toBe(401);
    // Every role that reads the report reads it by fund.
    expect(
      (await s.t.api('get', '/ledger/report?fiscalYear=2024&fund=general', { token: s.viewer.token })).status,
    ).toBe(200);
  });
});
