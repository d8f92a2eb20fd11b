import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { sentData, toolReply, type FakeAnthropic } from '../../test/fake-anthropic';
import { buildAiWorld, goodAnswer, startAiApp } from '../../test/worlds/ai-analysis.world';
import { c, FIGURES_FY27, FY, nssWorld, type NssWorld } from '../../test/worlds/nss.world';

/**
 * Net school spending as a constraint on the AI analysis: the request carries
 * the headroom above 100% of required NSS and the lines that do not count; each suggestion kept is
 * marked with what it does to NSS, taken in list order, and one that takes the district below 100%
 * is flagged, not silently kept. The expected percents are worked out here in cents.
 */

let t: TestApp;
let fake: FakeAnthropic;
let finance: string;
let w: NssWorld;

beforeAll(async () => {
  ({ t, fake } = await startAiApp({ aiMaxRetries: 0 }));
  const admin = (await t.userWith('ADMIN')).token;
  finance = (await t.userWith('FINANCE')).token;
  await t.api('put', '/auth/update-api-key', { token: finance, body: { claudeApiKey: 'sk-ant-nss' } });
  w = await nssWorld(t);
  expect((await t.api('put', `/nss/state-figures/${FY}`, { token: admin, body: FIGURES_FY27 })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Hundredths of a percent, rounded down: a shortfall never reads as 100%. */
const hundredths = (left: bigint, required: bigint) => Number((left * 10000n) / required) / 100;

describe('POST /ai-analysis/budget-cuts with state figures', () => {
  it('asks within the NSS headroom and flags the suggestions that would go below 100%', async () => {
    const [teachers, paras, admin, buses, , , capital] = w.ids;
    fake.answer(() =>
      toolReply({
        note: 'Buses first.',
        likelyNeeded: [
          {
            description: 'Cut bus routes',
            savings: 400000,
            impact: 'Longer walks',
            lineIds: [buses],
            positionGroups: [],
          },
          {
            description: 'Trim administration',
            savings: 100000,
            impact: 'Slower',
            lineIds: [admin],
            positionGroups: [],
          },
        ],
        moderateNeed: [
          {
            description: 'Fewer teachers',
            savings: 600000,
            impact: 'Larger classes',
            lineIds: [teachers],
            positionGroups: [],
          },
        ],
        deepCuts: [
          {
            description: 'Defer capital and paras',
            savings: 300000,
            impact: 'Less support',
            lineIds: [capital, paras],
            positionGroups: [],
          },
        ],
      }),
    );
    const res = await t.api('post', '/ai-analysis/budget-cuts', {
      token: finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: FY, targetAmount: 1400000 },
    });
    expect(res.status).toBe(201);
    const { text } = sentData(fake.requests[0]);
    expect(text).toContain('Net school spending (Chapter 70) constraint: FY27 counts $10,183,333.98');
    expect(text).toContain('at most $183,333.98');
    const notCounted = JSON.parse(text.split('\n').at(-1)!);
    expect(notCounted.sort()).toEqual([w.ids[3], w.ids[6], w.ids[7], w.ids[9], w.ids[10]].sort());
    expect(fake.requests[0].body.system).toContain('net school spending constraint');

    const r = res.body.analysis.result;
    const required = c('10000000.00');
    let left = c('10183333.98');
    // Buses do not count; administration does; then the teachers' cut crosses 100% and 95%.
    left -= 0n;
    expect(r.likelyNeeded[0].nss).toEqual({
      countedSavings: 0,
      percentAfter: 101.83,
      belowRequired: false,
      below95: false,
    });
    left -= c('100000.00');
    expect(r.likelyNeeded[1].nss).toEqual({
      countedSavings: 100000,
      percentAfter: hundredths(left, required),
      belowRequired: false,
      below95: false,
    });
    left -= c('600000.00');
    expect(r.moderateNeed[0].nss).toEqual({
      countedSavings: 600000,
      percentAfter: hundredths(left, required),
      belowRequired: true,
      below95: true,
    });
    // Capital does not count, paras do: the savings count in proportion, to the cent.
    const basis = c('200000.00') + c('1000000.55');
    const n = c('300000.00') * c('1000000.55');
    const counted = n / basis + ((n % basis) * 2n >= basis ? 1n : 0n);
    left -= counted;
    expect(r.deepCuts[0].nss.countedSavings).toBe(Number(counted) / 100);
    expect(r.deepCuts[0].nss.percentAfter).toBe(hundredths(left, required));
    expect(r.nss).toMatchObject({
      status: 'MEETS',
      flagged: 2,
      percentOfRequired: 101.83,
      headroomAbove100: 183333.98,
    });
    expect(r.nss.message).toContain('2 suggestions would take FY27 below 100%');
    // Reopened later, the flags are still there.
    const again = await t.api('get', `/ai-analysis/analyses/${res.body.analysis.id}`, { token: finance });
    expect(again.body.analysis.result.moderateNeed[0].nss.belowRequired).toBe(true);
  });

  it('says to enter the state figures for a year without them, and flags nothing', async () => {
    const other = await buildAiWorld(t.db.knex);
    fake.answer(goodAnswer);
    const res = await t.api('post', '/ai-analysis/budget-cuts', {
      token: finance,
      body: { budgetYearId: other.budgetYearId, targetAmount: 60000 },
    });
    expect(res.status).toBe(201);
    expect(sentData(fake.requests[0]).text).not.toContain('Net school spending');
    const r = res.body.analysis.result;
    expect(r.nss).toMatchObject({
      status: 'NO_FIGURES',
      message: 'Enter the state figures to see NSS',
      flagged: 0,
    });
    expect(r.nss.percentOfRequired).toBeNull();
    expect(r.likelyNeeded[0].nss).toBeUndefined();
  });
});
