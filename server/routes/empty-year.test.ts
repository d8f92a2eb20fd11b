import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { FIGURES_FY27 } from '../../test/worlds/nss.world';

/**
 * A budget year just created (Setup, or `budget-cli budget-year create`) has no lines: it has not
 * started. With a town goal and the state figures of its year entered, nothing meets or misses the
 * goal (meetsGoal null, not 'Yes'), the NSS meter says it has no lines (not a 0% shortfall with
 * state aid cut), and spending per pupil is no '$0'. Once a line is added, the figures come back.
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const call = async (method: string, path: string, body?: unknown, token = admin.token) => {
  const res = await t.api(method as 'get', path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

describe('a budget year with no lines', () => {
  it('reads as not started in the scenario summary, the NSS meter and spending per pupil', async () => {
    const made = await call('post', '/budget-years', { label: 'FY29' });
    const budgetYearId = made.budgetYear.id as number;
    await call(
      'post',
      '/town-goals',
      { fiscalYear: 2029, goalType: 'DOLLAR', dollarGoal: 1_000_000 },
      finance.token,
    );
    await call('put', '/nss/state-figures/2029', FIGURES_FY27);

    const baseline = await call('get', `/scenarios/baseline?budgetYearId=${budgetYearId}&fiscalYear=2029`);
    expect(baseline.summary).toMatchObject({ lineCount: 0, hasTownGoal: true, meetsGoal: null });
    const calculated = await call('post', '/scenarios/calculate', {
      budgetYearId,
      fiscalYear: 2029,
      adjustments: {},
    });
    expect(calculated.summary.meetsGoal).toBeNull();

    const meter = await call('get', `/nss/meter?budgetYearId=${budgetYearId}&fiscalYear=2029`);
    expect(meter).toMatchObject({ status: 'NO_LINES', columns: null, headroom: null, consequence: null });
    expect(meter.message).toBe(
      'No proposed budget lines for FY29 in this budget year yet: import or add the proposed budget to see net school spending',
    );

    const perPupil = await call('get', `/nss/per-pupil?budgetYearId=${budgetYearId}&fiscalYear=2029`);
    for (const method of perPupil.methods) {
      expect(method).toMatchObject({
        perPupil: null,
        description: 'No budget lines yet for FY29 in this budget year',
      });
    }

    // One proposed line of $10.00, as the Proposed Budget manager adds it: the year has started.
    await call(
      'post',
      '/line-items',
      {
        budgetYearId,
        fiscalYear: 2029,
        isOperating: false,
        accountDescription: 'Supplies',
        amount: 10,
        deseCode: '2410',
      },
      finance.token,
    );
    const started = await call('get', `/scenarios/baseline?budgetYearId=${budgetYearId}&fiscalYear=2029`);
    expect(started.summary).toMatchObject({ lineCount: 1, meetsGoal: true });
    expect((await call('get', `/nss/meter?budgetYearId=${budgetYearId}&fiscalYear=2029`)).status).toBe(
      'BELOW_95',
    );
  });
});
