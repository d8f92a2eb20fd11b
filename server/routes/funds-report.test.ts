import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, insertProposed } from '../../test/factories';

/**
 * The budget of all funds (GET /funds/report): each fund's lines of the year and of the year
 * before, recomputed here in integer cents from the rows written, all funds beside the general fund.
 */

const { t, admin, viewer } = useApp(['ADMIN', 'VIEW_ONLY']);
const FY = 2031;
let budgetYearId: number;
let general: number;
let grant: number;
let revolving: number;
/** An API amount (a JSON number of dollars with at most 2 decimals) in cents. */
const cents = (n: number) => BigInt(Math.round(n * 100));

// [fiscal year, fund ('general' | 'grant' | 'revolving'), amount]
const LINES: [number, 'general' | 'grant' | 'revolving', string][] = [
  [FY, 'general', '1000000.10'],
  [FY, 'general', '250000.45'],
  [FY, 'grant', '300000.00'],
  [FY, 'grant', '20000.01'],
  [FY, 'revolving', '-1500.50'],
  [FY - 1, 'general', '1200000.00'],
  [FY - 1, 'grant', '280000.99'],
];

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
  const ids = { general: null, grant, revolving };
  await insertProposed(
    t.db.knex,
    LINES.map(([fiscalYear, fund, amount]) => ({
      budgetYearId,
      fiscalYear,
      amount,
      columns: { fund_id: ids[fund] },
    })),
  );
});

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
    expect(row(general).lineCount).toBe(2);
    expect(cents(res.body.allFunds.budget)).toBe(sum(FY));
    expect(cents(res.body.allFunds.previousBudget)).toBe(sum(FY - 1));
    expect(res.body.allFunds.lineCount).toBe(5);
    expect(res.body.generalFund).toEqual({
      budget: row(general).budget,
      previousBudget: row(general).previousBudget,
      change: row(general).change,
      lineCount: 2,
    });
    // $320,000.01 of lines on a $320,000.00 award.
    expect(row(grant)).toMatchObject({ overAward: true, awardAmount: 320000, countsTowardNss: false });
    expect(row(revolving).overAward).toBe(false);
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
