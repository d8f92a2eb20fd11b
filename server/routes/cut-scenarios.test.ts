import { describe, expect, it } from 'vitest';
import { decodeBaseline } from '@shared/schemas/scenario-line-rows';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildCategory, buildScenario, insertProposed } from '../../test/factories';

/**
 * Scenario Builder over the API. Every summary is recomputed here from the rows the test wrote:
 * sum of round(amount x percent / 100, 2) in BigInt cents, the town goal, gap = adjusted - goal.
 * The original total must equal the dashboard's proposed budget and the town-goal gap's need.
 */

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);
let nextYear = 2040;

const call = (method: string, path: string, body?: unknown, token = finance.token) =>
  t.api(method, path, { token, body });
const c = (n: number) => BigInt(Math.round(n * 100));
/** round(cents x hundredths-of-percent / 10,000), halves away from zero. */
const kept = (cents: bigint, pct: bigint) => {
  const s = cents * pct;
  return s / 10000n + ((s % 10000n) * 2n >= 10000n ? 1n : 0n);
};

/** A budget year with proposed lines in two categories, an inactive alternative's line and a town goal. */
async function world(goal = '100000.00') {
  const db = t.db.knex;
  const fiscalYear = (nextYear += 1);
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: fiscalYear });
  const sped = await buildCategory(db, { name: `Special Education ${fiscalYear}`, displayOrder: 1 });
  const supplies = await buildCategory(db, { name: `Supplies ${fiscalYear}`, displayOrder: 2 });
  const amounts = ['12345.67', '999.99', '50000.00', '0.03', '7777.77', '31000.50'];
  const ids = await insertProposed(
    db,
    // Descriptions of their own: the factory's ('Line <pid>-<n>') sort out of order when n gains a
    // digit within the world (a PostgreSQL CI run once met '...-100' before '...-99').
    amounts.map((amount, i) => ({
      budgetYearId,
      fiscalYear,
      amount,
      accountDescription: `Line ${i}`,
      categoryId: i < 2 ? sped : supplies,
    })),
  );
  const alternative = await buildScenario(db, budgetYearId, 'proposed', false);
  const active = await buildScenario(db, budgetYearId, 'proposed', true);
  await db('line_items').whereIn('id', ids).update({ scenario_id: active });
  await insertProposed(db, [{ budgetYearId, fiscalYear, amount: '99999.00', scenarioId: alternative }]);
  const otherYear = await buildBudgetYear(db, { currentFiscalYear: fiscalYear });
  const [foreign] = await insertProposed(db, [{ budgetYearId: otherYear, fiscalYear, amount: '5.00' }]);
  expect(
    (await call('post', '/town-goals', { fiscalYear, goalType: 'DOLLAR', dollarGoal: Number(goal) })).status,
  ).toBeLessThan(300);
  return {
    budgetYearId,
    fiscalYear,
    sped,
    supplies,
    ids,
    amounts: amounts.map((a) => c(Number(a))),
    foreign,
    goal: c(Number(goal)),
  };
}
type World = Awaited<ReturnType<typeof world>>;

function expected(w: World, pct: Map<number, bigint>) {
  const original = w.amounts.reduce((a, b) => a + b, 0n);
  const adjusted = w.ids.reduce((sum, id, i) => sum + kept(w.amounts[i], pct.get(id) ?? 10000n), 0n);
  return {
    originalTotal: original,
    adjustedTotal: adjusted,
    totalCuts: original - adjusted,
    gap: adjusted - w.goal,
    meetsGoal: adjusted - w.goal <= 0n,
    itemsModified: [...pct.values()].filter((p) => p < 10000n).length,
  };
}
const actual = (s: any) => ({
  originalTotal: c(s.originalTotal),
  adjustedTotal: c(s.adjustedTotal),
  totalCuts: c(s.totalCuts),
  gap: c(s.gap),
  meetsGoal: s.meetsGoal,
  itemsModified: s.itemsModified,
});

describe('GET /scenarios/baseline forms', () => {
  it('answers lines with named fields by default, and the compact rows with format=rows', async () => {
    const w = await world();
    const named = await call('get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}`);
    expect(named.status).toBe(200);
    const rows = await call('get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}&format=rows`);
    expect(Array.isArray(rows.body.lines[0])).toBe(true);
    // The named form is exactly the compact one decoded: the same lines, fields and figures.
    expect(named.body).toEqual(decodeBaseline(rows.body));
    expect(Object.keys(named.body.lines[0])).toEqual(
      expect.arrayContaining([
        'id',
        'accountDesc',
        'categoryId',
        'category',
        'buildingId',
        'building',
        'isPersonnel',
        'fy26ProposedV3',
      ]),
    );
    const bad = await call('get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}&format=csv`);
    expect([bad.status, bad.body.details[0].path]).toEqual([400, 'format']);
  });
});

describe('Scenario Builder figures', () => {
  it('calculates random cuts to the cent and agrees with the dashboard and the town-goal gap', async () => {
    const w = await world();
    const base = await call('get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}&format=rows`);
    expect(base.status).toBe(200);
    expect(decodeBaseline(base.body).lines.map((l) => l.id)).toEqual(w.ids); // by category, then description
    expect(actual(base.body.summary)).toEqual(expected(w, new Map()));
    const dash = await call(
      'get',
      `/line-items/budget/summary?budgetYearId=${w.budgetYearId}&fiscalYear=${w.fiscalYear}`,
    );
    expect(c(dash.body.proposedBudget)).toBe(c(base.body.summary.originalTotal));
    // One arithmetic (shared/budget-math.ts): the dashboard's goal - budget is the builder's
    // uncut budget - goal, negated, with the same goal.
    expect(c(dash.body.townGoal)).toBe(w.goal);
    expect(c(dash.body.guidanceGap)).toBe(-c(base.body.summary.gap));
    const gap = await call(
      'get',
      `/town-goals/analysis/gap?fiscalYear=${w.fiscalYear}&budgetYearId=${w.budgetYearId}`,
    );
    expect(c(gap.body.districtNeed)).toBe(c(base.body.summary.originalTotal));

    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 12; round += 1) {
      const pct = new Map<number, bigint>();
      for (const id of w.ids) {
        if (rand() < 0.6) {
          pct.set(id, BigInt(Math.floor(rand() * 10001))); // 0.00% to 100.00%
        }
      }
      const adjustments = Object.fromEntries([...pct].map(([id, p]) => [id, Number(p) / 100]));
      const res = await call('post', '/scenarios/calculate', { budgetYearId: w.budgetYearId, adjustments });
      expect(res.status).toBe(200);
      expect(actual(res.body.summary)).toEqual(expected(w, pct));
    }
  });

  it('saves cuts, reloads them, audits them, quick-cuts within floors, compares and adopts one', async () => {
    const w = await world('60000.00');
    const created = await call('post', '/scenarios/cuts', {
      budgetYearId: w.budgetYearId,
      name: 'Level service',
    });
    expect(created.status).toBe(201);
    const id = created.body.scenario.id;
    const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, {
      adjustments: { [w.ids[2]]: 50, [w.ids[4]]: 0 },
    });
    expect(saved.status).toBe(200);
    const pct = new Map([
      [w.ids[2], 5000n],
      [w.ids[4], 0n],
    ]);
    expect(actual(saved.body.scenario.summary)).toEqual(expected(w, pct));
    // PATCH changes only the lines it names (100 uncuts one); the rest stay as saved.
    const patched = await call('patch', `/scenarios/cuts/${id}/adjustments`, {
      adjustments: { [w.ids[3]]: 25, [w.ids[4]]: 100 },
    });
    expect(patched.status).toBe(200);
    expect(actual(patched.body.scenario.summary)).toEqual(
      expected(
        w,
        new Map([
          [w.ids[2], 5000n],
          [w.ids[3], 2500n],
        ]),
      ),
    );
    const back = await call('patch', `/scenarios/cuts/${id}/adjustments`, {
      adjustments: { [w.ids[3]]: 100, [w.ids[4]]: 0 },
    });
    expect(actual(back.body.scenario.summary)).toEqual(expected(w, pct));
    expect(
      (await call('patch', `/scenarios/cuts/${id}/adjustments`, { adjustments: { [w.foreign]: 5 } })).status,
    ).toBe(400);
    const reloaded = await call(
      'get',
      `/scenarios/baseline?budgetYearId=${w.budgetYearId}&scenarioId=${id}&format=rows`,
    );
    expect(decodeBaseline(reloaded.body).lines.find((l) => l.id === w.ids[2])!.percentKept).toBe(50);
    expect(actual(reloaded.body.summary)).toEqual(expected(w, pct));
    const history = await call('get', `/history/cut-scenario/${id}`);
    expect(JSON.stringify(history.body.entries)).toContain(`"${w.ids[2]}":50`);

    // A floor of 80% on Special Education: Cut All holds those lines at 80% and says so.
    expect(
      (
        await call('put', '/scenarios/floors', {
          budgetYearId: w.budgetYearId,
          floors: [{ categoryId: w.sped, floorPercent: 80, reason: 'MOE' }],
        })
      ).status,
    ).toBe(200);
    const quick = await call('post', `/scenarios/cuts/${id}/quick-cut`, {
      lineIds: [w.ids[0], w.ids[1], w.ids[5]],
      percent: 0,
    });
    expect(quick.status).toBe(200);
    expect(quick.body.heldByFloor).toBe(2);
    expect(c(quick.body.notCutByFloor)).toBe(kept(w.amounts[0], 8000n) + kept(w.amounts[1], 8000n));
    pct.set(w.ids[0], 8000n).set(w.ids[1], 8000n).set(w.ids[5], 0n);
    expect(actual(quick.body.scenario.summary)).toEqual(expected(w, pct));
    // The baseline's lines and summary (one scan) say the same, each line with its floor and category.
    const held = decodeBaseline(
      (await call('get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}&scenarioId=${id}&format=rows`))
        .body,
    );
    expect(actual(held.summary)).toEqual(expected(w, pct));
    const keptAt80 = kept(w.amounts[0], 8000n);
    expect(held.lines.find((l) => l.id === w.ids[0])).toEqual({
      id: w.ids[0],
      accountDesc: expect.any(String),
      accountLine: expect.toBeOneOf([expect.any(String), null]),
      deseCode: expect.toBeOneOf([expect.any(String), null]),
      categoryId: w.sped,
      category: { name: `Special Education ${w.fiscalYear}`, color: expect.any(String) },
      buildingId: null,
      building: null,
      isPersonnel: expect.any(Boolean),
      fy26ProposedV3: 12345.67,
      percentKept: 80,
      floorPercent: 80,
      adjustedAmount: Number(keptAt80) / 100,
      cut: Number(w.amounts[0] - keptAt80) / 100,
      generalFund: true,
    });
    expect(held.lines.find((l) => l.id === w.ids[5])).toMatchObject({
      percentKept: 0,
      floorPercent: 0,
      cut: 31000.5,
    });
    const below = await call('post', '/scenarios/calculate', {
      budgetYearId: w.budgetYearId,
      adjustments: { [w.ids[0]]: 79.99 },
    });
    expect(below.status).toBe(400);
    expect(below.body.error).toMatch(new RegExp(`Line ${w.ids[0]} cannot keep less than its floor of 80%`));

    const other = await call('post', '/scenarios/cuts', {
      budgetYearId: w.budgetYearId,
      name: 'Supplies only',
      copyFromId: id,
    });
    const otherId = other.body.scenario.id;
    await call('post', `/scenarios/cuts/${otherId}/quick-cut`, { categoryId: w.supplies, percent: 75 });
    const cmp = await call('get', `/scenarios/cuts/compare?ids=${id},${otherId}`);
    expect(cmp.status).toBe(200);
    const spedRow = cmp.body.categories.find((r: any) => r.categoryId === w.sped);
    expect(c(spedRow.original)).toBe(w.amounts[0] + w.amounts[1]);
    expect(c(spedRow.scenarios[0].adjusted)).toBe(kept(w.amounts[0], 8000n) + kept(w.amounts[1], 8000n));
    const suppliesRow = cmp.body.categories.find((r: any) => r.categoryId === w.supplies);
    expect(c(suppliesRow.scenarios[1].adjusted)).toBe(
      [2, 3, 4, 5].reduce((s, i) => s + kept(w.amounts[i], 7500n), 0n),
    );

    expect((await call('post', `/scenarios/cuts/${id}/set-active`)).body.scenario.isActive).toBe(true);
    await call('post', `/scenarios/cuts/${otherId}/set-active`);
    const list = await call('get', `/scenarios/cuts?budgetYearId=${w.budgetYearId}`);
    expect(list.body.scenarios.filter((s: any) => s.isActive).map((s: any) => s.id)).toEqual([otherId]);
    expect((await call('patch', `/scenarios/cuts/${id}`, { name: 'Renamed' })).body.scenario.name).toBe(
      'Renamed',
    );
  });
});

describe('Scenario Builder baseline copies', () => {
  it('reflects every change to what the lines are built from, whoever wrote it', async () => {
    const w = await world();
    const id = (await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, name: 'Cached' })).body
      .scenario.id;
    const url = `/scenarios/baseline?budgetYearId=${w.budgetYearId}&scenarioId=${id}&format=rows`;
    const load = async () => {
      const res = await call('get', url);
      expect(res.status).toBe(200);
      return decodeBaseline(res.body);
    };
    const line = async (lineId: number) => (await load()).lines.find((l) => l.id === lineId);
    expect((await load()).summary.originalTotal).toBe(Number(w.amounts.reduce((a, b) => a + b, 0n)) / 100);
    const db = t.db.knex;
    // Written behind the server's back (an import, the CLI, another process): each is seen at once.
    await db('line_items').where({ id: w.ids[0] }).update({ amount: '20000.00' });
    expect((await line(w.ids[0]))!.fy26ProposedV3).toBe(20000);
    expect(c((await load()).summary.originalTotal)).toBe(
      w.amounts.reduce((a, b) => a + b, 0n) - w.amounts[0] + 2000000n,
    );
    await db('cut_adjustments').insert({ cut_scenario_id: id, line_item_id: w.ids[1], percent_kept: 10 });
    expect((await line(w.ids[1]))!.percentKept).toBe(10);
    await db('cut_adjustments').where({ cut_scenario_id: id }).delete();
    expect((await line(w.ids[1]))!.percentKept).toBe(100);
    await db('cut_floors').insert({ budget_year_id: w.budgetYearId, category_id: w.sped, floor_percent: 40 });
    expect((await line(w.ids[1]))!.floorPercent).toBe(40);
    await db('budget_categories')
      .where({ id: w.sped })
      .update({ name: `Renamed ${w.fiscalYear}` });
    expect((await line(w.ids[1]))!.category!.name).toBe(`Renamed ${w.fiscalYear}`);
    await db('line_items').where({ id: w.ids[2] }).delete();
    expect(await line(w.ids[2])).toBeUndefined();
    // The town goal is read afresh every time.
    await call('post', '/town-goals', { fiscalYear: w.fiscalYear, goalType: 'DOLLAR', dollarGoal: 1 });
    expect((await load()).summary.townGoal).toBe(1);
  });
});

describe('Scenario Builder refusals change nothing', () => {
  it('names the field for each bad input', async () => {
    const w = await world();
    const id = (await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, name: 'Refusals' }))
      .body.scenario.id;
    const before = await t.db
      .knex('cut_adjustments')
      .where({ cut_scenario_id: id })
      .count({ n: '*' })
      .first();
    const bad: [unknown, RegExp][] = [
      [{ [w.ids[0]]: 100.5 }, /adjustments\.\d+: Enter a percent from 0 to 100/],
      [{ [w.ids[0]]: -1 }, /Enter a percent from 0 to 100/],
      [{ [w.ids[0]]: '50' }, /Enter a percent from 0 to 100/],
      [{ [w.ids[0]]: 33.333 }, /at most 2 decimals/],
      [{ [w.foreign]: 50 }, new RegExp(`Line ${w.foreign} is not a proposed line of this budget year`)],
      [{ 999999999: 50 }, /Line 999999999 is not a proposed line/],
      [{ abc: 50 }, /adjustments\.abc: Invalid key in record/],
    ];
    for (const [adjustments, message] of bad) {
      for (const res of [
        await call('put', `/scenarios/cuts/${id}/adjustments`, { adjustments }),
        await call('post', '/scenarios/calculate', { budgetYearId: w.budgetYearId, adjustments }),
      ]) {
        expect(res.status, JSON.stringify(adjustments)).toBe(400);
        expect(res.body.error).toMatch(message);
      }
    }
    expect(
      await t.db.knex('cut_adjustments').where({ cut_scenario_id: id }).count({ n: '*' }).first(),
    ).toEqual(before);
    expect(
      (await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, name: '  ' })).body.error,
    ).toMatch(/Scenario name cannot be empty/);
    expect((await call('patch', `/scenarios/cuts/${id}`, { name: '' })).body.error).toMatch(
      /Scenario name cannot be empty/,
    );
    expect(
      (await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, name: 'refusals' })).status,
    ).toBe(409);
    expect((await call('get', '/scenarios/baseline?budgetYearId=999999')).status).toBe(404);
    expect(
      (await call('post', `/scenarios/cuts/${id}/quick-cut`, { lineIds: [w.foreign], percent: 50 })).status,
    ).toBe(400);
    expect(
      (
        await call('put', '/scenarios/floors', {
          budgetYearId: w.budgetYearId,
          floors: [{ lineItemId: w.foreign, floorPercent: 50 }],
        })
      ).status,
    ).toBe(400);
  });

  it('VIEW_ONLY is refused on every call', async () => {
    const w = await world();
    for (const [method, path, body] of [
      ['get', `/scenarios/baseline?budgetYearId=${w.budgetYearId}`],
      ['post', '/scenarios/calculate', { budgetYearId: w.budgetYearId, adjustments: {} }],
      ['get', `/scenarios/cuts?budgetYearId=${w.budgetYearId}`],
      ['post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, name: 'No' }],
      [
        'put',
        '/scenarios/floors',
        { budgetYearId: w.budgetYearId, floors: [{ categoryId: w.sped, floorPercent: 10 }] },
      ],
    ] as [string, string, unknown?][]) {
      expect((await call(method, path, body, viewer.token)).status, `${method} ${path}`).toBe(403);
    }
  });
});
