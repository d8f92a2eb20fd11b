import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { centsOf, centsText } from '@shared/money';
import { AI_PRIORITIES } from '@shared/schemas/ai-analysis';
import type { TestApp } from '../../test/app';
import { apiError, sentData, toolReply, type FakeAnthropic } from '../../test/fake-anthropic';
import {
  buildAiWorld,
  goodAnswer,
  recordingLogger,
  sqlTotals,
  type AiWorld,
  startAiApp,
} from '../../test/worlds/ai-analysis.world';

/**
 * POST /ai-analysis/budget-cuts against a local fake Messages API: what is sent (lines and
 * aggregated personnel, never a name or an individual salary, the key only in its header), how the
 * answer is checked (invented ids, inflated savings, double counting dropped with reasons; totals
 * recomputed), what is saved and reopened, and who may ask. Errors are in ai-analysis-errors.test.ts.
 */

const KEY = 'sk-ant-test-KEY-7f3a9c2e5b1d';
let t: TestApp;
let fake: FakeAnthropic;
let finance: { id: number; token: string };
let w: AiWorld;
const log = recordingLogger();

beforeAll(async () => {
  ({ t, fake } = await startAiApp({}, log));
  finance = await t.userWith('FINANCE');
  expect(
    (await t.api('put', '/auth/update-api-key', { token: finance.token, body: { claudeApiKey: KEY } }))
      .status,
  ).toBe(200);
  w = await buildAiWorld(t.db.knex);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  log.lines.length = 0;
});

const analyze = (body: unknown, token = finance.token) =>
  t.api('post', '/ai-analysis/budget-cuts', { token, body });
const count = async () => Number((await t.db.knex('ai_analyses').count({ n: '*' }))[0].n);
/** Money from the API (a number) or from SQL (text) in cents, exactly. */
const cents = (v: number | string) => centsOf(v);

describe('a grounded analysis', () => {
  it('sends the lines and the personnel groups, checks the answer, saves it and reopens it', async () => {
    fake.answer(goodAnswer);
    const before = await count();
    const res = await analyze({
      budgetYearId: w.budgetYearId,
      targetAmount: '1,200,000',
      priorities: [...AI_PRIORITIES],
    });
    expect(res.status).toBe(201);
    const a = res.body.analysis;
    const totals = await sqlTotals(t.db.knex, w);
    expect(cents(a.result.proposedTotal)).toBe(cents(totals.proposed));
    expect(cents(a.result.personnelTotal)).toBe(cents(totals.personnel));
    // The salaries are in the proposed lines already: the total analysed counts them once.
    expect(cents(a.result.totalAnalyzed)).toBe(cents(totals.proposed));
    // The API's one money type: a JSON number of dollars (it was the text '1200000.00').
    expect(a.targetAmount).toBe(1200000);
    expect(a.model).toBe('claude-fake-1');
    expect([a.inputTokens, a.outputTokens]).toEqual([1234, 567]);
    expect(a.result.likelyNeeded).toHaveLength(2);
    expect(a.result.deepCuts).toHaveLength(1);
    expect(a.result.dropped).toEqual([]);
    // Each savings is what the fake sent, and each list's total their sum.
    const { rows } = await t.db.knex.raw(
      `SELECT id, amount::text FROM line_items WHERE budget_year_id = ? AND NOT is_operating ORDER BY line_items.amount DESC`,
      [w.budgetYearId],
    );
    const largest = rows[0];
    const smallest = rows[rows.length - 1];
    expect(a.result.likelyNeeded[0]).toMatchObject({
      key: 'likelyNeeded:0',
      lineIds: [largest.id],
      basisAmount: Number(largest.amount),
      scenarioReady: true,
    });
    expect(cents(a.result.likelyNeeded[0].savings)).toBe(cents(largest.amount) / 2n);
    expect(cents(a.result.likelyNeeded[1].savings)).toBe(cents(smallest.amount));
    expect(cents(a.result.totals.likelyNeeded)).toBe(cents(largest.amount) / 2n + cents(smallest.amount));
    const { rows: teachers } = await t.db.knex.raw(
      `SELECT count(*)::int AS n, sum(current_salary)::text AS total FROM line_items
        WHERE budget_year_id = ? AND position = 'Grade 3 Teacher'`,
      [w.budgetYearId],
    );
    expect(a.result.deepCuts[0]).toMatchObject({
      positionGroups: [{ position: 'Grade 3 Teacher', workGroup: w.teachers }],
      groups: [
        {
          position: 'Grade 3 Teacher',
          workGroup: w.teachers,
          count: teachers[0].n,
          total: Number(teachers[0].total),
        },
      ],
      basisAmount: Number(teachers[0].total),
      scenarioReady: false,
    });
    expect(cents(a.result.totals.all)).toBe(
      cents(a.result.totals.likelyNeeded) +
        cents(a.result.totals.moderateNeed) +
        cents(a.result.totals.deepCuts),
    );
    expect(await count()).toBe(before + 1);

    // The request: the model, the forced tool, the key in its header only.
    const [req] = fake.requests;
    expect(req.path).toBe('/v1/messages');
    // The SDK sends the key as x-api-key or, in newer versions, as a bearer token: only there.
    const auth = req.headers['x-api-key'] ?? String(req.headers.authorization).replace(/^Bearer /, '');
    expect(auth).toBe(KEY);
    expect(req.raw).not.toContain(KEY);
    expect(req.body.tool_choice).toEqual({ type: 'tool', name: 'record_budget_cut_suggestions' });
    expect(req.body.tools[0].input_schema.required).toEqual([
      'note',
      'likelyNeeded',
      'moderateNeed',
      'deepCuts',
    ]);
    const sent = sentData(req);
    expect(sent.lines.map((l) => l[0]).sort()).toEqual([...w.lineIds].sort());
    for (const p of AI_PRIORITIES) {
      expect(sent.text).toContain(p);
    }

    // Reopened without calling the model; listed newest first; in the audit history.
    const calls = fake.requests.length;
    const again = await t.api('get', `/ai-analysis/analyses/${a.id}`, { token: finance.token });
    expect(again.status).toBe(200);
    expect(again.body.analysis).toEqual(a);
    const list = await t.api('get', `/ai-analysis/analyses?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.analyses[0]).toMatchObject({
      id: a.id,
      suggestionCount: 3,
      droppedCount: 0,
      totalSavings: a.result.totals.all,
    });
    expect(fake.requests.length).toBe(calls);
    const history = await t.api('get', `/history/ai-analysis/${a.id}`, { token: finance.token });
    expect(history.status).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ action: 'analyze' });
  });

  it('sends money as JSON numbers, and reads an analysis saved with decimal text as the same amounts', async () => {
    fake.answer(goodAnswer);
    const res = await analyze({ budgetYearId: w.budgetYearId, targetAmount: '500000.50' });
    expect(res.status).toBe(201);
    const a = res.body.analysis;
    expect(a.targetAmount).toBe(500000.5);
    const numbers = [
      a.totalSavings,
      a.result.totalAnalyzed,
      a.result.totals.all,
      a.result.likelyNeeded[0].savings,
    ];
    expect(numbers.map((v) => typeof v)).toEqual(['number', 'number', 'number', 'number']);
    // As every analysis was stored before money had one JSON type: each amount as two-decimal text.
    const text = (v: number) => centsText(centsOf(v));
    const suggestion = (s: any) => ({
      ...s,
      savings: text(s.savings),
      basisAmount: text(s.basisAmount),
      lines: s.lines.map((l: any) => ({ ...l, amount: text(l.amount) })),
      groups: s.groups.map((g: any) => ({ ...g, total: text(g.total) })),
    });
    const r = a.result;
    const old = {
      ...r,
      // Saved by the old code, which added the personnel groups to the lines that hold them.
      totalAnalyzed: centsText(centsOf(r.proposedTotal) + centsOf(r.personnelTotal)),
      proposedTotal: text(r.proposedTotal),
      personnelTotal: text(r.personnelTotal),
      likelyNeeded: r.likelyNeeded.map(suggestion),
      moderateNeed: r.moderateNeed.map(suggestion),
      deepCuts: r.deepCuts.map(suggestion),
      totals: Object.fromEntries(Object.entries(r.totals).map(([k, v]) => [k, text(v as number)])),
    };
    await t.db
      .knex('ai_analyses')
      .where({ id: a.id })
      .update({ result: JSON.stringify(old) });
    const again = await t.api('get', `/ai-analysis/analyses/${a.id}`, { token: finance.token });
    expect(again.status).toBe(200);
    expect(again.body.analysis).toEqual(a);
    const list = await t.api('get', `/ai-analysis/analyses?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(list.body.analyses.find((x: any) => x.id === a.id)).toMatchObject({
      targetAmount: 500000.5,
      totalSavings: a.result.totals.all,
    });
  });

  it('sends no employee name and no individual salary, and leaves out a salary alone in its group', async () => {
    fake.answer(goodAnswer);
    expect((await analyze({ budgetYearId: w.budgetYearId, targetAmount: 500000 })).status).toBe(201);
    const raw = fake.requests[0].raw;
    const people = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, is_operating: true })
      .select('first_name', 'last_name', t.db.knex.raw('current_salary::text AS salary'));
    expect(people.length).toBeGreaterThan(0);
    for (const p of people) {
      expect(raw).not.toContain(p.first_name);
      expect(raw).not.toContain(p.last_name);
      expect(raw).not.toContain(p.salary);
      expect(raw).not.toContain(String(Number(p.salary)));
    }
    const { groups } = sentData(fake.requests[0]);
    const alone = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, position: 'Director of Finance' });
    expect(groups.some((g) => g[0] === 'Director of Finance')).toBe(false);
    expect(fake.requests[0].body.messages[0].content).toContain(`${alone.length} employee(s) left out`);
  });

  it('drops invented ids, inflated savings, double counting and formless items, with reasons', async () => {
    fake.answer((req) => {
      const { lines, groups } = sentData(req);
      const [a, b] = lines;
      return toolReply({
        note: 'mixed',
        likelyNeeded: [
          { description: 'Real cut', savings: a[4], impact: 'x', lineIds: [a[0]], positionGroups: [] },
          { description: 'Invented line', savings: 10, impact: 'x', lineIds: [999999], positionGroups: [] },
          {
            description: 'Other year line',
            savings: 10,
            impact: 'x',
            lineIds: [w.foreignLineId],
            positionGroups: [],
          },
        ],
        moderateNeed: [
          { description: 'Inflated', savings: b[4] + 0.01, impact: 'x', lineIds: [b[0]], positionGroups: [] },
          {
            description: 'Again the first line',
            savings: 1,
            impact: 'x',
            lineIds: [a[0]],
            positionGroups: [],
          },
          { description: 'Twice in one', savings: 1, impact: 'x', lineIds: [b[0], b[0]], positionGroups: [] },
          {
            description: 'Invented group',
            savings: 1,
            impact: 'x',
            lineIds: [],
            positionGroups: [{ position: 'Astronaut', workGroup: null }],
          },
        ],
        deepCuts: [
          {
            description: 'Inflated group',
            savings: groups[0][3] + 1,
            impact: 'x',
            lineIds: [],
            positionGroups: [{ position: groups[0][0], workGroup: groups[0][1] }],
          },
          { savings: 'lots' },
          { description: 'Nothing named', savings: 5, impact: 'x', lineIds: [], positionGroups: [] },
        ],
      });
    });
    const res = await analyze({ budgetYearId: w.budgetYearId, targetAmount: 100000 });
    expect(res.status).toBe(201);
    const r = res.body.analysis.result;
    expect([r.likelyNeeded.length, r.moderateNeed.length, r.deepCuts.length]).toEqual([1, 0, 0]);
    expect(r.totals.all).toBe(r.likelyNeeded[0].savings);
    const reasons = Object.fromEntries(
      r.dropped.map((d: { description: string; reason: string }) => [d.description, d.reason]),
    );
    expect(reasons['Invented line']).toMatch(/Line 999999 is not a proposed line of FY/);
    expect(reasons['Other year line']).toMatch(new RegExp(`Line ${w.foreignLineId} is not a proposed line`));
    expect(reasons.Inflated).toMatch(/are more than the \$[\d,]+\.\d\d its lines and positions cost/);
    expect(reasons['Again the first line']).toMatch(
      /already counted in an earlier suggestion \(‘Real cut’\)/,
    );
    expect(reasons['Twice in one']).toMatch(/counts line \d+ twice/);
    expect(reasons['Invented group']).toMatch(/No ‘Astronaut’ positions/);
    expect(reasons['Inflated group']).toMatch(/are more than/);
    expect(reasons['Nothing named']).toMatch(/names no budget line or position group/);
    expect(reasons['']).toMatch(/not in the expected form/);
  });
});

describe('the key stays secret', () => {
  it('appears in no log line and no response, on success and on failure', async () => {
    fake.answer(goodAnswer);
    const ok = await analyze({ budgetYearId: w.budgetYearId, targetAmount: 1000 });
    expect(ok.status).toBe(201);
    fake.answer(() => apiError(401, 'authentication_error'));
    const refused = await analyze({ budgetYearId: w.budgetYearId, targetAmount: 1000 });
    expect(refused.status).toBe(400);
    const me = await t.api('get', '/auth/me', { token: finance.token });
    for (const text of [
      JSON.stringify(ok.body),
      JSON.stringify(refused.body),
      JSON.stringify(me.body),
      ...log.lines,
    ]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(KEY.slice(-12));
    }
    expect(
      log.lines.some((l) => l.includes('"msg":"ai-analysis failed"') && l.includes('AI_KEY_REFUSED')),
    ).toBe(true);
    expect(log.lines.some((l) => l.includes('"msg":"ai-analysis"'))).toBe(true);
  });
});
