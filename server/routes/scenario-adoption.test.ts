import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

/**
 * Adopting a cut scenario into the budget. Every figure the adoption moves (each
 * line, the dashboard's total and gap, the dashboard by category, Budget Comparison, the town-goal
 * gap, the multi-year baseline and the next Publish) is recomputed here in integer cents from the
 * amounts the test wrote and the percents it chose, never read back from the code under test.
 * Refusals are checked by counting rows before and after.
 */
const { t } = useApp();
let admin: string;
let admin2: string;
let finance: string;
let viewer: string;
const FY = 2027;
const GOAL = 200_000_00n;
const PATH = 'adoption-test';

interface World {
  budgetYearId: number;
  otherBudgetYearId: number;
  supplies: number;
  technology: number;
  ids: number[];
  /** Cents of each line as the test believes it stands. */
  amounts: Map<number, bigint>;
  category: Map<number, number>;
  /** A line of an inactive budget: never counted, never cut. */
  inactiveLine: number;
  salaries: bigint[];
}
let w: World;

const AMOUNTS = ['120000.15', '45999.99', '8000.05', '333.33', '70000.00', '1234.56'];
const c = (v: string | number) => {
  const [whole, frac = ''] = String(v).replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return String(v).startsWith('-') ? -cents : cents;
};
/** round(cents x hundredths-of-percent / 10,000), halves away from zero (amounts are positive). */
const kept = (cents: bigint, pctHundredths: bigint) => {
  const s = cents * pctHundredths;
  return s / 10000n + ((s % 10000n) * 2n >= 10000n ? 1n : 0n);
};
const pct = (p: number) => BigInt(Math.round(p * 100));
const dollars = (cents: bigint) => Number(cents) / 100;

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.api(method, path, { token, body });
/** Undoes as the dialog does: reads the undo preview (blocked or not), then sends its basis. */
const undo = async (adoption: number, reason?: string) => {
  const shown = await call('post', `/scenario-adoptions/${adoption}/undo/preview`, {});
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  return call('post', `/scenario-adoptions/${adoption}/undo`, { basis: shown.body.basis, reason });
};

beforeAll(async () => {
  admin = (await t.userWith('ADMIN', { name: 'Alice Admin' })).token;
  admin2 = (await t.userWith('ADMIN', { name: 'Bob Admin' })).token;
  finance = (await t.userWith('FINANCE')).token;
  viewer = (await t.userWith('VIEW_ONLY')).token;
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  const otherBudgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY + 5 });
  const proposed = await buildScenario(db, budgetYearId, 'proposed', true);
  const inactive = await buildScenario(db, budgetYearId, 'proposed', false);
  const operating = await buildScenario(db, budgetYearId, 'operating', true);
  const supplies = await buildCategory(db, {
    name: `Supplies ${budgetYearId}`,
    displayOrder: 1,
    deseFunction: '2410',
  });
  const technology = await buildCategory(db, {
    name: `Technology ${budgetYearId}`,
    displayOrder: 2,
    deseFunction: '2420',
  });
  const cats = [supplies, supplies, supplies, technology, technology, technology];
  const ids = await insertProposed(
    db,
    AMOUNTS.map((amount, i) => ({
      budgetYearId,
      fiscalYear: FY,
      amount,
      scenarioId: proposed,
      categoryId: cats[i],
      accountDescription: `Line ${i}`,
    })),
  );
  const [inactiveLine] = await insertProposed(db, [
    { budgetYearId, fiscalYear: FY, amount: '99999.00', scenarioId: inactive, categoryId: supplies },
  ]);
  const salaries = ['61000.00', '48250.50', '52000.25', '39999.99', '70500.00'];
  await insertEmployees(
    db,
    salaries.map((salary) => ({
      budgetYearId,
      fiscalYear: FY,
      salary,
      scenarioId: operating,
      // The committee adopts only a budget with a DESE function code on every dollar.
      columns: { dese_code: '2305' },
    })),
  );
  const goal = await call('post', '/town-goals', {
    fiscalYear: FY,
    goalType: 'DOLLAR',
    dollarGoal: dollars(GOAL),
  });
  expect(goal.status, JSON.stringify(goal.body)).toBeLessThan(300);
  w = {
    budgetYearId,
    otherBudgetYearId,
    supplies,
    technology,
    ids,
    amounts: new Map(ids.map((id, i) => [id, c(AMOUNTS[i])])),
    category: new Map(ids.map((id, i) => [id, cats[i]])),
    inactiveLine,
    salaries: salaries.map(c),
  };
  const config = (await call('get', '/public-dashboard/config')).body.config;
  expect((await call('patch', `/public-dashboard/config/${config.id}`, { urlPath: PATH })).status).toBe(200);
  configId = config.id;
});
let configId: number;

async function newScenario(name: string, cuts: Record<number, number>, fiscalYear = FY) {
  const made = await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, fiscalYear, name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.scenario.id as number;
  if (Object.keys(cuts).length) {
    const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, { adjustments: cuts });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return id;
}
const preview = (id: number, body: unknown = {}, token = admin) =>
  call('post', `/scenarios/cuts/${id}/adopt/preview`, body, token);
const adopt = (id: number, body: Record<string, unknown>, token = admin) =>
  call('post', `/scenarios/cuts/${id}/adopt`, body, token);

/** Everything an adoption could write, to show a refusal wrote nothing. */
async function footprint() {
  const db = t.db.knex;
  const count = async (table: string) => Number((await db(table).count({ n: '*' }).first())!.n);
  return {
    lines: await db('line_items')
      .where({ is_operating: false })
      .orderBy('id')
      .select('id', 'amount', 'updated_at'),
    audit: await count('audit_log'),
    adoptions: await count('scenario_adoptions'),
    adoptionLines: await count('scenario_adoption_lines'),
    stages: await count('budget_stages'),
    adjustments: await db('cut_adjustments').orderBy(['cut_scenario_id', 'line_item_id']).select(),
    active: await db('cut_scenarios').orderBy('id').select('id', 'is_active'),
  };
}

/** The figures every screen shows, recomputed from `w.amounts` in cents, against what the API answers. */
async function expectFigures() {
  const total = [...w.amounts.values()].reduce((a, b) => a + b, 0n);
  const byCategory = (cat: number) =>
    w.ids.filter((id) => w.category.get(id) === cat).reduce((a, id) => a + w.amounts.get(id)!, 0n);
  const q = `budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`;

  for (const id of w.ids) {
    const row = await t.db.knex('line_items').where({ id }).first('amount');
    expect([id, c(row.amount)]).toEqual([id, w.amounts.get(id)]);
  }
  const dash = (await call('get', `/line-items/budget/summary?${q}`, undefined, viewer)).body;
  expect(c(dash.proposedBudget)).toBe(total);
  expect(c(dash.guidanceGap)).toBe(GOAL - total);
  const cats = (await call('get', `/line-items/summary/by-category?${q}`, undefined, viewer)).body;
  for (const cat of [w.supplies, w.technology]) {
    expect(c(cats.categories.find((x: any) => x.categoryId === cat).total)).toBe(byCategory(cat));
  }

  const comparison = (
    await call('get', `/budget-comparison?budgetYearId=${w.budgetYearId}`, undefined, finance)
  ).body;
  const cell = comparison.totals.find((x: any) => x.fiscalYear === FY);
  expect(c(cell.proposed)).toBe(total);
  const salaryTotal = w.salaries.reduce((a, b) => a + b, 0n);
  expect(c(cell.variance)).toBe(total - salaryTotal);
  for (const cat of [w.supplies, w.technology]) {
    const row = comparison.rows.find((r: any) => r.categoryId === cat);
    expect(c(row.years.find((y: any) => y.fiscalYear === FY).proposed)).toBe(byCategory(cat));
  }

  const gap = (await call('get', `/town-goals/analysis/gap?fiscalYear=${FY}&budgetYearId=${w.budgetYearId}`))
    .body;
  expect(c(gap.districtNeed)).toBe(total);
  expect(c(gap.gap)).toBe(total - GOAL);

  // The multi-year baseline: the planned year's baseline is the year before's proposed budget.
  const defaults = (
    await call(
      'get',
      `/cola/planning-defaults?budgetYearId=${w.budgetYearId}&fiscalYear=${FY + 1}`,
      undefined,
      finance,
    )
  ).body;
  expect(c(defaults.baseline.amount)).toBe(total);
  const multi = await call(
    'get',
    `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&startYear=${FY + 1}&endYear=${FY + 2}`,
    undefined,
    finance,
  );
  expect(multi.status, JSON.stringify(multi.body)).toBe(200);
  expect(c(multi.body.projections[0].baseline)).toBe(total);

  // The scenario builder's uncut original is the budget as it now stands.
  const base = (await call('get', `/scenarios/baseline?${q}`, undefined, finance)).body;
  expect(c(base.summary.originalTotal)).toBe(total);
  return { total, byCategory };
}

/** Publishes the year and reads what residents see, against the recomputed figures. */
async function expectPublished(figures: Awaited<ReturnType<typeof expectFigures>>) {
  const published = await call('post', `/public-dashboard/publish/${configId}`, { publishedYears: [FY] });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const view = await t.api('get', `/public-dashboard/view/${PATH}`);
  expect(view.status).toBe(200);
  const year = view.body.data[String(FY)];
  expect(c(year.totalBudget)).toBe(figures.total);
  expect(c(year.guidanceGap)).toBe(GOAL - figures.total);
  const breakdown = new Map(year.categoryBreakdown.map((x: any) => [x.name, c(x.amount)]));
  expect(breakdown.get(`Supplies ${w.budgetYearId}`)).toBe(figures.byCategory(w.supplies));
  expect(breakdown.get(`Technology ${w.budgetYearId}`)).toBe(figures.byCategory(w.technology));
}

let scenarioA: number;
let scenarioB: number;
const CUTS_A: Record<number, number> = {};
const CUTS_B: Record<number, number> = {};
let adoptionA: number;
let adoptionB: number;
const original = new Map<number, bigint>();

describe('adopting a scenario', () => {
  beforeAll(async () => {
    for (const [id, amount] of w.amounts) {
      original.set(id, amount);
    }
    Object.assign(CUTS_A, { [w.ids[0]]: 75, [w.ids[1]]: 50.5, [w.ids[2]]: 33.33, [w.ids[3]]: 0 });
    Object.assign(CUTS_B, { [w.ids[0]]: 90, [w.ids[4]]: 80.01 });
    scenarioA = await newScenario('Plan A', CUTS_A);
    scenarioB = await newScenario('Plan B', CUTS_B);
  });

  it('starts from the figures a person adds up by hand', async () => {
    await expectFigures();
  });

  it('refuses FINANCE and VIEW_ONLY', async () => {
    for (const token of [finance, viewer]) {
      expect((await preview(scenarioA, {}, token)).status).toBe(403);
      expect((await adopt(scenarioA, { basis: 'x' }, token)).status).toBe(403);
    }
  });

  it('previews each changed line and the totals before and after, writing nothing', async () => {
    const before = await footprint();
    const res = await preview(scenarioA, { budgetYearId: w.budgetYearId, fiscalYear: `FY${FY}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = Object.entries(CUTS_A).map(([id, p]) => {
      const now = w.amounts.get(Number(id))!;
      return { id: Number(id), now, next: kept(now, pct(p)) };
    });
    expect(
      res.body.lines.map((l: any) => [
        l.id,
        c(l.currentAmount),
        c(l.newAmount),
        c(l.difference),
        l.percentKept,
      ]),
    ).toEqual(expected.map((e) => [e.id, e.now, e.next, e.next - e.now, CUTS_A[e.id]]));
    const total = [...w.amounts.values()].reduce((a, b) => a + b, 0n);
    const cut = expected.reduce((a, e) => a + e.now - e.next, 0n);
    expect([c(res.body.totalBefore), c(res.body.totalAfter), c(res.body.cutsTotal)]).toEqual([
      total,
      total - cut,
      cut,
    ]);
    expect(res.body).toMatchObject({ blocked: null, earlier: [], stage: { stage: 'DRAFT', locked: false } });
    expect(res.body.basis).toMatch(/^[\w-]{32}$/);
    expect(await footprint()).toEqual(before);
  });

  it('refuses another budget year or fiscal year, a long reason, a stale basis, no cuts: nothing written', async () => {
    const basis = (await preview(scenarioA)).body.basis;
    const other = await newScenario('Next year', {}, FY + 1);
    const empty = await newScenario('No cuts', {});
    const before = await footprint();

    const otherYear = await adopt(scenarioA, { basis, budgetYearId: w.otherBudgetYearId });
    expect([otherYear.status, otherYear.body.details[0].path]).toEqual([400, 'budgetYearId']);
    expect(otherYear.body.error).toContain('belongs to another budget year');
    expect((await preview(scenarioA, { budgetYearId: w.otherBudgetYearId })).status).toBe(400);
    const otherFy = await adopt(other, { basis, fiscalYear: FY });
    expect([otherFy.status, otherFy.body.details[0].path]).toEqual([400, 'fiscalYear']);
    expect(otherFy.body.details[0].message).toBe(`Scenario “Next year” cuts FY28, not FY27`);

    const long = await adopt(scenarioA, { basis, reason: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([
      { path: 'reason', message: 'reason must be at most 2000 characters' },
    ]);
    const longLine = await adopt(scenarioA, { basis, lineReasons: { [w.ids[0]]: 'y'.repeat(2001) } });
    expect([longLine.status, longLine.body.details[0].path]).toEqual([400, `lineReasons.${w.ids[0]}`]);
    const strayLine = await adopt(scenarioA, { basis, lineReasons: { [w.ids[5]]: 'not cut' } });
    expect([strayLine.status, strayLine.body.details[0].path]).toEqual([400, `lineReasons.${w.ids[5]}`]);
    expect((await adopt(scenarioA, {})).status).toBe(400);
    expect((await adopt(scenarioA, { basis, role: 'ADMIN' })).status).toBe(400);

    const stale = await adopt(scenarioA, { basis: 'not-what-you-saw' });
    expect([stale.status, stale.body.error]).toEqual([
      409,
      'The budget changed since you reviewed this adoption: review it again',
    ]);

    const nothing = await preview(empty);
    expect(nothing.body.lines).toEqual([]);
    expect(nothing.body.blocked).toBe('Nothing to adopt: scenario “No cuts” changes no line of FY27');
    const refused = await adopt(empty, { basis: nothing.body.basis });
    expect([refused.status, refused.body.error]).toEqual([409, nothing.body.blocked]);
    expect((await adopt(999999, { basis })).status).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('adopts: each line through the writer, audited naming the scenario, in one transaction', async () => {
    const shown = await preview(scenarioA);
    const res = await adopt(scenarioA, {
      basis: shown.body.basis,
      reason: 'Committee workshop, 3 March',
      lineReasons: { [w.ids[3]]: 'Program ends' },
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    adoptionA = res.body.adoption.id;
    expect(res.body.linesChanged).toBe(4);
    expect(res.body.adoption).toMatchObject({
      scenarioId: scenarioA,
      scenarioName: 'Plan A',
      reason: 'Committee workshop, 3 March',
      lineCount: 4,
      undoneAt: null,
      fromStage: { stage: 'DRAFT', label: 'Draft' },
    });
    expect(c(res.body.adoption.totalBefore)).toBe(c(shown.body.totalBefore));
    expect(c(res.body.adoption.totalAfter)).toBe(c(shown.body.totalAfter));

    // A year never moved gets a Draft snapshot first: it holds the amounts before the adoption.
    const snapshot = await call(
      'get',
      `/budget-stages/${res.body.adoption.fromStage.id}/snapshot?kind=proposed`,
    );
    expect(snapshot.status).toBe(200);
    const frozen = new Map(snapshot.body.lines.map((l: any) => [l.lineId, c(l.amount)]));
    for (const id of w.ids) {
      expect(frozen.get(id)).toBe(w.amounts.get(id));
    }
    const stages = await call('get', `/budget-stages?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`);
    expect(stages.body.current).toMatchObject({ stage: 'DRAFT', locked: false });
    expect(stages.body.next.stage).toBe('SUPERINTENDENT_RECOMMENDED');

    for (const [id, p] of Object.entries(CUTS_A)) {
      w.amounts.set(Number(id), kept(w.amounts.get(Number(id))!, pct(p)));
    }
    const figures = await expectFigures();
    expect(c(res.body.adoption.totalAfter)).toBe(figures.total);
    await expectPublished(figures);

    // One audit entry per changed line, naming the scenario; the uncut lines have none.
    for (const id of w.ids) {
      const audit = await t.db
        .knex('audit_log')
        .where({ entity: 'line-item', entity_id: String(id), action: 'adopt-scenario' })
        .select('after', 'before');
      if (id in CUTS_A) {
        expect(audit).toHaveLength(1);
        expect(audit[0].after.cause).toBe('adopted scenario "Plan A": Committee workshop, 3 March');
        expect(c(audit[0].after.amount)).toBe(w.amounts.get(id));
        expect(c(audit[0].before.amount)).toBe(original.get(id));
      } else {
        expect(audit).toHaveLength(0);
      }
    }
    const lines = await t.db
      .knex('scenario_adoption_lines')
      .where({ adoption_id: adoptionA })
      .orderBy('line_id');
    expect(lines.map((l) => [l.line_id, c(l.amount_before), c(l.amount_after), l.reason])).toEqual(
      Object.keys(CUTS_A)
        .map(Number)
        .sort((a, b) => a - b)
        .map((id) => [id, original.get(id), w.amounts.get(id), id === w.ids[3] ? 'Program ends' : null]),
    );
    // Its cuts now live in the lines: the scenario keeps none and is the active plan.
    expect(await t.db.knex('cut_adjustments').where({ cut_scenario_id: scenarioA })).toEqual([]);
    expect((await t.db.knex('cut_scenarios').where({ id: scenarioA }).first()).is_active).toBe(true);
    expect(await t.db.knex('line_items').where({ id: w.inactiveLine }).first('amount')).toEqual({
      amount: 99999,
    });
  });

  it('adopting again shows nothing to adopt; another scenario shows its changes on top', async () => {
    const again = await preview(scenarioA);
    expect(again.body.lines).toEqual([]);
    expect(again.body.blocked).toMatch(
      /^Nothing to adopt: scenario “Plan A” changes no line of FY27 \(its cuts were adopted on /,
    );
    const b = await preview(scenarioB);
    expect(b.body.earlier.map((a: any) => a.id)).toEqual([adoptionA]);
    expect(b.body.lines.map((l: any) => [l.id, c(l.currentAmount), c(l.newAmount)])).toEqual(
      Object.entries(CUTS_B).map(([id, p]) => {
        const now = w.amounts.get(Number(id))!;
        return [Number(id), now, kept(now, pct(p))];
      }),
    );
  });

  it('two admins adopting at once: one wins, the other is told the budget changed', async () => {
    const [one, two] = await Promise.all([preview(scenarioB), preview(scenarioB, {}, admin2)]);
    expect(one.body.basis).toBe(two.body.basis);
    const before = await footprint();
    const results = await Promise.all([
      adopt(scenarioB, { basis: one.body.basis }),
      adopt(scenarioB, { basis: two.body.basis }, admin2),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('The budget changed since you reviewed this adoption: review it again');
    adoptionB = results.find((r) => r.status === 200)!.body.adoption.id;
    expect((await footprint()).adoptions).toBe(before.adoptions + 1);
    for (const [id, p] of Object.entries(CUTS_B)) {
      w.amounts.set(Number(id), kept(w.amounts.get(Number(id))!, pct(p)));
    }
    await expectFigures();
    const list = await call(
      'get',
      `/scenario-adoptions?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`,
      undefined,
      finance,
    );
    expect(list.body.adoptions.map((a: any) => a.id)).toEqual([adoptionB, adoptionA]);
  });

  it('undoes in order, each line back to what the adoption replaced', async () => {
    const out = await undo(adoptionA);
    expect([out.status, out.body.error]).toEqual([
      409,
      'Undo the later adoption of “Plan B” first: it changed some of the same lines',
    ]);
    expect((await call('post', `/scenario-adoptions/${adoptionB}/undo`, {}, finance)).status).toBe(403);

    // Undoing B: its lines go back to the amounts B replaced (Plan A's for line 0, the original for line 4).
    const shown = await call('post', `/scenario-adoptions/${adoptionB}/undo/preview`);
    expect(shown.status).toBe(200);
    const afterA = new Map(original);
    for (const [id, p] of Object.entries(CUTS_A)) {
      afterA.set(Number(id), kept(original.get(Number(id))!, pct(p)));
    }
    expect(shown.body.lines.map((l: any) => [l.id, c(l.currentAmount), c(l.returnsTo)])).toEqual(
      Object.keys(CUTS_B).map((id) => [Number(id), w.amounts.get(Number(id)), afterA.get(Number(id))]),
    );
    expect((await call('post', `/scenario-adoptions/${adoptionB}/undo`, { basis: 'stale' })).status).toBe(
      409,
    );
    const undoneB = await call('post', `/scenario-adoptions/${adoptionB}/undo`, {
      basis: shown.body.basis,
      reason: 'Wrong plan',
    });
    expect(undoneB.status, JSON.stringify(undoneB.body)).toBe(200);
    expect(undoneB.body.adoption).toMatchObject({ undoReason: 'Wrong plan', undoneBy: expect.any(String) });
    for (const id of Object.keys(CUTS_B).map(Number)) {
      w.amounts.set(id, afterA.get(id)!);
    }
    await expectFigures();
    const restored = await t.db
      .knex('cut_adjustments')
      .where({ cut_scenario_id: scenarioB })
      .orderBy('line_item_id');
    expect(restored.map((r) => [r.line_item_id, Number(r.percent_kept)])).toEqual(
      Object.entries(CUTS_B).map(([id, p]) => [Number(id), p]),
    );
    const again = await undo(adoptionB);
    expect([again.status, again.body.error]).toEqual([
      409,
      expect.stringMatching(/^This adoption of “Plan B” was already undone on /),
    ]);

    const undoneA = await undo(adoptionA);
    expect(undoneA.status, JSON.stringify(undoneA.body)).toBe(200);
    for (const [id, amount] of original) {
      w.amounts.set(id, amount);
    }
    await expectPublished(await expectFigures());
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item', entity_id: String(w.ids[3]), action: 'undo-adoption' })
      .first('after');
    expect(audit.after.cause).toBe('undid adoption of "Plan A"');
    // Plan A has its cuts back: adopting it again changes the same lines the same way.
    const redo = await preview(scenarioA);
    expect(redo.body.lines.map((l: any) => l.id).sort()).toEqual(Object.keys(CUTS_A).map(Number).sort());
  });

  it('refuses to adopt into, or undo in, a year the committee voted until it is reopened', async () => {
    for (const stage of ['SUPERINTENDENT_RECOMMENDED', 'SCHOOL_COMMITTEE_ADOPTED']) {
      const moved = await call('post', '/budget-stages/advance', {
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
        stage,
        date: '2027-03-12',
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const locked =
      'FY27 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason';
    const shown = await preview(scenarioA);
    expect(shown.body.blocked).toBe(locked);
    const before = await footprint();
    const refused = await adopt(scenarioA, { basis: shown.body.basis });
    expect([refused.status, refused.body.error]).toEqual([409, locked]);
    const refusedUndo = await undo(adoptionA);
    expect([refusedUndo.status, refusedUndo.body.error]).toEqual([409, locked]);
    expect(await footprint()).toEqual(before);

    // Reopened with a reason, the adoption goes through, made from the vote's snapshot.
    const reopened = await call('post', '/budget-stages/reopen', {
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      reason: 'Town cut the appropriation',
    });
    expect(reopened.status).toBe(200);
    const fresh = await preview(scenarioA);
    expect(fresh.body.blocked).toBeNull();
    const done = await adopt(scenarioA, { basis: fresh.body.basis });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.adoption.fromStage).toMatchObject({ stage: 'SCHOOL_COMMITTEE_ADOPTED' });
    for (const [id, p] of Object.entries(CUTS_A)) {
      w.amounts.set(Number(id), kept(original.get(Number(id))!, pct(p)));
    }
    await expectFigures();
  });
});
