import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../../test/factories';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';
import { ACCOUNTS as GRANT_ACCOUNTS } from '../../test/worlds/grant-ledger.world';
import { generalFund, ledgerCsv, ledgerReport, makeFund, paid } from '../../test/worlds/fund-pay.world';

/**
 * Budget vs Actual group by group, every fund's report set against each fund's own, as a school
 * committee member (VIEW_ONLY) may read them. The general fund pays ten support staff under 2330 and
 * a Title I grant pays two interventionists under 2330 too: every fund's group 2330 holds twelve
 * people and the general fund's ten, so neither is 1 to 4, yet the first less the second is the two
 * interventionists' pay. An aides fund of five is withheld beside the grant, so the general fund's
 * own totals stay shown. Every fund's group (and account, and the accounts of a group's drill-down)
 * less the same group of each fund's report must give no such sum; FINANCE reads them all. Integer
 * cents throughout.
 */
const s = ledgerSuite('pay-withheld-fund-groups-');
const FY = 2030;
const ACCOUNTS = {
  ...GRANT_ACCOUNTS,
  support: 'GF-3-300-2330-01-1-11-1-511000',
  aides: 'AR-3-300-2325-01-1-11-1-511000',
};
const GRANT_BUDGET = '131400.00';
const GRANT_REVISED = '130000.00';
const GRANT_PAID = '64850.25';
const SUPPORT = '520000.00';
const TEACHERS = '612345.67';
const AIDES = '216500.00';
const ids = {} as { general: number; grant: number; aides: number; by: number };

beforeAll(async () => {
  const db = s.t.db.knex;
  ids.general = await generalFund(s);
  ids.grant = await makeFund(s, { name: 'Title I', code: 'T1', kind: 'federal_grant' });
  ids.aides = await makeFund(s, { name: 'Aides Revolving', code: 'AR', kind: 'revolving' });
  const { budgetYearId, scenarioId } = await s.budgetYear(FY);
  ids.by = budgetYearId;
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const cat = {
    teachers: await buildCategory(db, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' }),
    support: await buildCategory(db, { name: 'Support', isPersonnel: true, deseFunction: '2330' }),
    aides: await buildCategory(db, { name: 'Aides', isPersonnel: true, deseFunction: '2325' }),
  };
  const staff = { budgetYearId, fiscalYear: FY, scenarioId: operating, manual: true };
  const pays = (n: number, from: number) => Array.from({ length: n }, (_, i) => `${from + i * 1100}.00`);
  await insertEmployees(db, [
    ...paid(staff, cat.teachers, pays(6, 60000), { dese_code: '2305' }),
    ...paid(staff, cat.support, pays(10, 50000), { dese_code: '2330' }),
    ...paid(staff, cat.support, ['65000.00', '66400.00'], { dese_code: '2330', fund_id: ids.grant }),
    ...paid(staff, cat.aides, pays(5, 41100), { dese_code: '2325', fund_id: ids.aides }),
  ]);
  const line = { budgetYearId, fiscalYear: FY, scenarioId };
  await insertProposed(db, [
    { ...line, amount: TEACHERS, categoryId: cat.teachers, accountLine: ACCOUNTS.teachers },
    { ...line, amount: SUPPORT, categoryId: cat.support, accountLine: ACCOUNTS.support },
    {
      ...line,
      amount: GRANT_BUDGET,
      categoryId: cat.support,
      accountLine: ACCOUNTS.grant,
      columns: { fund_id: ids.grant },
    },
    {
      ...line,
      amount: AIDES,
      categoryId: cat.aides,
      accountLine: ACCOUNTS.aides,
      columns: { fund_id: ids.aides },
    },
  ]);
  const ledger = ledgerCsv(FY, [
    [ACCOUNTS.teachers, 'TEACHERS SALARIES', TEACHERS, '300000.00'],
    [ACCOUNTS.support, 'SUPPORT SALARIES', SUPPORT, '250000.00'],
    [ACCOUNTS.grant, 'TITLE I INTERVENTIONISTS', GRANT_REVISED, GRANT_PAID],
    [ACCOUNTS.aides, 'AIDES SALARIES', AIDES, '100000.00'],
  ]);
  const res = await s.importFile(ledger, { fiscalYear: `FY${FY}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

const c = (v: number | string) => centsOfDollars(v);
/** The interventionists' pay: their budget, their account's revised budget, and what they were paid. */
const SECRETS = [c(GRANT_BUDGET), c(GRANT_REVISED), c(GRANT_PAID)];
const FIELDS = ['budget', 'revisedBudget', 'expended'] as const;
type Figures = Record<(typeof FIELDS)[number], number | null>;
type Row = Figures & { key?: string; account?: string };
interface Report {
  rows: (Figures & { key: string })[];
  accounts: (Figures & { account: string })[];
}

const fundsOf = () => ['all', 'general', String(ids.grant), String(ids.aides)];
const read = (token: string, fund: string, query: string) =>
  ledgerReport<Report>(s.t, token, `fiscalYear=${FY}&budgetYearId=${ids.by}&fund=${fund}&${query}`);

/**
 * Every fund's row less the same row (by `keyOf`) of each one-fund report, where both are shown (a
 * row the one-fund report has not takes nothing away), in cents: what a reader works out of two
 * reports.
 */
function differences(all: Row[], one: Row[], keyOf: (r: Row) => string): bigint[] {
  const out: bigint[] = [];
  for (const row of all) {
    const same = one.find((r) => keyOf(r) === keyOf(row));
    for (const field of FIELDS) {
      const mine = row[field];
      const theirs = same ? same[field] : 0;
      if (mine !== null && theirs !== null) {
        out.push(c(mine) - c(theirs));
      }
    }
  }
  return out;
}

/** The differences of every view a reader may ask for: by function, by account, a group's drill-down. */
async function everyDifference(token: string): Promise<bigint[]> {
  const views: [string, (r: Report) => Row[], (r: Row) => string][] = [
    ['by=function', (r) => r.rows, (r) => r.key!],
    ['by=account', (r) => r.rows, (r) => r.key!],
    ['by=function&group=2330', (r) => r.accounts, (r) => r.account!],
    ['by=account&accounts=all', (r) => r.accounts, (r) => r.account!],
  ];
  const out: bigint[] = [];
  for (const [query, rowsOf, keyOf] of views) {
    const all = rowsOf(await read(token, 'all', query));
    for (const fund of fundsOf().slice(1)) {
      out.push(...differences(all, rowsOf(await read(token, fund, query)), keyOf));
    }
  }
  return out;
}

describe('Budget vs Actual, every fund’s group less one fund’s group of the same key', () => {
  it('gives FINANCE the grant’s part of 2330: every fund’s less the general fund’s', async () => {
    const all = await read(s.finance.token, 'all', 'by=function');
    const general = await read(s.finance.token, 'general', 'by=function');
    const row = (r: Report) => r.rows.find((g) => g.key === '2330')!;
    expect(c(row(all).budget!) - c(row(general).budget!)).toBe(c(GRANT_BUDGET));
    expect(c(row(all).expended!) - c(row(general).expended!)).toBe(c(GRANT_PAID));
    expect(await everyDifference(s.finance.token)).toEqual(expect.arrayContaining(SECRETS));
  });

  it('gives VIEW_ONLY no group, account or drill-down whose difference is the grant’s two people', async () => {
    const found = await everyDifference(s.viewer.token);
    for (const secret of SECRETS) {
      expect(found).not.toContain(secret);
    }
    // The general fund's totals stay shown (the aides' fund is withheld beside the grant), and so
    // do its teachers, whom no other fund pays.
    const general = await read(s.viewer.token, 'general', 'by=function');
    expect(general.rows.find((g) => g.key === '2305')!.budget).not.toBeNull();
  });
});
