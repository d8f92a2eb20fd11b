import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear } from '../../test/factories';

/**
 * A percent goal is a percent over its baseline, the dollar goal of its baseline year (the year
 * before unless named): when that goal changes, the percent goal's dollars follow it in every read
 * (the goals list, the year's guidance and total, the gap analysis, the dashboard's summary, the
 * scenario summary), and a goal that follows a percent goal follows it in turn. A baseline entered
 * as an amount stays the amount entered. Expected dollars are worked out here in BigInt cents.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const save = (body: Record<string, unknown>) => t.api('post', '/town-goals', { token: finance.token, body });
const read = async (path: string) => {
  const res = await t.api('get', path, { token: viewer.token });
  expect(res.status, path).toBe(200);
  return res.body;
};

/** baseline x (1 + percent / 100) in cents, halves away from zero; the percent in thousandths. */
function grown(baselineCents: bigint, percentThousandths: bigint): bigint {
  const numerator = baselineCents * (100_000n + percentThousandths);
  return (2n * numerator + 100_000n) / 200_000n;
}
const dollars = (cents: bigint) => Number(cents) / 100;
const goalOf = async (fiscalYear: number) =>
  (await read('/town-goals')).goals.find((g: { fiscalYear: number }) => g.fiscalYear === fiscalYear);

describe('a percent goal follows its baseline year’s goal', () => {
  it('recomputes the dollars wherever they are read after the baseline goal is saved again', async () => {
    // The baseline year's goal, then 3.5% over it, then 2.25% over that, then -1% of an entered $1,000.
    expect((await save({ fiscalYear: 2071, goalType: 'DOLLAR', dollarGoal: 1_000_000.1 })).status).toBe(200);
    const percent = await save({ fiscalYear: 2072, goalType: 'PERCENT', percentGoal: 3.5 });
    expect(percent.status).toBe(200);
    expect(percent.body.goal).toMatchObject({
      baselineYear: 2071,
      baselineAmount: 1_000_000.1,
      baselineFromGoal: true,
      dollarGoal: dollars(grown(100_000_010n, 3500n)),
    });
    expect((await save({ fiscalYear: 2073, goalType: 'PERCENT', percentGoal: 2.25 })).status).toBe(200);
    const entered = await save({
      fiscalYear: 2074,
      goalType: 'PERCENT',
      percentGoal: -1,
      baselineAmount: 1000,
    });
    expect(entered.body.goal).toMatchObject({ baselineFromGoal: false, dollarGoal: 990 });
    const year = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2072 });

    // The town revises the baseline year's goal, as a user does: the Town Goals form's save.
    expect((await save({ fiscalYear: 2071, goalType: 'DOLLAR', dollarGoal: 1_250_000.35 })).status).toBe(200);

    const fy72 = grown(125_000_035n, 3500n);
    const fy73 = grown(fy72, 2250n);
    expect(await goalOf(2072)).toMatchObject({
      baselineYear: 2071,
      baselineAmount: 1_250_000.35,
      baselineFromGoal: true,
      percentGoal: 3.5,
      dollarGoal: dollars(fy72),
    });
    expect(await goalOf(2073)).toMatchObject({ baselineAmount: dollars(fy72), dollarGoal: dollars(fy73) });
    expect(await goalOf(2074)).toMatchObject({ baselineAmount: 1000, dollarGoal: 990 });
    expect(await read('/town-goals/year/2072')).toMatchObject({
      dollarGoal: dollars(fy72),
      townFunding: dollars(fy72),
    });
    expect(await read('/town-goals/total/2073')).toEqual({
      fiscalYear: 2073,
      total: dollars(fy73),
      hasTownGoal: true,
    });
    expect(await read(`/town-goals/analysis/gap?fiscalYear=2072&budgetYearId=${year}`)).toMatchObject({
      townGoal: dollars(fy72),
      gap: -dollars(fy72),
    });
    expect(await read(`/line-items/budget/summary?budgetYearId=${year}&fiscalYear=2072`)).toMatchObject({
      townGoal: dollars(fy72),
      hasTownGoal: true,
    });
  });

  it('keeps a follower’s dollars when the goal it follows is deleted', async () => {
    await save({ fiscalYear: 2081, goalType: 'DOLLAR', dollarGoal: 500_000 });
    await save({ fiscalYear: 2082, goalType: 'PERCENT', percentGoal: 10 });
    const base = await goalOf(2081);
    expect((await t.api('delete', `/town-goals/${base.id}`, { token: finance.token })).status).toBe(200);
    expect(await goalOf(2082)).toMatchObject({
      baselineYear: 2081,
      baselineAmount: 500_000,
      baselineFromGoal: false,
      dollarGoal: dollars(grown(50_000_000n, 10_000n)),
    });
  });
});

describe('a closed year’s goal that follows an open year’s', () => {
  it('keeps its figures: a save that would move them is refused, one that would not is saved', async () => {
    const made = await t.api('post', '/budget-years', {
      token: admin.token,
      body: { label: 'FY32', firstFiscalYear: 2031, lastFiscalYear: 2032 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await save({ fiscalYear: 2031, goalType: 'DOLLAR', dollarGoal: 2_000_000 });
    await save({ fiscalYear: 2032, goalType: 'PERCENT', percentGoal: 1.5 });
    const closed = await t.api('post', '/budget-stages/close', {
      token: admin.token,
      body: { budgetYearId: made.body.budgetYear.id, fiscalYear: 2032 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const moved = await save({ fiscalYear: 2031, goalType: 'DOLLAR', dollarGoal: 2_500_000 });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatch(
      /^The FY32 goal follows the FY31 goal and would change with it: FY32 is closed/,
    );
    expect(await goalOf(2031)).toMatchObject({ dollarGoal: 2_000_000 });
    expect(await goalOf(2032)).toMatchObject({ dollarGoal: dollars(grown(200_000_000n, 1500n)) });
    const notes = await save({
      fiscalYear: 2031,
      goalType: 'DOLLAR',
      dollarGoal: 2_000_000,
      notes: 'Confirmed',
    });
    expect(notes.status).toBe(200);
  });
});
