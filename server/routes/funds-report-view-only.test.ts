import { beforeAll, describe, expect, it } from 'vitest';
import type { FundsReport } from '@shared/schemas/funds';
import { PAY_WITHHELD_NOTE } from '@server/lib/pay-groups';
import {
  buildBudgetYear,
  buildCategory,
  insertEmployees,
  insertProposed,
  sumCents,
} from '../../test/factories';
import { useReaders } from '../../test/worlds/fund-pay.world';
import {
  AIDES,
  AIDING,
  GRANT_SUPPLIES,
  INTERVENTION,
  INTERVENTIONISTS,
  smallGrant,
} from '../../test/worlds/small-grant.world';

/**
 * The budget of all funds breaks each fund down by DESE function and by category, and the proposed
 * salary lines follow the roster: the one Superintendent's code (1210) and the one Assistant
 * Superintendent's (1220) each hold exactly that person's next-year salary. A school committee
 * member (VIEW_ONLY) may not read one person's pay, neither as a row nor as the fund's total less
 * the rows shown; FINANCE reads every figure. Expected figures come from the lines this test wrote,
 * in integer cents.
 */
const { t, admin, finance, viewer } = useReaders();
const FY = 2033;
const SUPERINTENDENT = '279200.00';
const ASSISTANT = '172500.00';
const TEACHERS = ['61500.00', '62500.00', '63500.00', '64500.00', '65500.00', '66500.00'];
/** The teachers' next-year salaries together: their proposed line. */
const TEACHING = '384000.00';
const SUPPLIES = '12000.00';
type Cat = 'superintendent' | 'assistant' | 'teaching' | 'supplies';
// [function code, amount, category]: the general fund's proposed lines.
const PROPOSED: [string, string, Cat][] = [
  ['1210', SUPERINTENDENT, 'superintendent'],
  ['1220', ASSISTANT, 'assistant'],
  ['2305', TEACHING, 'teaching'],
  ['2410', SUPPLIES, 'supplies'],
];
let by: number;
let grant: number;
let revolving: number;

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY33' });
  const cats: Record<Cat, number> = {
    superintendent: await buildCategory(db, {
      name: 'Superintendent',
      isPersonnel: true,
      deseFunction: '1210',
    }),
    assistant: await buildCategory(db, { name: 'Assistant Supt', isPersonnel: true, deseFunction: '1220' }),
    teaching: await buildCategory(db, { name: 'Teaching', isPersonnel: true, deseFunction: '2305' }),
    supplies: await buildCategory(db, { name: 'Supplies', deseFunction: '2410' }),
  };
  const base = { budgetYearId: by, fiscalYear: FY, manual: true };
  await insertEmployees(db, [
    { ...base, salary: '270000.00', nextYearSalary: SUPERINTENDENT, categoryId: cats.superintendent },
    { ...base, salary: '168000.00', nextYearSalary: ASSISTANT, categoryId: cats.assistant },
    ...TEACHERS.map((pay) => ({
      ...base,
      salary: '60000.00',
      nextYearSalary: pay,
      categoryId: cats.teaching,
    })),
  ]);
  // A grant paying two interventionists, beside its supplies; a revolving fund paying five aides.
  ({ grant, revolving } = await smallGrant(
    { t, admin },
    { by, fy: FY, salary: '55000.00' },
    {
      grant: { name: 'Title I 2033', code: `TI${process.pid}`, kind: 'federal_grant', awardAmount: 200000 },
      aides: { name: 'Aides revolving', code: `RV${process.pid}`, kind: 'revolving' },
      supplies: cats.supplies,
    },
  ));
  await insertProposed(
    db,
    PROPOSED.map(([code, amount, cat]) => ({
      budgetYearId: by,
      fiscalYear: FY,
      amount,
      categoryId: cats[cat],
      columns: { dese_code: code },
    })),
  );
});

const report = async (token: string): Promise<FundsReport> => {
  const res = await t.api('get', `/funds/report?budgetYearId=${by}&fiscalYear=${FY}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
const general = (r: FundsReport) => r.funds.find((f) => f.kind === 'general')!;
const fn = (r: FundsReport, code: string) => general(r).byFunction.find((x) => x.code === code)!;
/** An API amount in cents; null stays null. */
const cents = (n: number | null) => (n === null ? null : Math.round(n * 100));
/** Every sum one person's pay, or the two's together, makes (the figures a reader must not get). */
const ALONE = [[SUPERINTENDENT], [ASSISTANT], [SUPERINTENDENT, ASSISTANT]].map(sumCents);

describe('the budget of all funds, where a function code is one person’s pay', () => {
  it('gives FINANCE every row, to the cent, without a note', async () => {
    const r = await report(finance.token);
    expect(cents(fn(r, '1210').budget)).toBe(sumCents([SUPERINTENDENT]));
    expect(cents(fn(r, '1220').budget)).toBe(sumCents([ASSISTANT]));
    expect(cents(fn(r, '2305').budget)).toBe(sumCents(TEACHERS));
    expect(sumCents(TEACHERS)).toBe(sumCents([TEACHING]));
    expect(cents(fn(r, '2410').budget)).toBe(sumCents([SUPPLIES]));
    expect(general(r).byCategory.every((c) => c.budget !== null)).toBe(true);
    expect(r.notes).not.toContain(PAY_WITHHELD_NOTE);
  });

  it('withholds 1210 and 1220 from VIEW_ONLY, and enough other rows that the fund’s total cannot give them back', async () => {
    const r = await report(viewer.token);
    const g = general(r);
    expect([fn(r, '1210').budget, fn(r, '1220').budget]).toEqual([null, null]);
    // Supplies are no one's pay: they stay.
    expect(cents(fn(r, '2410').budget)).toBe(sumCents([SUPPLIES]));
    // The fund's total is the dashboard's: it stays, and what the rows shown leave of it is more
    // than the two people's pay.
    expect(cents(g.budget)).toBe(sumCents(PROPOSED.map((p) => p[1])));
    for (const rows of [g.byFunction, g.byCategory]) {
      const shown = rows.reduce((n, x) => n + (cents(x.budget) ?? 0), 0);
      expect(ALONE).not.toContain(cents(g.budget)! - shown);
    }
    const numbers: number[] = [];
    JSON.stringify(r, (_k, v) => (typeof v === 'number' && numbers.push(cents(v)!), v));
    for (const alone of ALONE) {
      expect(numbers).not.toContain(alone);
    }
    expect(r.notes).toContain(PAY_WITHHELD_NOTE);
  });
});

const ofFund = (r: FundsReport, id: number) => r.funds.find((f) => f.fundId === id)!;
/**
 * Every figure a reader can work the grant's pay out of: its total and change, its total less its
 * rows shown, All funds less every other fund (its total, or its rows shown) and less those rows.
 */
function grantFigures(r: FundsReport): (number | null)[] {
  const g = ofFund(r, grant);
  const shown = (rows: { budget: number | null }[]) => rows.reduce((n, x) => n + (cents(x.budget) ?? 0), 0);
  // Another fund's total where shown, else what its rows shown add up to.
  const others = r.funds
    .filter((f) => f.fundId !== grant)
    .reduce((n, f) => n + (cents(f.budget) ?? shown(f.byFunction)), 0);
  const total = cents(g.budget);
  return [
    total,
    cents(g.change),
    ...[g.byFunction, g.byCategory].map((rows) => (total === null ? null : total - shown(rows))),
    cents(r.allFunds.budget)! - others,
    ...[g.byFunction, g.byCategory].map((rows) => cents(r.allFunds.budget)! - others - shown(rows)),
  ];
}
const PAIR = sumCents(INTERVENTIONISTS);
const GRANT_TOTAL = sumCents([INTERVENTION, GRANT_SUPPLIES]);

describe('the budget of all funds, where a grant pays two people in all', () => {
  it('gives FINANCE the grant’s total and the two people’s pay, to the cent', async () => {
    const r = await report(finance.token);
    expect(sumCents([INTERVENTION])).toBe(PAIR);
    expect(cents(ofFund(r, grant).budget)).toBe(GRANT_TOTAL);
    expect(cents(ofFund(r, revolving).budget)).toBe(sumCents(AIDES));
    const row = ofFund(r, grant).byFunction.find((x) => x.code === '2330')!;
    expect(cents(row.budget)).toBe(PAIR);
    // All funds less every other fund is the grant's total.
    expect(grantFigures(r)).toContain(GRANT_TOTAL);
    expect(ofFund(r, grant).overAward).toBe(false);
  });

  it('withholds the grant’s total from VIEW_ONLY, and enough other funds’ that All funds cannot give it back', async () => {
    const r = await report(viewer.token);
    const g = ofFund(r, grant);
    expect([g.budget, g.previousBudget, g.change, g.previousActual, g.overAward]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    // Its supplies are no one's pay: they stay. All funds stays, to the cent.
    expect(cents(g.byFunction.find((x) => x.code === '2410')!.budget)).toBe(sumCents([GRANT_SUPPLIES]));
    const everything = [...PROPOSED.map((p) => p[1]), INTERVENTION, GRANT_SUPPLIES, AIDING];
    expect(cents(r.allFunds.budget)).toBe(sumCents(everything));
    for (const figure of grantFigures(r)) {
      expect([PAIR, GRANT_TOTAL]).not.toContain(figure);
    }
    expect(ofFund(r, revolving).budget).toBeNull();
    expect(cents(r.generalFund.budget)).toBe(sumCents(PROPOSED.map((p) => p[1])));
    expect(r.notes).toContain(PAY_WITHHELD_NOTE);
  });
});
