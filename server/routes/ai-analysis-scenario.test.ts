import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import type { TestApp } from '../../test/app';
import type { FakeAnthropic } from '../../test/fake-anthropic';
import { buildAiWorld, goodAnswer, type AiWorld, startAiApp } from '../../test/worlds/ai-analysis.world';

/**
 * 'Try in Scenario Builder': chosen suggestions of a saved analysis become a new cut scenario.
 * The cut is recomputed here in SQL from the stored percents (round(amount x percent / 100, 2)
 * per line) and compared with the savings asked and with the Scenario Builder's own summary.
 */

let t: TestApp;
let fake: FakeAnthropic;
let finance: string;
let w: AiWorld;
let analysis: any;

beforeAll(async () => {
  ({ t, fake } = await startAiApp({ aiMaxRetries: 0 }));
  finance = (await t.userWith('FINANCE')).token;
  await t.api('put', '/auth/update-api-key', { token: finance, body: { claudeApiKey: 'sk-ant-scenario' } });
  w = await buildAiWorld(t.db.knex);
  fake.answer(goodAnswer);
  const res = await t.api('post', '/ai-analysis/budget-cuts', {
    token: finance,
    body: { budgetYearId: w.budgetYearId, targetAmount: 60000 },
  });
  expect(res.status).toBe(201);
  analysis = res.body.analysis;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const toScenario = (body: unknown, token = finance, id = analysis.id) =>
  t.api('post', `/ai-analysis/analyses/${id}/scenario`, { token, body });
/** Money from the API (a number) or from SQL (text) in cents, exactly. */
const cents = (v: number | string) => centsOf(v);
const scenarioCount = async () => Number((await t.db.knex('cut_scenarios').count({ n: '*' }))[0].n);

/** The scenario's cut per its stored percents, in SQL. */
async function sqlCut(scenarioId: number) {
  const { rows } = await t.db.knex.raw(
    `SELECT coalesce(sum(li.amount - round(li.amount * a.percent_kept / 100, 2)), 0)::numeric(14,2)::text AS cut,
            count(*)::int AS lines
       FROM cut_adjustments a JOIN line_items li ON li.id = a.line_item_id WHERE a.cut_scenario_id = ?`,
    [scenarioId],
  );
  return rows[0] as { cut: string; lines: number };
}

describe('suggestions to a cut scenario', () => {
  it('cuts each chosen line so the cut matches the savings, and skips personnel suggestions with the reason', async () => {
    const keys = ['likelyNeeded:0', 'likelyNeeded:1', 'deepCuts:0'];
    const res = await toScenario({ keys });
    expect(res.status).toBe(201);
    const body = res.body;
    expect(body.applied).toEqual(['likelyNeeded:0', 'likelyNeeded:1']);
    expect(body.skipped).toEqual([
      expect.objectContaining({ key: 'deepCuts:0', reason: expect.stringMatching(/personnel positions/) }),
    ]);
    const asked = analysis.result.likelyNeeded.reduce((s: bigint, x: any) => s + cents(x.savings), 0n);
    expect(cents(body.requestedSavings)).toBe(asked);
    const sql = await sqlCut(body.scenarioId);
    expect(sql.lines).toBe(body.linesCut);
    expect(cents(body.scenarioCut)).toBe(cents(sql.cut));
    // Whole hundredths of a percent: within a cent or so per line of what was asked.
    const diff = cents(sql.cut) - asked;
    expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(BigInt(body.linesCut));
    const row = await t.db.knex('cut_scenarios').where({ id: body.scenarioId }).first();
    expect(row).toMatchObject({ budget_year_id: w.budgetYearId, fiscal_year: w.fiscalYear, name: body.name });
    // The Scenario Builder opens it with the same cut.
    const baseline = await t.api(
      'get',
      `/scenarios/baseline?budgetYearId=${w.budgetYearId}&scenarioId=${body.scenarioId}`,
      {
        token: finance,
      },
    );
    expect(baseline.status).toBe(200);
    expect(cents(baseline.body.summary.totalCuts.toFixed(2))).toBe(cents(sql.cut));
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'ai-analysis', entity_id: String(analysis.id), action: 'scenario' });
    expect(audit).toHaveLength(1);
  });

  it('holds a line at its floor and says so; a second scenario gets a name of its own', async () => {
    const lineId = analysis.result.likelyNeeded[0].lineIds[0];
    await t.db
      .knex('cut_floors')
      .insert({ budget_year_id: w.budgetYearId, line_item_id: lineId, floor_percent: 90 });
    const res = await toScenario({ keys: ['likelyNeeded:0'] });
    expect(res.status).toBe(201);
    expect(res.body.heldByFloor).toBe(1);
    expect(res.body.name).toMatch(/\(2\)$/);
    const kept = await t.db
      .knex('cut_adjustments')
      .where({ cut_scenario_id: res.body.scenarioId, line_item_id: lineId })
      .first();
    expect(Number(kept.percent_kept)).toBe(90);
    expect(cents(res.body.scenarioCut)).toBe(cents((await sqlCut(res.body.scenarioId)).cut));
    await t.db.knex('cut_floors').where({ line_item_id: lineId }).delete();
  });

  it('counts only the lines it cuts, and says what a floor kept (the Scenario Builder agrees)', async () => {
    const [first, second] = analysis.result.likelyNeeded;
    const heldLine = first.lineIds[0];
    // A floor of 100% holds the first suggestion's line whole: it is not cut at all.
    await t.db
      .knex('cut_floors')
      .insert({ budget_year_id: w.budgetYearId, line_item_id: heldLine, floor_percent: 100 });
    try {
      const res = await toScenario({ keys: ['likelyNeeded:0', 'likelyNeeded:1'] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const body = res.body;
      expect([body.linesCut, body.heldByFloor]).toEqual([second.lineIds.length, 1]);
      // What the floor kept is what was asked less what was cut, to within a cent per line.
      const gap = cents(body.requestedSavings) - cents(body.scenarioCut) - cents(body.notCutByFloor);
      expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(2n);
      const near = cents(body.notCutByFloor) - cents(first.savings);
      expect(near < 0n ? -near : near).toBeLessThanOrEqual(1n);
      const baseline = await t.api(
        'get',
        `/scenarios/baseline?budgetYearId=${w.budgetYearId}&scenarioId=${body.scenarioId}`,
        { token: finance },
      );
      expect(baseline.body.summary.itemsModified).toBe(body.linesCut);
    } finally {
      await t.db.knex('cut_floors').where({ line_item_id: heldLine }).delete();
    }
  });

  it('refuses what cannot become a scenario, creating nothing', async () => {
    const before = await scenarioCount();
    const onlyPeople = await toScenario({ keys: ['deepCuts:0'] });
    expect(onlyPeople.status).toBe(400);
    expect(onlyPeople.body.error).toMatch(/None of the chosen suggestions can become a cut scenario/);
    expect((await toScenario({ keys: ['moderateNeed:7'] })).body.error).toMatch(
      /no suggestion moderateNeed:7/,
    );
    expect((await toScenario({ keys: [] })).status).toBe(400);
    expect((await toScenario({ keys: ['likelyNeeded:0; DROP TABLE'] })).status).toBe(400);
    expect((await toScenario({ keys: ['likelyNeeded:0'] }, finance, 999999)).status).toBe(404);
    const viewer = (await t.userWith('VIEW_ONLY')).token;
    expect((await toScenario({ keys: ['likelyNeeded:0'] }, viewer)).status).toBe(403);
    expect(await scenarioCount()).toBe(before);
  });
});
