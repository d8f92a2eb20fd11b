import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import type { TestApp } from '../../test/app';
import { sentData, toolReply, type FakeAnthropic } from '../../test/fake-anthropic';
import { buildAiWorld, startAiApp, type AiWorld } from '../../test/worlds/ai-analysis.world';

/**
 * An AI analysis reads the general fund's lines and people alone: its target is what the budget is
 * over the town's goal, which pays the general fund, so a grant's line or a grant-paid teacher cut
 * would not bring the budget nearer to it. Before, every fund's lines went to Claude against that
 * target, and a suggestion cutting a grant's line counted toward it. What is left out is counted and
 * said. Figures are worked out here from the world's rows in integer cents.
 */

let t: TestApp;
let fake: FakeAnthropic;
let w: AiWorld;
let finance: { token: string };
/** The largest proposed line and one of the three Grade 3 teachers, paid by a federal grant. */
let grantLine: { id: number; amount: string };
let grantTeacherSalary: string;

beforeAll(async () => {
  ({ t, fake } = await startAiApp());
  const admin = await t.userWith('ADMIN');
  finance = await t.userWith('FINANCE');
  const key = await t.api('put', '/auth/update-api-key', {
    token: finance.token,
    body: { claudeApiKey: 'sk-ant-test-funds-0000' },
  });
  expect(key.status).toBe(200);
  w = await buildAiWorld(t.db.knex);
  const fund = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I, Part A', code: 'T1A', kind: 'federal_grant' },
  });
  expect(fund.status, JSON.stringify(fund.body)).toBe(201);
  const fundId = fund.body.fund.id as number;
  const db = t.db.knex;
  // Test data: the grant pays these two lines (set as an import would store them).
  grantLine = await db('line_items')
    .whereIn('id', w.lineIds)
    .orderBy('amount', 'desc')
    .first('id', db.raw('amount::text AS amount'));
  await db('line_items').where({ id: grantLine.id }).update({ fund_id: fundId });
  const teacher = await db('line_items')
    .where({ budget_year_id: w.budgetYearId, position: 'Grade 3 Teacher' })
    .orderBy('id')
    .first('id', db.raw('current_salary::text AS salary'));
  await db('line_items').where({ id: teacher.id }).update({ fund_id: fundId });
  grantTeacherSalary = teacher.salary;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('AI analysis against the town goal', () => {
  it("sends the general fund's lines and people only, and says what grants pay", async () => {
    const db = t.db.knex;
    const lines = await db('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: w.fiscalYear, is_operating: false })
      .select('id', db.raw('amount::text AS amount'));
    const teachers = await db('line_items')
      .where({ budget_year_id: w.budgetYearId, position: 'Grade 3 Teacher' })
      .select(db.raw('current_salary::text AS salary'));
    const generalLines = lines.filter((l) => l.id !== grantLine.id);
    const generalTeachers = teachers
      .map((r) => centsOf(r.salary))
      .filter((c) => c !== centsOf(grantTeacherSalary));

    // Claude names the grant's line too (an id it was not given): that suggestion is dropped.
    fake.answer((req) => {
      const sent = sentData(req);
      const small = [...sent.lines].sort((a, b) => a[4] - b[4])[0];
      return toolReply({
        note: 'General fund first.',
        likelyNeeded: [
          {
            description: 'Drop a small line',
            savings: small[4],
            impact: 'Little',
            lineIds: [small[0]],
            positionGroups: [],
          },
          {
            description: 'Halve the grant line',
            savings: 1000,
            impact: 'Some',
            lineIds: [grantLine.id],
            positionGroups: [],
          },
        ],
        moderateNeed: [],
        deepCuts: [],
      });
    });
    const res = await t.api('post', '/ai-analysis/budget-cuts', {
      token: finance.token,
      body: { budgetYearId: w.budgetYearId, targetAmount: '50000' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = sentData(fake.requests[fake.requests.length - 1]);
    expect(sent.lines.map((l) => l[0]).sort((a, b) => a - b)).toEqual(
      generalLines.map((l) => l.id).sort((a, b) => a - b),
    );
    const group = sent.groups.find((g) => g[0] === 'Grade 3 Teacher')!;
    expect([group[2], centsOf(group[3])]).toEqual([
      generalTeachers.length,
      generalTeachers.reduce((a, b) => a + b, 0n),
    ]);
    expect(sent.text).toContain(
      `Left out: 1 proposed line(s) totalling $${grantLine.amount} and 1 employee(s) paid by grants and other funds`,
    );

    const result = res.body.analysis.result;
    expect(centsOf(result.proposedTotal)).toBe(generalLines.reduce((s, l) => s + centsOf(l.amount), 0n));
    expect(result.otherFunds).toEqual({ lines: 1, total: Number(grantLine.amount), people: 1 });
    expect(result.likelyNeeded).toHaveLength(1);
    expect(result.dropped.map((d: { description: string }) => d.description)).toEqual([
      'Halve the grant line',
    ]);
  });
});
