import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  actualMeter,
  dollarsOf,
  expectedMeter,
  FIGURES_FY27,
  FY,
  MUNICIPAL,
  nssWorld,
  rulesOf,
  type NssWorld,
} from '../../test/worlds/nss.world';

/**
 * A budget $599.89 short of a requirement near $39 million is 99.998% of it, which
 * rounded to the nearest hundredth once read '100.00% of required'. The percent of required is rounded
 * down, and the meter says how many dollars short the budget is.
 */

const { t, admin, viewer } = useApp(['ADMIN', 'VIEW_ONLY']);
let w: NssWorld;
beforeAll(async () => {
  w = await nssWorld(t);
});

const SHORT = 59989n;

describe('the NSS meter of a budget just short of the requirement', () => {
  it("reads 99.99% of required and the dollars short, never '100.00%'", async () => {
    // The town's health insurance (EOYR 5200, counted) is large enough that $599.89 is under 0.005%.
    const municipal = MUNICIPAL.map((m) => (m.eoyrCode === '5200' ? { ...m, amount: 30000000 } : m));
    const rules = await rulesOf(t.db.knex, FY);
    const { budgeted } = expectedMeter(w, rules, new Map(), { ...FIGURES_FY27, municipal });
    const required = budgeted + SHORT;
    const dollars = (c: bigint) => Number(c) / 100;
    const figures = {
      ...FIGURES_FY27,
      municipal,
      requiredNss: dollars(required),
      requiredLocalContribution: dollars(required - dollarsOf(FIGURES_FY27.chapter70Aid)),
    };
    const put = await t.api('put', `/nss/state-figures/${FY}`, { token: admin.token, body: figures });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const res = await t.api('get', `/nss/meter?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const want = expectedMeter(w, rules, new Map(), figures);
    expect(actualMeter(res.body)).toEqual(want);
    expect(want.overUnder).toBe(-SHORT);
    // Rounded to the nearest hundredth this would be 10,000 (100.00%); rounded down it is 9,999.
    expect(((budgeted * 20000n) / required + 1n) / 2n).toBe(10000n);
    expect(res.body.columns.percentOfRequired).toBe(99.99);
    expect(res.body.status).toBe('CARRY_FORWARD');
    expect(res.body.message).toContain('budgets 99.99% of required net school spending, $599.89 short:');
    expect(res.body.message).not.toContain('100.00%');
  });
});
