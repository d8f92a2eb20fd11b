import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import type { PositionsWorld } from '../../test/worlds/positions.world';
import { plannedWorld, startFollowing } from '../domains/positions/follow-paths.helper';

/**
 * Unpriced changes by position in the Scenario Builder: the totals count them (a total that leaves
 * one out must be able to say so), and an add's dry run says what it would cost, or why it has no
 * price, before anything is saved. The world (test/worlds/positions.world.ts): Grade 3 Teachers at
 * Hillside in FY2026's roster, the Teachers' schedule with an FY2027 cell at step 2, lane MA of
 * 57,250.50.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let scenario: number;
const ADDED = 5725050n;

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const changeCount = async () => Number((await t.db.knex('cut_scenario_positions').count({ n: '*' }))[0].n);
const add = (body: object) => call('post', `/scenarios/cuts/${scenario}/positions/add`, body);

beforeAll(async () => {
  const world = await plannedWorld(t, { admin: admin.token, finance: finance.token });
  w = world.w;
  // A vacancy with no work group: the one cost rule leaves it unpriced, so its cut saves nothing known.
  const aide = await call('post', '/positions', {
    fiscalYear: 2026,
    title: 'Aide',
    buildingId: w.school,
    categoryId: w.teachers,
    fte: 1,
  });
  expect(aide.status, JSON.stringify(aide.body)).toBe(201);
  await startFollowing(world.at);
  const s = await call('post', '/scenarios/cuts', {
    budgetYearId: w.budgetYearId,
    fiscalYear: 2027,
    name: 'Unpriced',
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  scenario = s.body.scenario.id;
});

describe('unpriced changes by position', () => {
  const base = () => ({
    title: 'Reading Specialist',
    buildingId: w.school,
    categoryId: w.teachers,
    fte: 1,
  });

  it("an add's dry run prices it, or says why it has no price, and saves nothing", async () => {
    const priced = await add({
      ...base(),
      workGroupId: w.teacherGroup,
      vacancyStep: 2,
      vacancyLane: 'MA',
      dryRun: true,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBeLessThan(300);
    const [would] = priced.body.changes.filter((c: { id: number }) => c.id < 0);
    expect(cents(would.amount)).toBe(ADDED);
    expect(would.unpricedReason).toBeNull();
    expect(priced.body.totals.addsUnpriced).toBe(0);

    const bare = await add({ ...base(), count: 2, dryRun: true });
    expect(bare.status, JSON.stringify(bare.body)).toBeLessThan(300);
    const unpriced = bare.body.changes.filter((c: { id: number }) => c.id < 0);
    expect(unpriced).toHaveLength(2);
    expect(unpriced[0].amount).toBeNull();
    expect(unpriced[0].unpricedReason).toMatch(/No work group/);
    expect(bare.body.totals.addsUnpriced).toBe(2);
    expect(await changeCount()).toBe(0);
  });

  it('the totals count the unpriced adds and cuts their sums leave out', async () => {
    expect(
      (await add({ ...base(), workGroupId: w.teacherGroup, vacancyStep: 2, vacancyLane: 'MA' })).status,
    ).toBe(201);
    const added = await add(base());
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.totals).toMatchObject({ positionsAdded: 2, addsUnpriced: 1, cutsUnpriced: 0 });
    expect(cents(added.body.totals.addedCost)).toBe(ADDED);

    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: 'Aide',
      buildingId: w.school,
      fte: 1,
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body.totals).toMatchObject({ positionsCut: 1, cutsUnpriced: 1, addsUnpriced: 1 });
    expect(cents(cut.body.totals.savings)).toBe(0n);

    // The summary the builder reads says the same.
    const view = await call('get', `/scenarios/cuts/${scenario}/positions`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.totals).toMatchObject({ cutsUnpriced: 1, addsUnpriced: 1 });
  });

  it("an add's dry run answers 200 OK and writes nothing; the add itself answers 201 Created", async () => {
    const body = {
      ...base(),
      title: 'Math Coach',
      workGroupId: w.teacherGroup,
      vacancyStep: 2,
      vacancyLane: 'MA',
    };
    const audits = async () =>
      Number((await t.db.knex('audit_log').where({ action: 'add-positions' }).count({ n: '*' }))[0].n);
    const [changesBefore, auditsBefore] = [await changeCount(), await audits()];

    const dry = await add({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.changes.filter((c: { id: number }) => c.id < 0)).toHaveLength(1);
    expect([await changeCount(), await audits()]).toEqual([changesBefore, auditsBefore]);
    // Asked again, still nothing: a dry run is a question, not a write.
    expect((await add({ ...body, dryRun: true })).status).toBe(200);
    expect(await changeCount()).toBe(changesBefore);

    const made = await add(body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect([await changeCount(), await audits()]).toEqual([changesBefore + 1, auditsBefore + 1]);
    const coach = made.body.changes.filter((c: { title: string }) => c.title === 'Math Coach');
    expect(coach).toHaveLength(1);
    expect(cents(coach[0].amount)).toBe(ADDED);
    // dryRun: false is an add like any other.
    expect((await add({ ...body, dryRun: false })).status).toBe(201);
    expect(await changeCount()).toBe(changesBefore + 2);
  });
});
