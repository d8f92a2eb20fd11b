import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { FIGURES_FY27 } from '../../test/worlds/nss.world';
import type { PositionsWorld } from '../../test/worlds/positions.world';
import {
  expectFollowed,
  plannedWorld,
  salaryLines,
  startFollowing,
  type Planned,
} from '../domains/positions/follow-paths.helper';

/**
 * Cuts and adds by position in the Scenario Builder, adopted and undone. The world: four Grade 3
 * Teachers at Hillside in FY2026's roster (1.0, 1.0, 0.5 and 0.8 FTE; next-year salaries 61,800.01,
 * 72,100.03, 30,900.05 and 49,440.07) plus a 1.0 FTE vacancy at step 1, lane BA (50,000.00 in
 * FY2027), budgeted in FY2027. Every saving, cost and total is worked out here in cents from those
 * figures; after the adoption the FY2027 salary lines are recomputed from the raw tables
 * (follow-paths.helper.ts). Refusals count the rows before and after.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: PositionsWorld;
let at: Planned;
let scenario: number;
let vacancy: number;
let configId: number;
const PUBLIC_PATH = 'positions-adopted';
const TITLE = 'Grade 3 Teacher';
const DI = 4944007n;
const VACANCY = 5000000n;
const ADDED = 5725050n; // step 2, lane MA

const call = (method: string, path: string, body?: unknown, token = finance.token) =>
  t.api(method, path, { token, body });
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const changeCount = async () => Number((await t.db.knex('cut_scenario_positions').count({ n: '*' }))[0].n);
const summaryOf = async () => {
  const list = await call('get', `/scenarios/cuts?budgetYearId=${w.budgetYearId}&fiscalYear=2027`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.scenarios.find((s: { id: number }) => s.id === scenario).summary;
};

const newScenario = async (fiscalYear: number, name: string): Promise<number> => {
  const s = await call('post', '/scenarios/cuts', { budgetYearId: w.budgetYearId, fiscalYear, name });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  return s.body.scenario.id;
};

beforeAll(async () => {
  ({ w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token }));
  const made = await call('post', '/positions', {
    fiscalYear: 2026,
    title: 'grade 3 teacher ',
    buildingId: w.school,
    categoryId: w.teachers,
    workGroupId: w.teacherGroup,
    fte: 1,
    vacancyStep: 1,
    vacancyLane: 'BA',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  vacancy = made.body.position.id;
  await startFollowing(at);
  scenario = await newScenario(2027, 'Staffing');
});

describe('cuts by position in a scenario', () => {
  it('lists the group a cut can name, with its FTE and vacancies', async () => {
    const res = await call('get', `/scenarios/cuts/${scenario}/position-groups?search=grade 3`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.groups).toEqual([
      expect.objectContaining({
        building: expect.objectContaining({ id: w.school }),
        positionCount: 5,
        fte: 4.3,
        vacantFte: 1,
        cutFte: 0,
      }),
    ]);
  });

  it('refuses a cut of more FTE than the group has, one whole positions cannot make, and bad roles, writing nothing', async () => {
    const before = await changeCount();
    const body = { title: TITLE, buildingId: w.school, fte: 5 };
    const tooMuch = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, body);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details[0].message).toMatch(
      /has 4\.3 FTE: a cut of 5 FTE is more than the group has/,
    );
    // 1.0, 1.0, 1.0 (the vacancy), 0.8 and 0.5 make 4.3 or 3.8 but never 4.2.
    const inexact = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, { ...body, fte: 4.2 });
    expect(inexact.status).toBe(400);
    expect(inexact.body.details[0].message).toMatch(
      /cannot make exactly 4\.2 FTE .* nearest cut is 3\.8 FTE/,
    );
    const none = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      ...body,
      title: 'Astronaut',
      fte: 1,
    });
    expect(none.status).toBe(400);
    const zero = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, { ...body, fte: 0 });
    expect(zero.status).toBe(400);
    const viewerCut = await call(
      'post',
      `/scenarios/cuts/${scenario}/positions/cut`,
      { ...body, fte: 1 },
      viewer.token,
    );
    expect(viewerCut.status).toBe(403);
    expect(await changeCount()).toBe(before);
  });

  it('a dry run says which positions and what they save; the cut saves exactly that off the scenario', async () => {
    const before = await summaryOf();
    const body = {
      title: TITLE,
      buildingId: w.school,
      fte: 1.8,
      vacanciesFirst: true,
      reason: 'Enrollment down',
    };
    const dry = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, { ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.picked.map((c: { positionId: number }) => c.positionId)[0]).toBe(vacancy);
    expect(cents(dry.body.pickedSavings)).toBe(VACANCY + DI);
    expect(await changeCount()).toBe(0);
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, body);
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body.picked.map((c: { fte: number }) => c.fte)).toEqual([1, 0.8]);
    expect(cents(cut.body.totals.savings)).toBe(VACANCY + DI);
    const after = await summaryOf();
    expect(cents(after.positionsNet)).toBe(VACANCY + DI);
    expect(cents(before.adjustedTotal) - cents(after.adjustedTotal)).toBe(VACANCY + DI);
    expect(cents(after.totalCuts)).toBe(VACANCY + DI);
  });

  it('refuses a percent off a salary line that follows the positions', async () => {
    const line = await t.db
      .knex('line_items')
      .where({
        budget_year_id: w.budgetYearId,
        fiscal_year: 2027,
        is_operating: false,
        category_id: w.teachers,
      })
      .first('id');
    const res = await call('put', `/scenarios/cuts/${scenario}/adjustments`, {
      adjustments: { [line.id]: 90 },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(/set from the FY26 positions' cost: cut positions instead/);
  });

  it('adds a vacancy priced on the schedule, refusing a non-personnel category and a missing cell', async () => {
    const before = await changeCount();
    const base = {
      title: 'Reading Specialist',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 1,
    };
    const supplies = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      ...base,
      categoryId: w.supplies,
    });
    expect(supplies.status).toBe(400);
    // No category: the clerk's words, not zod's type error.
    const { categoryId: _none, ...noCategory } = base;
    const uncategorized = await call('post', `/scenarios/cuts/${scenario}/positions/add`, noCategory);
    expect(uncategorized.status).toBe(400);
    expect(uncategorized.body.details).toContainEqual({
      path: 'categoryId',
      message: 'Budget category is required',
    });
    const noCell = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      ...base,
      vacancyStep: 9,
      vacancyLane: 'PhD',
    });
    expect(noCell.status).toBe(400);
    expect(await changeCount()).toBe(before);
    const added = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      ...base,
      vacancyStep: 2,
      vacancyLane: 'MA',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(cents(added.body.totals.addedCost)).toBe(ADDED);
    expect(cents(added.body.totals.net)).toBe(VACANCY + DI - ADDED);
    expect(cents((await summaryOf()).positionsNet)).toBe(VACANCY + DI - ADDED);
    // A second one, taken out again: the totals are back, and a change of no scenario is refused.
    const again = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      ...base,
      vacancyStep: 1,
      vacancyLane: 'BA',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const extra = Math.max(...again.body.changes.map((c: { id: number }) => c.id));
    const stray = await call('delete', `/scenarios/cuts/${scenario}/positions/999999`);
    expect(stray.status).toBe(400);
    const removed = await call('delete', `/scenarios/cuts/${scenario}/positions/${extra}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(cents(removed.body.totals.net)).toBe(VACANCY + DI - ADDED);
  });

  it('the comparison by category moves the category by the same net, and adds up to each total', async () => {
    const other = await newScenario(2027, 'No changes');
    const cmp = await call('get', `/scenarios/cuts/compare?ids=${scenario},${other}`);
    expect(cmp.status, JSON.stringify(cmp.body)).toBe(200);
    const teachers = cmp.body.categories.find((c: { categoryId: number }) => c.categoryId === w.teachers);
    const diff = (id: number) =>
      cents(teachers.scenarios.find((s: { id: number }) => s.id === id).difference);
    expect(diff(scenario)).toBe(-(VACANCY + DI - ADDED));
    expect(diff(other)).toBe(0n);
    for (const s of cmp.body.scenarios) {
      const sum = cmp.body.categories.reduce(
        (n: bigint, c: { scenarios: { id: number; adjusted: number }[] }) =>
          n + cents(c.scenarios.find((x) => x.id === s.id)!.adjusted),
        0n,
      );
      expect(sum, s.name).toBe(cents(s.adjustedTotal));
    }
    expect((await call('delete', `/scenarios/cuts/${other}`)).status).toBe(200);
  });

  it('refuses a cut that leaves a category under its FTE floor', async () => {
    await t.db
      .knex('cut_floors')
      .insert({ budget_year_id: w.budgetYearId, category_id: w.teachers, floor_percent: 0, min_fte: 3.5 });
    const before = await changeCount();
    // 4.3 - 1.8 + 1 = 3.5 now; Cy's 0.5 more would leave 3.0.
    const res = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: TITLE,
      buildingId: w.school,
      fte: 0.5,
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(/floor of 3\.5 FTE: this scenario would leave 3 FTE/);
    expect(await changeCount()).toBe(before);
    await t.db.knex('cut_floors').where({ budget_year_id: w.budgetYearId, category_id: w.teachers }).del();
  });
});

/** The planned year's figures other screens show: the town goal's gap, the NSS meter, what is proposed. */
const GOAL = 400_000_00n;
async function otherFigures() {
  const q = `budgetYearId=${w.budgetYearId}&fiscalYear=2027`;
  const gap = await call('get', `/town-goals/analysis/gap?${q}`);
  expect(gap.status, JSON.stringify(gap.body)).toBe(200);
  const meter = await call('get', `/nss/meter?${q}`);
  expect(meter.status, JSON.stringify(meter.body)).toBe(200);
  return {
    need: cents(gap.body.districtNeed),
    gap: cents(gap.body.gap),
    nssCounted: cents(meter.body.school.counted),
    nssBudgeted: cents(meter.body.columns.budgetedNss),
  };
}

describe('adopting cuts by position, and undoing it', () => {
  let adoptionId: number;
  let linesBefore: Record<string, bigint>;
  let figuresBefore: Awaited<ReturnType<typeof otherFigures>>;

  beforeAll(async () => {
    const goal = await call('post', '/town-goals', {
      fiscalYear: 2027,
      goalType: 'DOLLAR',
      dollarGoal: 400_000,
    });
    expect(goal.status, JSON.stringify(goal.body)).toBeLessThan(300);
    const figures = await call('put', '/nss/state-figures/2027', { ...FIGURES_FY27 }, admin.token);
    expect(figures.status, JSON.stringify(figures.body)).toBe(200);
    const config = (await call('get', '/public-dashboard/config', undefined, admin.token)).body.config;
    const path = await call(
      'patch',
      `/public-dashboard/config/${config.id}`,
      { urlPath: PUBLIC_PATH },
      admin.token,
    );
    expect(path.status, JSON.stringify(path.body)).toBe(200);
    configId = config.id;
    figuresBefore = await otherFigures();
  });

  it('closes the cut positions, creates the added one, and the salary lines follow by exactly the net', async () => {
    linesBefore = await salaryLines(t.db.knex, at.planned);
    const preview = await call('post', `/scenarios/cuts/${scenario}/adopt/preview`, {}, admin.token);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.positions).toHaveLength(3);
    const net = VACANCY + DI - ADDED;
    expect(cents(preview.body.totalBefore) - cents(preview.body.totalAfter)).toBe(net);
    const adopted = await call(
      'post',
      `/scenarios/cuts/${scenario}/adopt`,
      { basis: preview.body.basis },
      admin.token,
    );
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(adopted.body).toMatchObject({ positionsClosed: 2, positionsCreated: 1 });
    adoptionId = adopted.body.adoption.id;
    const statuses = await t.db.knex('positions').whereIn('id', [vacancy]).pluck('status');
    expect(statuses).toEqual(['closed']);
    const after = await expectFollowed(at, 'the adoption');
    const sum = (r: Record<string, bigint>) => Object.values(r).reduce((a, b) => a + b, 0n);
    expect(sum(linesBefore) - sum(after)).toBe(net);
    const history = await t.db
      .knex('position_history')
      .where({ position_id: vacancy, action: 'closed' })
      .first('reason');
    expect(history.reason).toMatch(/adopted scenario "Staffing"/);
    // The scenario's changes are in the roster now: they no longer count on top of it.
    expect(cents((await summaryOf()).positionsNet)).toBe(0n);
    // The dashboard's proposed total and Budget Comparison read the same lines: down by the net.
    const q = `budgetYearId=${w.budgetYearId}&fiscalYear=2027`;
    const dash = (await call('get', `/line-items/budget/summary?${q}`)).body;
    expect(cents(dash.proposedBudget)).toBe(cents(preview.body.totalAfter));
    const comparison = (await call('get', `/budget-comparison?budgetYearId=${w.budgetYearId}`)).body;
    const year = comparison.totals.find((x: { fiscalYear: number }) => x.fiscalYear === 2027);
    expect(cents(year.proposed)).toBe(cents(preview.body.totalAfter));
    // The town goal's gap and the NSS meter (every salary line here counts) move by the same net.
    expect(figuresBefore.need).toBe(cents(preview.body.totalBefore));
    expect(await otherFigures()).toEqual({
      need: cents(preview.body.totalAfter),
      gap: cents(preview.body.totalAfter) - GOAL,
      nssCounted: figuresBefore.nssCounted - net,
      nssBudgeted: figuresBefore.nssBudgeted - net,
    });
    expect(figuresBefore.nssCounted).toBeGreaterThanOrEqual(sum(linesBefore));
    // What residents see once the year is published again: the adopted total and its gap.
    const published = await call(
      'post',
      `/public-dashboard/publish/${configId}`,
      { publishedYears: [2027] },
      admin.token,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const view = await t.api('get', `/public-dashboard/view/${PUBLIC_PATH}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(cents(view.body.data['2027'].totalBudget)).toBe(cents(preview.body.totalAfter));
    expect(cents(view.body.data['2027'].guidanceGap)).toBe(GOAL - cents(preview.body.totalAfter));
    // The stage comparison from the snapshot the adoption was made from lists the positions changed.
    const from = adopted.body.adoption.fromStage.id;
    const compared = await call('get', `/budget-stages/compare?${q}&from=${from}&to=current`);
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const listed = compared.body.positionChanges.map((c: { positionId: number; action: string }) => [
      c.positionId,
      c.action,
    ]);
    expect(listed).toContainEqual([vacancy, 'closed']);
    expect(
      compared.body.positionChanges.filter((c: { action: string }) => c.action === 'created'),
    ).toHaveLength(1);
    expect(
      compared.body.positionChanges.find((c: { action: string }) => c.action === 'closed').reason,
    ).toMatch(/Staffing/);
  });

  it('the undo gives the positions and the lines back', async () => {
    const preview = await call('post', `/scenario-adoptions/${adoptionId}/undo/preview`, {}, admin.token);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const undone = await call(
      'post',
      `/scenario-adoptions/${adoptionId}/undo`,
      { basis: preview.body.basis },
      admin.token,
    );
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.positionNotes).toEqual([]);
    expect(await t.db.knex('positions').where({ id: vacancy }).first('status')).toEqual({ status: 'vacant' });
    expect(await t.db.knex('positions').where({ title: 'Reading Specialist' }).first('id')).toBeUndefined();
    expect(await expectFollowed(at, 'the undo')).toEqual(linesBefore);
    expect(cents((await summaryOf()).positionsNet)).toBe(VACANCY + DI - ADDED);
  });
});

describe('a year with its own payroll', () => {
  it('refuses cuts by position there and says which year to use', async () => {
    const thisYear = await newScenario(2026, 'This year');
    const view = await call('get', `/scenarios/cuts/${thisYear}/positions`);
    expect(view.body).toMatchObject({ available: false });
    const res = await call('post', `/scenarios/cuts/${thisYear}/positions/cut`, {
      title: TITLE,
      buildingId: w.school,
      fte: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(/FY26's salary lines come from its own payroll/);
  });
});
