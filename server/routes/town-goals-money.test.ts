import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

/**
 * Town goals with exact money: large amounts, percent goals rounded once and halves away from zero,
 * percents with more decimals than the column keeps, and BOTH goals whose halves must agree.
 * Expected dollars are worked out here in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);

const goalCount = async () => Number((await t.db.knex('town_goals').count('* as c'))[0].c);
const save = (body: Record<string, unknown>) => t.api('post', '/town-goals', { token: finance.token, body });
/** The stored row's money columns as PostgreSQL writes them, so no float stands between. */
const stored = async (fiscalYear: number) =>
  (
    await t.db.knex.raw(
      `SELECT dollar_goal::text AS dollars, percent_goal::text AS percent, baseline_amount::text AS baseline
         FROM town_goals WHERE fiscal_year = ?`,
      [fiscalYear],
    )
  ).rows[0];

/** baseline x (1 + percent / 100) in cents, halves away from zero, from cents and thousandths of a percent. */
function expectedCents(baselineCents: bigint, percentThousandths: bigint): bigint {
  const numerator = baselineCents * (100_000n + percentThousandths);
  return (2n * numerator + 100_000n) / 200_000n;
}
/** Saves `body` and expects a 400 whose details name `path` with `message`. */
async function refused(body: Record<string, unknown>, path: string, message: string) {
  const res = await save(body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(res.body.details).toContainEqual({ path, message });
  return res;
}
/** A BOTH goal: dollars and a percent over the baseline. */
const both = (fiscalYear: number, dollarGoal: number, percentGoal: number, baselineAmount = 46_733_000) => ({
  fiscalYear,
  goalType: 'BOTH',
  dollarGoal,
  percentGoal,
  baselineAmount,
});
const text = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

describe('POST /town-goals: exact money', () => {
  it('accepts every cent of large amounts (refused as "more than 2 decimals" above $134M before)', async () => {
    for (const [fiscalYear, dollarGoal] of [
      [2051, 311_865_755.6],
      [2052, 1_234_567_890.12],
      [2053, 1_500_000_000.01],
      [2054, 999_999_999_999.99],
    ]) {
      const res = await save({ fiscalYear, goalType: 'DOLLAR', dollarGoal });
      expect(res.status, String(dollarGoal)).toBe(200);
      expect(res.body.goal.dollarGoal).toBe(dollarGoal);
    }
    expect((await stored(2052)).dollars).toBe('1234567890.12');
    expect((await stored(2054)).dollars).toBe('999999999999.99');
  });

  it('refuses an amount beyond numeric(14,2) with a 400 naming the field, writing nothing', async () => {
    const before = await goalCount();
    await refused(
      { fiscalYear: 2055, goalType: 'DOLLAR', dollarGoal: 1_000_000_000_000 },
      'dollarGoal',
      'Amount is too large (at most 999,999,999,999.99)',
    );
    // A percent goal whose dollars would not fit: a 400 on the percent, not a database error.
    await refused(
      { fiscalYear: 2055, goalType: 'PERCENT', percentGoal: 10, baselineAmount: 999_999_999_999.99 },
      'percentGoal',
      'Gives more than $999,999,999,999.99',
    );
    expect(await goalCount()).toBe(before);
  });

  it('rounds a percent goal once, to the cent, halves away from zero', async () => {
    // 0.1% over $1,665.00 is exactly $1,666.665: $1,666.67 (it was $1,666.66).
    const res = await save({ fiscalYear: 2056, goalType: 'PERCENT', percentGoal: 0.1, baselineAmount: 1665 });
    expect(res.body.goal.dollarGoal).toBe(1666.67);
    expect((await stored(2056)).dollars).toBe(text(expectedCents(166_500n, 100n)));
    const cases: [number, string, bigint, bigint][] = [
      [2057, '48200000.00', 3_142n, 4_820_000_000n],
      [2058, '311865755.60', -2_505n, 31_186_575_560n],
      [2059, '1234567890.12', 999_999n, 123_456_789_012n],
    ];
    for (const [fiscalYear, baseline, thousandths, baselineCents] of cases) {
      const percentGoal = Number(thousandths) / 1000;
      const r = await save({
        fiscalYear,
        goalType: 'PERCENT',
        percentGoal,
        baselineAmount: Number(baseline),
      });
      expect(r.status, baseline).toBe(200);
      const row = await stored(fiscalYear);
      expect(row.dollars).toBe(text(expectedCents(baselineCents, thousandths)));
      expect(Number(row.percent)).toBe(percentGoal);
    }
  });

  it('refuses a percent with more decimals than it keeps, rather than storing one figure and using another', async () => {
    const before = await goalCount();
    await refused(
      { fiscalYear: 2060, goalType: 'PERCENT', percentGoal: 3.14159, baselineAmount: 48_200_000 },
      'percentGoal',
      'Use at most 3 decimal places for a percent (such as 3.142)',
    );
    expect(await goalCount()).toBe(before);
  });
});

describe('POST /town-goals: a BOTH goal says one thing', () => {
  it('refuses dollars and a percent that disagree, naming both fields, writing nothing', async () => {
    const before = await goalCount();
    const res = await save(both(2061, 1_000_000, 50));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'The dollar goal and the percent goal disagree: 50% over the baseline $46,733,000.00 is ' +
        '$70,099,500.00, not $1,000,000.00 (which is -97.86%). Enter one of them, or make them agree.',
    );
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['dollarGoal', 'percentGoal']);
    await refused(
      { fiscalYear: 2061, goalType: 'BOTH', dollarGoal: 5, percentGoal: 1 },
      'baselineAmount',
      'Required for a BOTH goal',
    );
    expect(await goalCount()).toBe(before);
  });

  it('saves a pair within a cent, or a percent that is the dollars’ own to 3 decimals', async () => {
    // 3% over $46,733,000 is $48,134,990 exactly.
    const exact = await save(both(2062, 48_134_990, 3));
    expect(exact.status).toBe(200);
    expect(exact.body.goal).toMatchObject({ dollarGoal: 48_134_990, percentGoal: 3 });
    // $48,400,000 is 3.56707...% over the baseline: 3.567% is that percent to the column's 3 decimals.
    const rounded = await save(both(2063, 48_400_000, 3.567));
    expect(rounded.status).toBe(200);
    expect(await stored(2063)).toEqual({ dollars: '48400000.00', percent: '3.567', baseline: '46733000.00' });
    const oneOff = await save(both(2064, 48_400_000, 3.568));
    expect(oneOff.status).toBe(400);
  });
});
