import { expect } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../factories';
import type { ProposedInput } from '../factories/lines';
import { centsOfDollars, type LedgerSuite } from './ledger.suite';
import { generalFund, ledgerCsv, makeFund, paid, type LedgerRow } from './fund-pay.world';

/**
 * Budget vs Actual's world of a small grant (fund-pay.world.ts): the general fund (code GF) pays six
 * teachers under 2305 and buys supplies; a Title I grant (T1) pays two interventionists under 2330
 * and nothing else, so its budget is their proposed salaries and its ledger actuals their paid
 * salaries; School Choice (SC) buys supplies and pays no one; with `aides`, an aides revolving fund
 * (AR) pays five aides under 2330 too. Each year is its own budget year with its ledger imported.
 */
export const GRANT = { budget: '131400.00', revised: '130000.00', paid: '64850.25' } as const;
export const TEACHERS = '612345.67';
export const TEACHERS_PAID = '300000.00';
export const SUPPLIES = '12000.00';
export const AIDES = '216500.00';
export const ACCOUNTS = {
  teachers: 'GF-3-300-2305-01-1-11-1-511000',
  supplies: 'GF-3-300-2410-01-1-11-1-550000',
  grant: 'T1-3-300-2330-01-1-11-1-511000',
  choice: 'SC-3-300-2410-01-1-11-1-550000',
  aides: 'AR-3-300-2330-01-1-11-1-511000',
};
/** The interventionists' pay in cents: their budget, their account's revised budget, what they were paid. */
export const GRANT_SECRETS = [GRANT.budget, GRANT.revised, GRANT.paid].map((v) => centsOfDollars(v));

export interface GrantFunds {
  general: number;
  grant: number;
  choice: number;
  aides: number;
}

/** The funds, made by ADMIN: the general fund coded GF, the grant, School Choice and the aides' fund. */
export async function grantFunds(s: LedgerSuite): Promise<GrantFunds> {
  return {
    general: await generalFund(s),
    grant: await makeFund(s, { name: 'Title I', code: 'T1', kind: 'federal_grant' }),
    choice: await makeFund(s, { name: 'School Choice', code: 'SC', kind: 'revolving' }),
    aides: await makeFund(s, { name: 'Aides Revolving', code: 'AR', kind: 'revolving' }),
  };
}

/** One fiscal year of the world (the aides paid or not): its budget year's id. */
export async function grantYear(
  s: LedgerSuite,
  funds: GrantFunds,
  fy: number,
  aides: boolean,
): Promise<number> {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(fy);
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const cat = {
    teachers: await buildCategory(db, { name: `Teachers ${fy}`, isPersonnel: true, deseFunction: '2305' }),
    support: await buildCategory(db, { name: `Support ${fy}`, isPersonnel: true, deseFunction: '2330' }),
    supplies: await buildCategory(db, { name: `Supplies ${fy}`, deseFunction: '2410' }),
  };
  const staff = { budgetYearId, fiscalYear: fy, scenarioId: operating, manual: true };
  const teachers = Array.from({ length: 6 }, (_, i) => `6${i}000.00`);
  const aideSalaries = ['41100.00', '42200.00', '43300.00', '44400.00', '45500.00'];
  await insertEmployees(db, [
    // The teachers are the general fund's: no fund of their own.
    ...paid(staff, cat.teachers, teachers, { dese_code: '2305' }),
    ...paid(staff, cat.support, ['65000.00', '66400.00'], { dese_code: '2330', fund_id: funds.grant }),
    ...(aides ? paid(staff, cat.support, aideSalaries, { dese_code: '2330', fund_id: funds.aides }) : []),
  ]);
  const line = { budgetYearId, fiscalYear: fy, scenarioId };
  const ofFund = (amount: string, accountLine: string, fundId: number): ProposedInput => ({
    ...line,
    amount,
    categoryId: cat.support,
    accountLine,
    columns: { fund_id: fundId },
  });
  await insertProposed(db, [
    { ...line, amount: TEACHERS, categoryId: cat.teachers, accountLine: ACCOUNTS.teachers },
    { ...line, amount: SUPPLIES, categoryId: cat.supplies, accountLine: ACCOUNTS.supplies },
    ofFund(GRANT.budget, ACCOUNTS.grant, funds.grant),
    ...(aides ? [ofFund(AIDES, ACCOUNTS.aides, funds.aides)] : []),
  ]);
  const rows: LedgerRow[] = [
    [ACCOUNTS.teachers, 'TEACHERS SALARIES', TEACHERS, TEACHERS_PAID],
    [ACCOUNTS.supplies, 'SUPPLIES', SUPPLIES, '5000.00'],
    [ACCOUNTS.grant, 'TITLE I INTERVENTIONISTS', GRANT.revised, GRANT.paid],
    [ACCOUNTS.choice, 'CHOICE SUPPLIES', '4000.00', '1500.00'],
    ...(aides ? [[ACCOUNTS.aides, 'AIDES SALARIES', AIDES, '100000.00'] as LedgerRow] : []),
  ];
  const res = await s.importFile(ledgerCsv(fy, rows), { fiscalYear: `FY${fy}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return budgetYearId;
}
