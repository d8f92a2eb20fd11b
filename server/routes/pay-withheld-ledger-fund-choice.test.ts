import { beforeAll, describe, expect, it } from 'vitest';
import { centsOfDollars, ledgerSuite } from '../../test/worlds/ledger.suite';
import { ledgerReport } from '../../test/worlds/fund-pay.world';
import {
  GRANT,
  GRANT_SECRETS,
  SUPPLIES,
  TEACHERS,
  grantFunds,
  grantYear,
  type GrantFunds,
} from '../../test/worlds/grant-ledger.world';

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
let ids: GrantFunds;
const years = new Map<number, number>();

beforeAll(async () => {
  ids = await grantFunds(s);
  years.set(2028, await grantYear(s, ids, 2028, false));
  years.set(2029, await grantYear(s, ids, 2029, true));
});

const c = (v: number | string) => centsOfDollars(v);
/** The interventionists' pay: their budget, their account's revised budget, and what they were paid. */
const SECRETS = GRANT_SECRETS;
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

const report = (token: string, fy: number, fund: string) =>
  ledgerReport<Report>(s.t, token, `fiscalYear=${fy}&budgetYearId=${years.get(fy)}&by=function&fund=${fund}`);

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
    expect(c(grant.totals.expended!)).toBe(c(GRANT.paid));
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
    expect(general.payWithheld).toContain('shown only to administrators and finance staff');
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
