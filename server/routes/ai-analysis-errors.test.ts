import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { apiError, toolReply, type FakeAnthropic, type FakeReply } from '../../test/fake-anthropic';
import {
  buildAiWorld,
  goodAnswer,
  recordingLogger,
  type AiWorld,
  startAiApp,
} from '../../test/worlds/ai-analysis.world';

/**
 * Each way an analysis can fail, against the fake Messages API: the message a finance officer reads
 * and its status, the server's own log line (with the error's code, without the key), and nothing
 * saved (no analysis, no audit row). Retries of 429/529 are bounded: AI_MAX_RETRIES = 2 here.
 * Refused roles and bad input answer before any call to Claude.
 */

const KEY = 'sk-ant-errors-KEY-c0ffee1234';
const RETRIES = 2;
let t: TestApp;
let fake: FakeAnthropic;
let finance: string;
let w: AiWorld;
const log = recordingLogger();

beforeAll(async () => {
  ({ t, fake } = await startAiApp({ aiTimeoutMs: 1500, aiMaxRetries: RETRIES }, log));
  finance = (await t.userWith('FINANCE')).token;
  await t.api('put', '/auth/update-api-key', { token: finance, body: { claudeApiKey: KEY } });
  w = await buildAiWorld(t.db.knex);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const footprint = async () => {
  const [a] = await t.db.knex('ai_analyses').count({ n: '*' });
  const [b] = await t.db.knex('audit_log').where({ entity: 'ai-analysis' }).count({ n: '*' });
  return [Number(a.n), Number(b.n)];
};

/** Runs an analysis that must fail with `status` and `code`, saving nothing, logging without the key. */
async function fails(status: number, code: string, message: RegExp, token = finance) {
  const before = await footprint();
  log.lines.length = 0;
  const res = await t.api('post', '/ai-analysis/budget-cuts', {
    token,
    body: { budgetYearId: w.budgetYearId, targetAmount: 250000 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.error).toMatch(message);
  expect(JSON.stringify(res.body)).not.toContain(KEY);
  expect(await footprint()).toEqual(before);
  for (const line of log.lines) {
    expect(line).not.toContain(KEY);
  }
  return res;
}

const analyzeAs = (body: unknown, token = finance) =>
  t.api('post', '/ai-analysis/budget-cuts', { token, body });

const loggedFailure = (code: string) =>
  log.lines.some((l) => l.includes('"msg":"ai-analysis failed"') && l.includes(`"code":"${code}"`));

describe('errors say what to do, and save nothing', () => {
  it('no key stored: points to Profile → Claude API Key, without calling Claude', async () => {
    const other = (await t.userWith('ADMIN')).token;
    fake.answer(goodAnswer);
    await fails(400, 'AI_KEY_MISSING', /Profile → Claude API Key/, other);
    expect(fake.requests).toHaveLength(0);
  });

  it('a stored key that can no longer be decrypted asks for it again', async () => {
    const user = await t.userWith('FINANCE');
    await t.db.knex('users').where({ id: user.id }).update({ claude_api_key_enc: 'AAAA:BBBB:CCCC' });
    fake.answer(goodAnswer);
    await fails(400, 'AI_KEY_UNREADABLE', /Enter it again at Profile → Claude API Key/, user.token);
    expect(fake.requests).toHaveLength(0);
  });

  it('key refused (401): says the key may be mistyped, revoked or expired; not retried', async () => {
    fake.answer(() => apiError(401, 'authentication_error'));
    await fails(400, 'AI_KEY_REFUSED', /refused your Claude API key.*Profile → Claude API Key/);
    expect(fake.requests).toHaveLength(1);
    expect(loggedFailure('AI_KEY_REFUSED')).toBe(true);
  });

  it('rate limited (429) after the bounded retries', async () => {
    fake.answer(() => apiError(429, 'rate_limit_error', { 'retry-after': '0' }));
    await fails(429, 'AI_RATE_LIMITED', new RegExp(`too many requests.*tried ${RETRIES + 1} times`));
    expect(fake.requests).toHaveLength(RETRIES + 1);
    expect(loggedFailure('AI_RATE_LIMITED')).toBe(true);
  });

  it('overloaded (529) after the bounded retries', async () => {
    fake.answer(() => apiError(529, 'overloaded_error'));
    await fails(503, 'AI_OVERLOADED', /overloaded right now/);
    expect(fake.requests).toHaveLength(RETRIES + 1);
  });

  it('529 then a good answer: the retry succeeds and the analysis is saved', async () => {
    fake.answer(() => apiError(529, 'overloaded_error'), goodAnswer);
    const before = await footprint();
    const res = await t.api('post', '/ai-analysis/budget-cuts', {
      token: finance,
      body: { budgetYearId: w.budgetYearId, targetAmount: 250000 },
    });
    expect(res.status).toBe(201);
    expect(fake.requests).toHaveLength(2);
    expect(await footprint()).toEqual([before[0] + 1, before[1] + 1]);
  });

  it('an answer slower than the timeout gives up, without retrying', async () => {
    fake.answer((req) => ({ ...goodAnswer(req), delayMs: 5000 }));
    await fails(504, 'AI_TIMEOUT', /did not answer within 2 seconds/);
    expect(fake.requests).toHaveLength(1);
  });

  it('a network failure', async () => {
    fake.answer(() => ({ hangUp: true }));
    await fails(502, 'AI_UNREACHABLE', /could not reach Claude/);
  });

  it('malformed JSON, a schema-violating tool input, an answer without the tool', async () => {
    fake.answer(() => ({ text: '{"type":"message","content":[{"type":"tool_use",' }));
    await fails(502, 'AI_BAD_ANSWER', /not in the form the workbench needs/);
    fake.answer(() => toolReply({ note: 'x', likelyNeeded: 'lots', moderateNeed: [], deepCuts: [] }));
    await fails(502, 'AI_BAD_ANSWER', /likelyNeeded/);
    fake.answer(() => toolReply({ note: 'x', moderateNeed: [], deepCuts: [] }));
    await fails(502, 'AI_BAD_ANSWER', /likelyNeeded/);
    const text: FakeReply = {
      json: {
        id: 'msg',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text: 'Cut the arts.' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    };
    fake.answer(() => text);
    await fails(502, 'AI_BAD_ANSWER', /did not use the tool/);
  });

  it('an answer whose every suggestion is invented', async () => {
    fake.answer(() =>
      toolReply({
        note: 'x',
        likelyNeeded: [
          {
            description: 'Close the planetarium',
            savings: 5000,
            impact: 'x',
            lineIds: [987654],
            positionGroups: [],
          },
        ],
        moderateNeed: [
          {
            description: 'Lay off astronauts',
            savings: 1,
            impact: 'x',
            lineIds: [],
            positionGroups: [{ position: 'Astronaut', workGroup: null }],
          },
        ],
        deepCuts: [
          {
            description: 'Other year',
            savings: 1,
            impact: 'x',
            lineIds: [w.foreignLineId],
            positionGroups: [],
          },
        ],
      }),
    );
    const res = await fails(502, 'AI_UNGROUNDED', /not in FY\d\d, so none can be trusted/);
    expect(res.body.details).toHaveLength(3);
  });
});

describe('who may ask, and what is refused before any call', () => {
  it('refuses VIEW_ONLY (403) and no token (401), calling nothing', async () => {
    fake.answer(goodAnswer);
    const viewer = await t.userWith('VIEW_ONLY');
    const before = (await footprint())[0];
    expect((await analyzeAs({ budgetYearId: w.budgetYearId, targetAmount: 5 }, viewer.token)).status).toBe(
      403,
    );
    expect(
      (
        await t.api('post', '/ai-analysis/budget-cuts', {
          body: { budgetYearId: w.budgetYearId, targetAmount: 5 },
        })
      ).status,
    ).toBe(401);
    expect((await t.api('get', '/ai-analysis/analyses', { token: viewer.token })).status).toBe(403);
    expect(fake.requests).toHaveLength(0);
    expect((await footprint())[0]).toBe(before);
  });

  it('answers 400 to bad input with a message, and changes nothing', async () => {
    fake.answer(goodAnswer);
    const before = (await footprint())[0];
    const cases: [unknown, RegExp][] = [
      [{ targetAmount: 1000 }, /Please select a budget year/],
      [{ budgetYearId: null, targetAmount: 1000 }, /Please select a budget year/],
      [{ budgetYearId: w.budgetYearId }, /reduction target/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 'a lot' }, /reduction target in dollars/],
      [{ budgetYearId: w.budgetYearId, targetAmount: -5 }, /more than \$0/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 0 }, /more than \$0/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 1e12 }, /too large/],
      [{ budgetYearId: w.budgetYearId, targetAmount: '1e6' }, /reduction target in dollars/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 10.005 }, /reduction target in dollars/],
      [{ budgetYearId: w.budgetYearId, targetAmount: '100\u0000' }, /NUL/],
      [{ budgetYearId: '7\u0000', targetAmount: 100 }, /budgetYearId/],
      [{ budgetYearId: 2147483000, targetAmount: 100 }, /Budget year 2147483000 does not exist/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 100, priorities: ['Cut sports'] }, /Priorities are/],
      [{ budgetYearId: w.budgetYearId, targetAmount: 100, model: 'opus' }, /model/],
    ];
    for (const [body, message] of cases) {
      const res = await analyzeAs(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect(fake.requests).toHaveLength(0);
    expect((await footprint())[0]).toBe(before);
  });
});
