import { expect } from 'vitest';
import type { EmployeeInput, ProposedInput } from '../factories/lines';
import type { TestApp } from '../app';
import { useApp } from '../use-app';
import { centsOfDollars } from './ledger.suite';

/**
 * The world of the pay rule's fund tests (server/lib/pay-groups.ts): a small grant paying a few
 * people beside the general fund and other funds, read by each role. ADMIN makes the funds; FINANCE
 * reads every figure; VIEW_ONLY (a school committee member) may not read a sum of 1 to 4 people's
 * pay. Money is written as exact strings and compared in integer cents.
 */

/** This file's test app with one signed-in user per role: ADMIN, FINANCE and VIEW_ONLY. */
export const useReaders = () => useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

/** What the set-up below needs: the app and ADMIN (a useReaders() or a ledgerSuite()). */
export interface FundWorld {
  t: TestApp;
  admin: { token: string };
}

/** A new fund made through POST /funds as ADMIN: its id. */
export async function makeFund(w: FundWorld, body: object): Promise<number> {
  const res = await w.t.api('post', '/funds', { token: w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.fund.id as number;
}

/** The general fund's id, its code set to `code` (the ledger's FUND segment of its accounts). */
export async function generalFund(w: FundWorld, code = 'GF'): Promise<number> {
  const id = (await w.t.db.knex('funds').where({ kind: 'general' }).first('id')).id as number;
  const put = await w.t.api('put', `/funds/${id}`, { token: w.admin.token, body: { code } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return id;
}

type Staff = Omit<EmployeeInput, 'salary' | 'categoryId' | 'columns'>;

/**
 * One employee line per pay, of a category, with raw `columns` (fund_id, dese_code). The pay is
 * their salary, or their next-year salary when `salary` (this year's) is given.
 */
export const paid = (
  staff: Staff,
  categoryId: number,
  pays: readonly string[],
  columns: Record<string, unknown>,
  salary?: string,
): EmployeeInput[] =>
  pays.map((pay) => ({
    ...staff,
    ...(salary === undefined ? { salary: pay } : { salary, nextYearSalary: pay }),
    categoryId,
    columns,
  }));

/** A proposed line of a fund and a DESE function code. */
export const fundLine = (
  base: Omit<ProposedInput, 'amount' | 'categoryId'>,
  amount: string,
  categoryId: number,
  fundId: number,
  code: string,
): ProposedInput => ({ ...base, amount, categoryId, columns: { fund_id: fundId, dese_code: code } });

const LEDGER_HEAD =
  'fiscal_year,period,report,source,fund,org,obj,project,account,description,type,rollup,sub_rollup,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,available_budget,pct_used';

/** A ledger row: an account (its first segment its fund's code), its revised budget and its spending. */
export type LedgerRow = [account: string, description: string, budget: string, spent: string];

/** A MUNIS year-to-date ledger of a fiscal year at period 6 (CRLF), for ledgerSuite's importFile. */
export const ledgerCsv = (fy: number, rows: readonly LedgerRow[]) =>
  [
    LEDGER_HEAD,
    ...rows.map(
      ([account, description, budget, spent]) =>
        `${fy},6,gf-school,test,${account.split('-')[0]},S1,${account.split('-').at(-1)},,${account},${description},E,,,${budget},0.0,${budget},${spent},0.0,0.0,0.0`,
    ),
  ].join('\r\n');

/** GET /ledger/report with `query` (fiscalYear, budgetYearId, by, fund, ...) as `token`'s reader. */
export async function ledgerReport<T>(t: TestApp, token: string, query: string): Promise<T> {
  const res = await t.api('get', `/ledger/report?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
}

/** Every number of an answer as cents (dollars to the cent), to look for a secret in. */
export function centsIn(body: unknown, cents: (n: number) => bigint = centsOfDollars): bigint[] {
  const found: bigint[] = [];
  JSON.stringify(body, (_k, v: unknown) => (typeof v === 'number' && found.push(cents(v)), v));
  return found;
}
