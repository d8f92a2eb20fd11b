import { beforeAll, describe, expect, it } from 'vitest';
import type { FundsReport, OverAward } from '@shared/schemas/funds';
import { PAY_WITHHELD_NOTE } from '@server/lib/pay-groups';
import { buildBudgetYear, buildCategory, sumCents } from '../../test/factories';
import { centsIn, useReaders } from '../../test/worlds/fund-pay.world';
import * as small from '../../test/worlds/small-grant.world';

/**
 * The grids' over-award flag (GET /funds/over-award) as a school committee member (VIEW_ONLY)
 * reads it. A Title I grant pays two interventionists beside its supplies and is over its award:
 * its budget is their pay, which the funds report withholds from VIEW_ONLY (overAward null), so the
 * flag may neither list its budget nor say it is over. A revolving fund of five aides is withheld
 * beside it; a second grant paying six tutors, also over its award, is shown to everyone. FINANCE
 * reads every figure. Expected figures are in integer cents from the lines this test wrote.
 */
const readers = useReaders();
const { t, finance, viewer } = readers;
const FY = 2034;
const TUTORS = ['30100.00', '30200.00', '30300.00', '30400.00', '30500.00', '30600.00'];
const TUTORING = '182100.00';
let by: number;
const ids = {} as { small: number; large: number; aides: number };

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY34' });
  const supplies = await buildCategory(db, { name: `Supplies ${FY}`, deseFunction: '2410' });
  const year = { by, fy: FY, salary: '30000.00' };
  const made = await small.smallGrant(readers, year, {
    grant: { name: 'Title I 2034', code: `OA1${process.pid}`, kind: 'federal_grant', awardAmount: 100000 },
    aides: { name: 'Aides revolving 2034', code: `OA3${process.pid}`, kind: 'revolving' },
    supplies,
  });
  ids.small = made.grant;
  ids.aides = made.revolving;
  // A second grant over its award, paying six tutors: enough people to be shown.
  const large = {
    name: 'Tutoring grant 2034',
    code: `OA2${process.pid}`,
    kind: 'state_grant',
    awardAmount: 150000,
  };
  const tutors = { name: 'Tutors', code: '2340', pays: TUTORS, amount: TUTORING };
  ids.large = (await small.fundPaying(readers, year, large, tutors)).fund;
});

const overAward = async (token: string): Promise<OverAward> => {
  const res = await t.api('get', `/funds/over-award?budgetYearId=${by}&fiscalYear=${FY}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const fundsReport = async (token: string): Promise<FundsReport> => {
  const res = await t.api('get', `/funds/report?budgetYearId=${by}&fiscalYear=${FY}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
/** Dollar amounts added up in cents. */
const sc = (amounts: string[]) => BigInt(sumCents(amounts));
/** An API amount in cents. */
const cents = (n: number) => BigInt(Math.round(n * 100));
const listed = (r: OverAward) =>
  Object.fromEntries(r.funds.map((f) => [f.fundId, [cents(f.budget), cents(f.awardAmount)]]));
/** The interventionists' pay, and the grant's budget that holds it. */
const SECRETS = [sc(small.INTERVENTIONISTS), sc([small.INTERVENTION, small.GRANT_SUPPLIES])];

describe('GET /funds/over-award, where a grant over its award pays two people', () => {
  it('gives FINANCE every grant over its award, with its budget to the cent', async () => {
    const r = await overAward(finance.token);
    expect(listed(r)).toEqual({
      [ids.small]: [sc([small.INTERVENTION, small.GRANT_SUPPLIES]), 10_000_000n],
      [ids.large]: [sc([TUTORING]), 15_000_000n],
    });
    expect(r.notes).toEqual([]);
  });

  it('does not give VIEW_ONLY the grant’s budget, nor that it is over its award', async () => {
    const r = await overAward(viewer.token);
    expect(listed(r)).toEqual({ [ids.large]: [sc([TUTORING]), 15_000_000n] });
    const found = centsIn(r, cents);
    for (const secret of SECRETS) {
      expect(found).not.toContain(secret);
    }
    expect(r.notes).toEqual([PAY_WITHHELD_NOTE]);
  });

  it('withholds from VIEW_ONLY the grants the funds report withholds, and flags the others as it does', async () => {
    const report = await fundsReport(viewer.token);
    const r = await overAward(viewer.token);
    const over = report.funds.filter((f) => f.overAward).map((f) => [f.fundId, cents(f.budget!)]);
    expect(r.funds.map((f) => [f.fundId, cents(f.budget)])).toEqual(over);
    const withheld = report.funds.filter((f) => f.budget === null).map((f) => f.fundId);
    expect(withheld).toEqual(expect.arrayContaining([ids.small, ids.aides]));
    expect(withheld).not.toContain(ids.large);
  });
});
