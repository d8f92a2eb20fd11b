import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../../test/factories';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * Budget vs Actual read twice by a school committee member (VIEW_ONLY): every fund's report, then
 * one fund's. A Title I grant pays two interventionists, so its budget and actuals are their pay;
 * every fund's report withholds them. In FY2028 the only other fund that pays anyone is the general
 * fund: every fund's totals less the general fund's report's totals (less the funds shown) would
 * be the grant's, so the general fund's report withholds its totals, and its groups with people.
 * In FY2029 a revolving fund pays five aides as well: it is withheld beside the grant, and the
 * general fund's report keeps its totals. FINANCE reads every figure. Checked in integer cents.
 */
const s = ledgerSuite('pay-withheld-fund-choice-');
const HEAD =
  'fiscal_year,period,report,source,fund,org,obj,project,account,description,type,rollup,sub_rollup,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,available_budget,pct_used';
const ACCOUNTS = {
  teachers: 'GF-3-300-2305-01-1-11-1-511000',
  supplies: 'GF-3-300-2410-01-1-11-1-550000',
  grant: 'T1-3-300-2330-01-1-11-1-511000',
  choice: 'SC-3-300-2410-01-1-11-1-550000',
  aides: 'AR-3-300-2330-01-1-11-1-511000',
};
const GRANT_BUDGET = '131400.00';
const GRANT_REVISED = '130000.00';
const GRANT_PAID = '64850.25';
const TEACHERS = '612345.67';
const SUPPLIES = '12000.00';
const AIDES = '216500.00';

const ledgerOf = (fy: number, aides: boolean) => {
  const row = (account: string, description: string, budget: string, spent: string) =>
    `${fy},6,gf-school,test,${account.split('-')[0]},S1,${account.split('-').at(-1)},,${account},${description},E,,,${budget},0.0,${budget},${spent},0.0,0.0,0.0`;
  return [
    HEAD,
    row(ACCOUNTS.teachers, 'TEACHERS SALARIES', TEACHERS, '300000.00'),
    row(ACCOUNTS.supplies, 'SUPPLIES', SUPPLIES, '5000.00'),
    row(ACCOUNTS.grant, 'TITLE I INTERVENTIONISTS', GRANT_REVISED, GRANT_PAID),
    row(ACCOUNTS.choice, 'CHOICE SUPPLIES', '4000.00', '1500.00'),
    ...(aides ? [row(ACCOUNTS.aides, 'AIDES SALARIES', AIDES, '100000.00')] : []),
  ].join('\r\n');
};

const ids = {} as { grant: number; aides: number; choice: number; general: number };
const years = new Map<number, number>();

async function year(fy: number, aides: boolean) {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(fy);
  years.set(fy, budgetYearId);
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const cat = {
    teachers: await buildCategory(db, { name: `Teachers ${fy}`, isPersonnel: true, deseFunction: '2305' }),
    support: await buildCategory(db, { name: `Support ${fy}`, isPersonnel: true, deseFunction: '2330' }),
    supplies: await buildCategory(db, { name: `Supplies ${fy}`, deseFunction: '2410' }),
  };
  const staff = { budgetYearId, fiscalYear: fy, scenarioId: operating, manual: true };
  const paidBy = (fund: number, salaries: string[]) =>
    salaries.map((salary) => ({
      ...staff,
      salary,
      categoryId: cat.support,
      columns: { dese_code: '2330', fund_id: fund },
    }));
  await insertEmployees(db, [
    ...Array.from({ length: 6 }, (_, i) => ({
      ...staff,
      salary: `6${i}000.00`,
      categoryId: cat.teachers,
      columns: { dese_code: '2305' },
    })),
    ...paidBy(ids.grant, ['65000.00', '66400.00']),
    ...(aides ? paidBy(ids.aides, ['41100.00', '42200.00', '43300.00', '44400.00', '45500.00']) : []),
  ]);
  const line = { budgetYearId, fiscalYear: fy, scenarioId };
  await insertProposed(db, [
    { ...line, amount: TEACHERS, categoryId: cat.teachers, accountLine: ACCOUNTS.teachers },
    { ...line, amount: SUPPLIES, categoryId: cat.supplies, accountLine: ACCOUNTS.supplies },
    {
      ...line,
      amount: GRANT_BUDGET,
      categoryId: cat.support,
      accountLine: ACCOUNTS.grant,
      columns: { fund_id: ids.grant },
    },
    ...(aides
      ? [
          {
            ...line,
            amount: AIDES,
            categoryId: cat.support,
            accountLine: ACCOUNTS.aides,
            columns: { fund_id: ids.aides },
          },
        ]
      : []),
  ]);
  const res = await s.importFile(ledgerOf(fy, aides), { fiscalYear: `FY${fy}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  const db = s.t.db.knex;
  ids.general = (await db('funds').where({ kind: 'general' }).first('id')).id as number;
  const put = await s.t.api('put', `/funds/${ids.general}`, { token: s.admin.token, body: { code: 'GF' } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const made = async (body: object) => {
    const res = await s.t.api('post', '/funds', { token: s.admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fund.id as number;
  };
  ids.grant = await made({ name: 'Title I', code: 'T1', kind: 'federal_grant' });
  ids.choice = await made({ name: 'School Choice', code: 'SC', kind: 'revolving' });
  ids.aides = await made({ name: 'Aides Revolving', code: 'AR', kind: 'revolving' });
  await year(2028, false);
  await year(2029, true);
});

const c = (v: number | string) => centsOfDollars(v);
/** The interventionists' pay: their budget, their account's revised budget, and what they were paid. */
const SECRETS = [c(GRANT_BUDGET), c(GRANT_REVISED), c(GRANT_PAID)];
const FIELDS = ['budget', 'revisedBudget', 'expended'] as const;
type Amount = (typeof FIELDS)[number];
type Figures = Record<Amount, number | null>;
interface Report {
  totals: Figures;
  rows: (Figures & { key: string })[];
  fundTotals: (Figures & { fundId: number })[];
  unmatchedFund: Figures;
  payWithheld: string | null;
}

const report = async (token: string, fy: number, fund: string) => {
  const res = await s.t.api(
    'get',
    `/ledger/report?fiscalYear=${fy}&budgetYearId=${years.get(fy)}&by=function&fund=${fund}`,
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Report;
};

/** `from` less every figure of `parts` shown (a withheld one, null, takes nothing away), in cents. */
const less = (from: number | null, parts: (number | null)[]) =>
  from === null ? null : parts.reduce<bigint>((left, v) => (v === null ? left : left - c(v)), c(from));

/**
 * What VIEW_ONLY can work out of every fund's report and each other fund's own report: every
 * fund's totals less the other funds' reports' totals and the accounts no fund claims; and less
 * the general fund's groups shown in place of its totals.
 */
async function differences(token: string, fy: number) {
  const all = await report(token, fy, 'all');
  const others = [ids.general, ids.choice, ids.aides];
  const reports: Report[] = [];
  for (const id of others) {
    reports.push(await report(token, fy, id === ids.general ? 'general' : String(id)));
  }
  const general = reports[0];
  const out: bigint[] = [];
  for (const field of FIELDS) {
    const unmatched = field === 'budget' ? 0 : all.unmatchedFund[field];
    const byTotals = less(all.totals[field], [...reports.map((r) => r.totals[field]), unmatched]);
    const byGroups = less(all.totals[field], [
      ...general.rows.map((g) => g[field]),
      ...reports.slice(1).map((r) => r.totals[field]),
      unmatched,
    ]);
    for (const left of [byTotals, byGroups]) {
      if (left !== null) {
        out.push(left);
      }
    }
  }
  return { all, general, out };
}

describe('Budget vs Actual of one fund beside every fund’s', () => {
  it('gives FINANCE every fund’s totals and the general fund’s, from which the grant’s follow', async () => {
    const { general, out } = await differences(s.finance.token, 2028);
    expect(c(general.totals.budget!)).toBe(c(TEACHERS) + c(SUPPLIES));
    expect(out).toEqual(expect.arrayContaining(SECRETS));
    const grant = await report(s.finance.token, 2028, String(ids.grant));
    expect(c(grant.totals.expended!)).toBe(c(GRANT_PAID));
  });

  it('does not let VIEW_ONLY take the general fund’s report from every fund’s to find the grant’s', async () => {
    const { all, general, out } = await differences(s.viewer.token, 2028);
    // Every fund's report withholds the grant and, as no other fund pays anyone, the general fund.
    const shown = (id: number) => all.fundTotals.find((f) => f.fundId === id)!.budget;
    expect([shown(ids.grant), shown(ids.general)]).toEqual([null, null]);
    for (const secret of SECRETS) {
      expect(out).not.toContain(secret);
    }
    expect(general.totals).toMatchObject({ budget: null, revisedBudget: null, expended: null });
    expect(general.rows.find((g) => g.key === '2305')).toMatchObject({ budget: null, expended: null });
    expect(general.payWithheld).toContain('shown only to ADMIN and FINANCE');
  });

  it('keeps the general fund’s totals for VIEW_ONLY when another fund of people is withheld beside the grant', async () => {
    const { all, general, out } = await differences(s.viewer.token, 2029);
    const shown = (id: number) => all.fundTotals.find((f) => f.fundId === id)!.budget;
    expect([shown(ids.grant), shown(ids.aides)]).toEqual([null, null]);
    expect(c(general.totals.budget!)).toBe(c(TEACHERS) + c(SUPPLIES));
    expect(c(String(shown(ids.general)))).toBe(c(TEACHERS) + c(SUPPLIES));
    for (const secret of SECRETS) {
      expect(out).not.toContain(secret);
    }
    const aides = await report(s.viewer.token, 2029, String(ids.aides));
    expect(aides.totals).toMatchObject({ budget: null, expended: null });
  });
});
