import { beforeAll, describe, expect, it } from 'vitest';
import type { FundsReport, OverAward } from '@shared/schemas/funds';
import { PAY_WITHHELD_NOTE } from '@server/lib/pay-groups';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildCategory,
  insertEmployees,
  insertProposed,
  sumCents,
} from '../../test/factories';

/**
 * The grids' over-award flag (GET /funds/over-award) as a school committee member (VIEW_ONLY)
 * reads it. A Title I grant pays two interventionists beside its supplies and is over its award:
 * its budget is their pay, which the funds report withholds from VIEW_ONLY (overAward null), so the
 * flag may neither list its budget nor say it is over. A revolving fund of five aides is withheld
 * beside it; a second grant paying six tutors, also over its award, is shown to everyone. FINANCE
 * reads every figure. Expected figures are in integer cents from the lines this test wrote.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const FY = 2034;
const INTERVENTIONISTS = ['58250.00', '61375.00'];
const INTERVENTION = '119625.00';
const GRANT_SUPPLIES = '8400.00';
const AIDES = ['41100.00', '42200.00', '43300.00', '44400.00', '45500.00'];
const AIDING = '216500.00';
const TUTORS = ['30100.00', '30200.00', '30300.00', '30400.00', '30500.00', '30600.00'];
const TUTORING = '182100.00';
let by: number;
const ids = {} as { small: number; large: number; aides: number };

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY34' });
  const made = async (body: object) =>
    (await t.api('post', '/funds', { token: admin.token, body })).body.fund.id as number;
  ids.small = await made({
    name: 'Title I 2034',
    code: `OA1${process.pid}`,
    kind: 'federal_grant',
    awardAmount: 100000,
  });
  ids.large = await made({
    name: 'Tutoring grant 2034',
    code: `OA2${process.pid}`,
    kind: 'state_grant',
    awardAmount: 150000,
  });
  ids.aides = await made({ name: 'Aides revolving 2034', code: `OA3${process.pid}`, kind: 'revolving' });
  const category = (name: string, code: string, isPersonnel = true) =>
    buildCategory(db, { name: `${name} ${FY}`, isPersonnel, deseFunction: code });
  const cats = {
    intervention: await category('Interventionists', '2330'),
    aides: await category('Aides', '2325'),
    tutors: await category('Tutors', '2340'),
    supplies: await category('Supplies', '2410', false),
  };
  const base = { budgetYearId: by, fiscalYear: FY, manual: true };
  const paid = (pays: string[], categoryId: number, fundId: number) =>
    pays.map((pay) => ({
      ...base,
      salary: '30000.00',
      nextYearSalary: pay,
      categoryId,
      columns: { fund_id: fundId },
    }));
  await insertEmployees(db, [
    ...paid(INTERVENTIONISTS, cats.intervention, ids.small),
    ...paid(AIDES, cats.aides, ids.aides),
    ...paid(TUTORS, cats.tutors, ids.large),
  ]);
  const line = (amount: string, categoryId: number, fundId: number, code: string) => ({
    budgetYearId: by,
    fiscalYear: FY,
    amount,
    categoryId,
    columns: { fund_id: fundId, dese_code: code },
  });
  await insertProposed(db, [
    line(INTERVENTION, cats.intervention, ids.small, '2330'),
    line(GRANT_SUPPLIES, cats.supplies, ids.small, '2410'),
    line(AIDING, cats.aides, ids.aides, '2325'),
    line(TUTORING, cats.tutors, ids.large, '2340'),
  ]);
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
const SECRETS = [sc(INTERVENTIONISTS), sc([INTERVENTION, GRANT_SUPPLIES])];

describe('GET /funds/over-award, where a grant over its award pays two people', () => {
  it('gives FINANCE every grant over its award, with its budget to the cent', async () => {
    const r = await overAward(finance.token);
    expect(listed(r)).toEqual({
      [ids.small]: [sc([INTERVENTION, GRANT_SUPPLIES]), 10_000_000n],
      [ids.large]: [sc([TUTORING]), 15_000_000n],
    });
    expect(r.notes).toEqual([]);
  });

  it('does not give VIEW_ONLY the grant’s budget, nor that it is over its award', async () => {
    const r = await overAward(viewer.token);
    expect(listed(r)).toEqual({ [ids.large]: [sc([TUTORING]), 15_000_000n] });
    const found: bigint[] = [];
    JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' && found.push(cents(v)), v));
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
