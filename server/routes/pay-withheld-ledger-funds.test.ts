import { beforeAll, describe, expect, it } from 'vitest';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';
import { centsIn, ledgerReport } from '../../test/worlds/fund-pay.world';
import { GRANT, GRANT_SECRETS, grantFunds, grantYear } from '../../test/worlds/grant-ledger.world';

/**
 * Budget vs Actual's totals by fund as a school committee member (VIEW_ONLY) reads them: a Title I
 * grant pays two interventionists and nothing else, so its budget is their proposed salaries and its
 * ledger actuals are their paid salaries. Its totals are withheld from VIEW_ONLY, with enough other
 * funds' that the all-funds total less the funds shown cannot give them back; FINANCE reads every
 * figure. Checked in integer cents from what this test wrote (test/worlds/grant-ledger.world.ts).
 */
const s = ledgerSuite('pay-withheld-funds-');
const FY = 2028;
const GRANT_BUDGET = GRANT.budget;
const GRANT_REVISED = GRANT.revised;
const GRANT_PAID = GRANT.paid;
const ids = {} as { by: number; grant: number };

beforeAll(async () => {
  const funds = await grantFunds(s);
  ids.grant = funds.grant;
  ids.by = await grantYear(s, funds, FY, false);
});

const c = (dollars: string) => centsOfDollars(dollars);
/** The interventionists' pay: their budget, their account's revised budget, and what they were paid. */
const secrets = () => GRANT_SECRETS;
type Amount = 'budget' | 'revisedBudget' | 'expended';
type Fund = Record<Amount, number | null> & { fundId: number };

const report = (token: string, fund = 'all') =>
  ledgerReport<{
    totals: Record<Amount, number>;
    fundTotals: Fund[];
    unmatchedFund: Record<Amount, number | null>;
    payWithheld: string | null;
  }>(s.t, token, `fiscalYear=${FY}&budgetYearId=${ids.by}&by=function&fund=${fund}`);

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
    expect(r.payWithheld).toContain('shown only to administrators and finance staff');
  });

  it('withholds the report’s totals from VIEW_ONLY when it reads the grant alone (its 2 people)', async () => {
    const finance = await report(s.finance.token, String(ids.grant));
    expect(c(String(finance.totals.budget))).toBe(c(GRANT_BUDGET));
    expect(c(String(finance.totals.expended))).toBe(c(GRANT_PAID));
    const r = await report(s.viewer.token, String(ids.grant));
    expect(r.totals).toMatchObject({ budget: null, revisedBudget: null, expended: null });
    const found = centsIn(r);
    for (const secret of secrets()) {
      expect(found).not.toContain(secret);
    }
  });
});
