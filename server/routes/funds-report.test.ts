import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildCategory, insertProposed } from '../../test/factories';

/**
 * The budget of all funds (GET /funds/report): each fund's lines of the year and of the year
 * before, recomputed here in integer cents from the rows written, all funds beside the general fund;
 * within each fund its budget by DESE function and by category; and what the year before's ledger
 * says each fund spent, by the accounts' fund segment ('no ledger' until one is imported).
 */

const { t, admin, viewer } = useApp(['ADMIN', 'VIEW_ONLY']);
const FY = 2031;
let budgetYearId: number;
let general: number;
let grant: number;
let revolving: number;
/** An API amount (a JSON number of dollars with at most 2 decimals) in cents. */
const cents = (n: number) => BigInt(Math.round(n * 100));

type FundName = 'general' | 'grant' | 'revolving';
type CategoryName = 'teachers' | 'supplies' | null;
// [fiscal year, fund, amount, category, the line's own DESE code]
const LINES: [number, FundName, string, CategoryName, string | null][] = [
  [FY, 'general', '1000000.10', 'teachers', null],
  [FY, 'general', '250000.45', 'supplies', null],
  [FY, 'general', '1234.56', null, null],
  [FY, 'grant', '300000.00', 'teachers', null],
  [FY, 'grant', '20000.01', 'teachers', '3200'],
  [FY, 'revolving', '-1500.50', 'supplies', null],
  [FY - 1, 'general', '1200000.00', null, null],
  [FY - 1, 'grant', '280000.99', null, null],
];
/** The categories' own DESE function: a line without a code of its own has its category's. */
const CATEGORY_FUNCTION = { teachers: '2305', supplies: '2410' } as const;
const functionOf = ([, , , category, code]: (typeof LINES)[number]) =>
  code ?? (category === null ? null : CATEGORY_FUNCTION[category]);
let categories: Record<'teachers' | 'supplies', number>;

beforeAll(async () => {
  budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: FY });
  general = (await t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
  const made = async (body: object) =>
    (await t.api('post', '/funds', { token: admin.token, body })).body.fund.id as number;
  grant = await made({
    name: 'Title I 2031',
    code: `TI${process.pid}`,
    kind: 'federal_grant',
    awardAmount: 320000,
  });
  revolving = await made({ name: 'Tuition revolving', code: `RV${process.pid}`, kind: 'revolving' });
  categories = {
    teachers: await buildCategory(t.db.knex, { name: 'Teachers', deseFunction: '2305', displayOrder: 1 }),
    supplies: await buildCategory(t.db.knex, { name: 'Supplies', deseFunction: '2410', displayOrder: 2 }),
  };
  const ids = { general: null, grant, revolving };
  await insertProposed(
    t.db.knex,
    LINES.map(([fiscalYear, fund, amount, category, code]) => ({
      budgetYearId,
      fiscalYear,
      amount,
      categoryId: category === null ? null : categories[category],
      columns: { fund_id: ids[fund], dese_code: code },
    })),
  );
});

/** A fund's lines of the year summed by a key of each line, in cents: key -> [cents, lines]. */
function sumsBy<K>(fund: FundName, key: (line: (typeof LINES)[number]) => K): Map<K, [bigint, number]> {
  const out = new Map<K, [bigint, number]>();
  for (const line of LINES.filter(([y, f]) => y === FY && f === fund)) {
    const [c, n] = out.get(key(line)) ?? [0n, 0];
    out.set(key(line), [c + toCents(line[2])!, n + 1]);
  }
  return out;
}

/** The year before's ledger, as an import leaves it: accounts with their fund segment as written. */
async function importLedger(
  accounts: { fund: string | null; expended: string; setAside?: boolean }[],
  current = true,
) {
  const [imp] = await t.db
    .knex('ledger_imports')
    .insert({
      fiscal_year: FY - 1,
      period: 13,
      file_name: `ytd-fy${FY - 1}-p13.csv`,
      file_sha256: `sha-${current}`,
      account_pattern: 'FUND-x-xxx-FUNC-...-OBJECT',
      is_current: current,
    })
    .returning('id');
  await t.db.knex('ledger_accounts').insert(
    accounts.map((a, i) => ({
      ledger_import_id: imp.id,
      fiscal_year: FY - 1,
      row_number: i + 2,
      account: `${a.fund ?? 'SUSPENSE'}-3-300-2305-511001`,
      fund_code: a.setAside ? null : a.fund,
      revised_budget: a.expended,
      expended: a.expended,
      set_aside_reason: a.setAside ? 'does not match the pattern' : null,
    })),
  );
}

describe('GET /funds/report', () => {
  it('gives each fund its budget, the year before and the change; all funds beside the general fund', async () => {
    const res = await t.api('get', `/funds/report?budgetYearId=${budgetYearId}&fiscalYear=FY${FY}`, {
      token: viewer.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sum = (fy: number, fund?: string) =>
      LINES.filter(([y, f]) => y === fy && (!fund || f === fund)).reduce((s, [, , a]) => s + toCents(a)!, 0n);
    const row = (id: number) => res.body.funds.find((f: { fundId: number }) => f.fundId === id);
    for (const [id, name] of [
      [general, 'general'],
      [grant, 'grant'],
      [revolving, 'revolving'],
    ] as const) {
      const r = row(id);
      expect(cents(r.budget)).toBe(sum(FY, name));
      expect(cents(r.previousBudget)).toBe(sum(FY - 1, name));
      expect(cents(r.change)).toBe(sum(FY, name) - sum(FY - 1, name));
    }
    expect(row(general).lineCount).toBe(3);
    expect(cents(res.body.allFunds.budget)).toBe(sum(FY));
    expect(cents(res.body.allFunds.previousBudget)).toBe(sum(FY - 1));
    expect(res.body.allFunds.lineCount).toBe(6);
    expect(res.body.generalFund).toEqual({
      budget: row(general).budget,
      previousBudget: row(general).previousBudget,
      change: row(general).change,
      lineCount: 3,
      previousActual: null,
    });
    // $320,000.01 of lines on a $320,000.00 award.
    expect(row(grant)).toMatchObject({ overAward: true, awardAmount: 320000, countsTowardNss: false });
    expect(row(revolving).overAward).toBe(false);
    // No ledger for the year before yet: its actual is 'no ledger', not zero.
    expect(res.body.previousLedger).toBeNull();
    expect(res.body.funds.map((f: { previousActual: unknown }) => f.previousActual)).toEqual(
      res.body.funds.map(() => null),
    );
    expect(res.body.allFunds.previousActual).toBeNull();
  });

  it("gives each fund its budget by DESE function (the line's code, else its category's) and by category", async () => {
    const res = await t.api('get', `/funds/report?budgetYearId=${budgetYearId}&fiscalYear=FY${FY}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const names: Record<string, string> = { teachers: 'Teachers', supplies: 'Supplies' };
    for (const [id, fund] of [
      [general, 'general'],
      [grant, 'grant'],
      [revolving, 'revolving'],
    ] as const) {
      const r = res.body.funds.find((f: { fundId: number }) => f.fundId === id);
      const byFunction = sumsBy(fund, functionOf);
      expect(
        r.byFunction.map((x: any) => [x.code, cents(x.budget), x.lineCount]),
        `${fund} by function`,
      ).toEqual(
        [...byFunction]
          .map(([code, [c, n]]) => [code, c, n])
          .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)),
      );
      const byCategory = sumsBy(fund, (line) => line[3]);
      expect(
        r.byCategory.map((x: any) => [x.name, cents(x.budget), x.lineCount]),
        `${fund} by category`,
      ).toEqual(
        (['teachers', 'supplies', null] as const)
          .filter((k) => byCategory.has(k))
          .map((k) => [k === null ? 'No category' : names[k], ...byCategory.get(k)!]),
      );
      // Each breakdown adds up to the fund's budget.
      for (const list of [r.byFunction, r.byCategory]) {
        expect(list.reduce((s: bigint, x: any) => s + cents(x.budget), 0n)).toBe(cents(r.budget));
      }
    }
    const generalRow = res.body.funds.find((f: { fundId: number }) => f.fundId === general);
    expect(generalRow.byFunction.find((x: any) => x.code === '2305')).toMatchObject({
      name: 'Teachers, Classroom',
    });
  });

  it("gives each fund the year before's actual from that year's ledger, by fund segment in any case", async () => {
    // A replaced import counts for nothing; a row set aside and a segment no fund has are no fund's.
    await importLedger([{ fund: `ti${process.pid}`, expended: '999999.99' }], false);
    const ACCOUNTS = [
      { fund: 'GF', expended: '1100000.25' },
      { fund: 'gf', expended: '50000.50' },
      { fund: `ti${process.pid}`, expended: '270000.99' },
      { fund: '9999', expended: '123.45' },
      { fund: null, expended: '10.00', setAside: true },
    ];
    await importLedger(ACCOUNTS);
    const res = await t.api('get', `/funds/report?budgetYearId=${budgetYearId}&fiscalYear=FY${FY}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const spent = (codes: string[]) =>
      ACCOUNTS.filter((a) => !a.setAside && codes.includes(String(a.fund).toLowerCase())).reduce(
        (s, a) => s + toCents(a.expended)!,
        0n,
      );
    const row = (id: number) => res.body.funds.find((f: { fundId: number }) => f.fundId === id);
    expect(cents(row(general).previousActual)).toBe(spent(['gf']));
    expect(cents(row(grant).previousActual)).toBe(spent([`ti${process.pid}`]));
    expect(row(revolving).previousActual).toBe(0);
    expect(cents(res.body.generalFund.previousActual)).toBe(spent(['gf']));
    expect(cents(res.body.allFunds.previousActual)).toBe(spent(['gf', `ti${process.pid}`]));
    expect(res.body.previousLedger).toEqual({
      fiscalYear: FY - 1,
      period: 13,
      fileName: `ytd-fy${FY - 1}-p13.csv`,
      unmatchedExpended: 123.45,
      unmatchedAccountCount: 1,
    });
  });

  it('refuses what it cannot read', async () => {
    expect((await t.api('get', `/funds/report?budgetYearId=${budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/funds/report', { token: viewer.token })).status).toBe(400);
    expect((await t.api('get', '/funds/report?budgetYearId=999999', { token: viewer.token })).status).toBe(
      404,
    );
    const bad = await t.api('get', `/funds/report?budgetYearId=${budgetYearId}&fiscalYear=next`, {
      token: viewer.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET /funds/over-award', () => {
  it('lists the grants whose lines are more than their award, as the report flags them, and refuses what it cannot read', async () => {
    const res = await t.api('get', `/funds/over-award?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, {
      token: viewer.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The grant's lines of the year, in cents from the rows written, against its 320,000.00 award.
    const grantCents = [...sumsBy('grant', () => 'all').values()][0][0];
    expect(grantCents).toBe(32_000_001n);
    expect(res.body).toEqual({
      budgetYearId,
      fiscalYear: FY,
      funds: [{ fundId: grant, name: 'Title I 2031', budget: 320000.01, awardAmount: 320000 }],
      notes: [],
    });
    const report = await t.api('get', `/funds/report?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, {
      token: viewer.token,
    });
    expect(
      report.body.funds
        .filter((f: { overAward: boolean }) => f.overAward)
        .map((f: { fundId: number }) => f.fundId),
    ).toEqual([grant]);
    // The year before, the grant's 280,000.99 is within the award: nothing is flagged.
    const before = await t.api('get', `/funds/over-award?budgetYearId=${budgetYearId}&fiscalYear=${FY - 1}`, {
      token: viewer.token,
    });
    expect(before.body.funds).toEqual([]);

    expect((await t.api('get', `/funds/over-award?budgetYearId=${budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/funds/over-award', { token: viewer.token })).status).toBe(400);
    expect(
      (await t.api('get', '/funds/over-award?budgetYearId=999999', { token: viewer.token })).status,
    ).toBe(404);
    expect(
      (await t.api('get', `/funds/over-award?budgetYearId=x${budgetYearId}`, { token: viewer.token })).status,
    ).toBe(400);
  });
});
