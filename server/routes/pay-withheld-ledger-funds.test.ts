import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../../test/factories';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * Budget vs Actual's totals by fund as a school committee member (VIEW_ONLY) reads them: a Title I
 * grant pays two interventionists and nothing else, so its budget is their proposed salaries and its
 * ledger actuals are their paid salaries. Its totals are withheld from VIEW_ONLY, with enough other
 * funds' that the all-funds total less the funds shown cannot give them back; FINANCE reads every
 * figure. Checked in integer cents from what this test wrote.
 */
const s = ledgerSuite('pay-withheld-funds-');
const FY = 2028;
const GRANT_BUDGET = '131400.00';
const GRANT_REVISED = '130000.00';
const GRANT_PAID = '64850.25';
const TEACHERS = '612345.67';
const TEACHERS_PAID = '300000.00';
const SUPPLIES = '12000.00';
const ACCOUNTS = {
  teachers: 'GF-3-300-2305-01-1-11-1-511000',
  supplies: 'GF-3-300-2410-01-1-11-1-550000',
  grant: 'T1-3-300-2330-01-1-11-1-511000',
  choice: 'SC-3-300-2410-01-1-11-1-550000',
};
const HEAD =
  'fiscal_year,period,report,source,fund,org,obj,project,account,description,type,rollup,sub_rollup,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,available_budget,pct_used';
const ledgerRow = (account: string, description: string, budget: string, spent: string) =>
  `${FY},6,gf-school,test,${account.split('-')[0]},S1,${account.split('-').at(-1)},,${account},${description},E,,,${budget},0.0,${budget},${spent},0.0,0.0,0.0`;
const LEDGER = [
  HEAD,
  ledgerRow(ACCOUNTS.teachers, 'TEACHERS SALARIES', TEACHERS, TEACHERS_PAID),
  ledgerRow(ACCOUNTS.supplies, 'SUPPLIES', SUPPLIES, '5000.00'),
  ledgerRow(ACCOUNTS.grant, 'TITLE I INTERVENTIONISTS', GRANT_REVISED, GRANT_PAID),
  ledgerRow(ACCOUNTS.choice, 'CHOICE SUPPLIES', '4000.00', '1500.00'),
].join('\r\n');

const ids = {} as { by: number; grant: number };

beforeAll(async () => {
  const db = s.t.db.knex;
  const general = (await db('funds').where({ kind: 'general' }).first('id')).id as number;
  const put = await s.t.api('put', `/funds/${general}`, { token: s.admin.token, body: { code: 'GF' } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const made = async (body: object) => {
    const res = await s.t.api('post', '/funds', { token: s.admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fund.id as number;
  };
  ids.grant = await made({ name: 'Title I', code: 'T1', kind: 'federal_grant' });
  await made({ name: 'School Choice', code: 'SC', kind: 'revolving' });
  const { budgetYearId, scenarioId } = await s.budgetYear(FY);
  ids.by = budgetYearId;
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const cat = {
    teachers: await buildCategory(db, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' }),
    interventionists: await buildCategory(db, {
      name: 'Interventionists',
      isPersonnel: true,
      deseFunction: '2330',
    }),
    supplies: await buildCategory(db, { name: 'Supplies', deseFunction: '2410' }),
  };
  const staff = { budgetYearId, fiscalYear: FY, scenarioId: operating, manual: true };
  await insertEmployees(db, [
    ...Array.from({ length: 6 }, (_, i) => ({
      ...staff,
      salary: `6${i}000.00`,
      categoryId: cat.teachers,
      columns: { dese_code: '2305' },
    })),
    // The grant's two interventionists (the teachers are the general fund's: no fund of their own).
    ...['65000.00', '66400.00'].map((salary) => ({
      ...staff,
      salary,
      categoryId: cat.interventionists,
      columns: { dese_code: '2330', fund_id: ids.grant },
    })),
  ]);
  const line = { budgetYearId, fiscalYear: FY, scenarioId };
  await insertProposed(db, [
    { ...line, amount: TEACHERS, categoryId: cat.teachers, accountLine: ACCOUNTS.teachers },
    { ...line, amount: SUPPLIES, categoryId: cat.supplies, accountLine: ACCOUNTS.supplies },
    {
      ...line,
      amount: GRANT_BUDGET,
      categoryId: cat.interventionists,
      accountLine: ACCOUNTS.grant,
      columns: { fund_id: ids.grant },
    },
  ]);
  const res = await s.importFile(LEDGER, { fiscalYear: `FY${FY}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

const c = (dollars: string) => centsOfDollars(dollars);
/** The interventionists' pay: their budget, their account's revised budget, and what they were paid. */
const secrets = () => [c(GRANT_BUDGET), c(GRANT_REVISED), c(GRANT_PAID)];
type Amount = 'budget' | 'revisedBudget' | 'expended';
type Fund = Record<Amount, number | null> & { fundId: number };

const report = async (token: string, fund = 'all') => {
  const res = await s.t.api(
    'get',
    `/ledger/report?fiscalYear=${FY}&budgetYearId=${ids.by}&by=function&fund=${fund}`,
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    totals: Record<Amount, number>;
    fundTotals: Fund[];
    unmatchedFund: Record<Amount, number | null>;
    payWithheld: string | null;
  };
};

describe('Budget vs Actual by fund', () => {
  it('gives FINANCE the grant’s budget and actuals', async () => {
    const r = await report(s.finance.token);
    const grant = r.fundTotals.find((f) => f.fundId === ids.grant)!;
    expect(c(String(grant.budget))).toBe(c(GRANT_BUDGET));
    expect(c(String(grant.revisedBudget))).toBe(c(GRANT_REVISED));
    expect(c(String(grant.expended))).toBe(c(GRANT_PAID));
    for (const f of r.fundTotals) {
      expect(f, `fund ${f.fundId}`).not.toMatchObject({ budget: null });
      expect(f, `fund ${f.fundId}`).not.toMatchObject({ expended: null });
    }
    expect(r.payWithheld ?? null).toBeNull();
  });

  it('withholds them from VIEW_ONLY, so the all-funds total less the funds shown gives them not back', async () => {
    const r = await report(s.viewer.token);
    const grant = r.fundTotals.find((f) => f.fundId === ids.grant)!;
    expect(grant).toMatchObject({ budget: null, revisedBudget: null, expended: null });
    for (const field of ['budget', 'revisedBudget', 'expended'] as const) {
      const shown = [...r.fundTotals.map((f) => f[field]), field === 'budget' ? 0 : r.unmatchedFund[field]];
      const left = shown.reduce<bigint>(
        (sum, v) => (v === null ? sum : sum - centsOfDollars(v)),
        centsOfDollars(r.totals[field]),
      );
      expect(secrets(), field).not.toContain(left);
      for (const f of r.fundTotals) {
        expect(secrets(), `${field} of fund ${f.fundId}`).not.toContain(
          f[field] === null ? null : centsOfDollars(f[field]),
        );
      }
    }
    expect(r.payWithheld).toContain('shown only to ADMIN and FINANCE');
  });

  it('withholds the report’s totals from VIEW_ONLY when it reads the grant alone (its 2 people)', async () => {
    const finance = await report(s.finance.token, String(ids.grant));
    expect(c(String(finance.totals.budget))).toBe(c(GRANT_BUDGET));
    expect(c(String(finance.totals.expended))).toBe(c(GRANT_PAID));
    const r = await report(s.viewer.token, String(ids.grant));
    expect(r.totals).toMatchObject({ budget: null, revisedBudget: null, expended: null });
    const found: bigint[] = [];
    JSON.stringify(r, (_k, v) => (typeof v === 'number' && found.push(centsOfDollars(v)), v));
    for (const secret of secrets()) {
      expect(found).not.toContain(secret);
    }
  });
});
