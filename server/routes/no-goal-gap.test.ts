import { describe, expect, it } from 'vitest';
import { yearFigures } from '@server/domains/public-dashboard/public-dashboard-figures';
import { useApp } from '../../test/use-app';

/**
 * A budget year made with no town goal for its fiscal year (Setup, or `budget-cli budget-year
 * create FY28`) has no guidance to be over: its summary keeps the budget's figures and says it has
 * no goal, and gives no guidance gap (a gap against a goal of 0 read 'Over guidance by $49M').
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const call = async (method: string, path: string, body?: unknown, token = admin.token) => {
  const res = await t.api(method as 'get', path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

/** A new budget year holding one $49,000,000.25 proposed line in its fiscal year, and no town goal. */
async function yearWithLine(label: string, fiscalYear: number): Promise<number> {
  const made = await call('post', '/budget-years', { label });
  const budgetYearId = made.budgetYear.id as number;
  await call(
    'post',
    '/line-items',
    {
      budgetYearId,
      fiscalYear,
      isOperating: false,
      accountDescription: 'Supplies',
      amount: 49_000_000.25,
      deseCode: '2410',
    },
    finance.token,
  );
  return budgetYearId;
}

describe('a budget year with lines and no town goal', () => {
  it('gives the summary no guidance gap, read as FINANCE', async () => {
    const budgetYearId = await yearWithLine('FY28', 2028);
    const summary = await call(
      'get',
      `/line-items/budget/summary?budgetYearId=${budgetYearId}&fiscalYear=2028`,
      undefined,
      finance.token,
    );
    expect(summary).toMatchObject({
      proposedBudget: 49_000_000.25,
      proposedCount: 1,
      guidanceBudget: 49_000_000.25,
      hasTownGoal: false,
      guidanceGap: null,
    });
    // The Scenario Builder's summary: no gap against $0 and nothing to meet, with its line counted.
    const scenario = () =>
      call(
        'get',
        `/scenarios/baseline?budgetYearId=${budgetYearId}&fiscalYear=2028`,
        undefined,
        finance.token,
      );
    expect((await scenario()).summary).toMatchObject({
      lineCount: 1,
      adjustedTotal: 49_000_000.25,
      hasTownGoal: false,
      gap: null,
      meetsGoal: null,
    });

    // Once the town sets a goal, the gap is real again: goal - the general fund's budget.
    await call(
      'post',
      '/town-goals',
      { fiscalYear: 2028, goalType: 'DOLLAR', dollarGoal: 48_000_000 },
      finance.token,
    );
    const withGoal = await call(
      'get',
      `/line-items/budget/summary?budgetYearId=${budgetYearId}&fiscalYear=2028`,
      undefined,
      finance.token,
    );
    expect(withGoal).toMatchObject({ hasTownGoal: true, townGoal: 48_000_000, guidanceGap: -1_000_000.25 });
    expect((await scenario()).summary).toMatchObject({
      hasTownGoal: true,
      gap: 1_000_000.25,
      meetsGoal: false,
    });
  });

  it('gives the gap analysis and the published figures no gap and no status until a goal is set', async () => {
    const budgetYearId = await yearWithLine('FY29', 2029);
    const gapPath = `/town-goals/analysis/gap?fiscalYear=2029&budgetYearId=${budgetYearId}`;
    // No gap against a goal of 0 ('OVER' by $49M): the year has no guidance to be over.
    expect(await call('get', gapPath, undefined, finance.token)).toMatchObject({
      districtNeed: 49_000_000.25,
      lineCount: 1,
      hasTownGoal: false,
      gap: null,
      status: null,
    });
    const published = async () =>
      (
        await yearFigures(t.db.knex, budgetYearId, 2029, {
          includeProjectedEmployees: false,
          publishedAt: new Date(0).toISOString(),
          shown: new Set(),
          released: {},
        })
      )?.data;
    // The residents' JSON carries no gap against $0 either.
    expect(await published()).toMatchObject({ hasTownGoal: false, guidanceGap: null });

    await call(
      'post',
      '/town-goals',
      { fiscalYear: 2029, goalType: 'DOLLAR', dollarGoal: 48_000_000 },
      finance.token,
    );
    expect(await call('get', gapPath, undefined, finance.token)).toMatchObject({
      hasTownGoal: true,
      gap: 1_000_000.25,
      status: 'OVER',
    });
    expect(await published()).toMatchObject({ hasTownGoal: true, guidanceGap: -1_000_000.25 });
  });
});
