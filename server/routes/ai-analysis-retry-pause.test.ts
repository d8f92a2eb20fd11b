import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { apiError, type FakeAnthropic } from '../../test/fake-anthropic';
import { buildAiWorld, goodAnswer, startAiApp, type AiWorld } from '../../test/worlds/ai-analysis.world';

/**
 * Claude answering 529 (overloaded) without a Retry-After header is retried after
 * the configured back-off, not at once (Number(null) is 0, which made the pause nothing); with the
 * header, its seconds are what is waited.
 */
const PAUSE = 400;
let t: TestApp;
let fake: FakeAnthropic;
let finance: string;
let w: AiWorld;

beforeAll(async () => {
  ({ t, fake } = await startAiApp({ aiMaxRetries: 1, aiRetryPauseMs: PAUSE }));
  finance = (await t.userWith('FINANCE')).token;
  await t.api('put', '/auth/update-api-key', { token: finance, body: { claudeApiKey: 'sk-ant-pause' } });
  w = await buildAiWorld(t.db.knex);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const analyze = () =>
  t.api('post', '/ai-analysis/budget-cuts', {
    token: finance,
    body: { budgetYearId: w.budgetYearId, targetAmount: 250000 },
  });

describe('retrying an overloaded Claude', () => {
  it('waits the configured back-off when Claude sends no Retry-After', async () => {
    fake.answer(() => apiError(529, 'overloaded_error'), goodAnswer);
    expect((await analyze()).status).toBe(201);
    const [first, second] = fake.requests;
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(PAUSE - 20);
  });

  it('waits what Retry-After asks when it is there', async () => {
    fake.answer(() => apiError(529, 'overloaded_error', { 'retry-after': '1' }), goodAnswer);
    expect((await analyze()).status).toBe(201);
    const [first, second] = fake.requests;
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(980);
  });
});
