import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { plannedWorld, startFollowing, type Planned } from '../domains/positions/follow-paths.helper';
import type { PositionsWorld } from '../../test/worlds/positions.world';

/**
 * A cut by position brings the town's goal only the general fund's part of the position's cost: a
 * grant's share saves the grant. The world's FY2026 roster gains a 1.0 FTE Grade 3 vacancy at step
 * 1, lane BA (50,000.00 in FY2027), paid half by Title I; cutting it takes 50,000.00 off the
 * scenario's total and 25,000.00 off the general fund's (POSITION_FUND_PARTS splits the cost by
 * share, cumulatively rounded: 25,000.00 each here).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;
let scenario: number;
const VACANCY = 5000000n;

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const fundCode = `T1S${process.pid}`;
interface Meter {
  school: { budgetTotal: number; notCounted: number; byFund: { code: string; amount: number }[] };
}
const meter = async (): Promise<Meter> => {
  const res = await call('post', '/nss/meter/scenario', { scenarioId: scenario });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const summary = async () => {
  const list = await call('get', `/scenarios/cuts?budgetYearId=${w.budgetYearId}&fiscalYear=2027`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.scenarios.find((s: { id: number }) => s.id === scenario).summary;
};

beforeAll(async () => {
  ({ w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token }));
  const made = await call('post', '/positions', {
    fiscalYear: 2026,
    title: 'Grade 3 Teacher',
    buildingId: w.school,
    categoryId: w.teachers,
    workGroupId: w.teacherGroup,
    fte: 1,
    vacancyStep: 1,
    vacancyLane: 'BA',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const fund = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I, Part A', code: fundCode, kind: 'federal_grant' },
  });
  expect(fund.status, JSON.stringify(fund.body)).toBe(201);
  const general = (await t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
  const split = await call('patch', `/positions/${made.body.position.id}`, {
    version: made.body.position.version,
    fundShares: [
      { fundId: general, fte: 0.5 },
      { fundId: fund.body.fund.id, fte: 0.5 },
    ],
  });
  expect(split.status, JSON.stringify(split.body)).toBe(200);
  await startFollowing(at);
  // A goal for the year, so the scenario has a gap to move (without one it has none).
  const goal = await call('post', '/town-goals', {
    fiscalYear: 2027,
    goalType: 'DOLLAR',
    dollarGoal: 1_000_000,
  });
  expect(goal.status, JSON.stringify(goal.body)).toBe(200);
  const s = await call('post', '/scenarios/cuts', {
    budgetYearId: w.budgetYearId,
    fiscalYear: 2027,
    name: 'Funds',
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  scenario = s.body.scenario.id;
});

describe("a cut by position against the town's goal", () => {
  it("takes the whole cost off the total and the general fund's share off the goal's figure", async () => {
    const before = await summary();
    const meterBefore = await meter();
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: 'Grade 3 Teacher',
      buildingId: w.school,
      fte: 1,
      vacanciesFirst: true,
      reason: 'Grant ends',
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cents(cut.body.totals.savings)).toBe(VACANCY);
    const after = await summary();
    expect([
      cents(after.positionsNet),
      cents(after.positionsGeneralNet),
      cents(before.adjustedTotal) - cents(after.adjustedTotal),
      cents(before.goalTotal) - cents(after.goalTotal),
      cents(after.gap) - cents(before.gap),
    ]).toEqual([VACANCY, VACANCY / 2n, VACANCY, VACANCY / 2n, -VACANCY / 2n]);
    // Each change says its general fund's part too (the workbook's Positions sheet sums them): an
    // add is the general fund's whole, and the changes add up to the summary's figures.
    const add = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      title: 'Reading Specialist',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 0.5,
      vacancyStep: 1,
      vacancyLane: 'BA',
      reason: 'Literacy',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const listed = await call('get', `/scenarios/cuts/${scenario}/positions`);
    const changes = listed.body.changes as { kind: string; amount: number; generalAmount: number }[];
    const addCost = cents(changes.find((c) => c.kind === 'add')!.amount);
    expect(addCost).toBeGreaterThan(0n);
    expect(changes.map((c) => [c.kind, cents(c.amount), cents(c.generalAmount)])).toEqual([
      ['cut', VACANCY, VACANCY / 2n],
      ['add', addCost, addCost],
    ]);
    const withAdd = await summary();
    expect([cents(withAdd.positionsNet), cents(withAdd.positionsGeneralNet)]).toEqual([
      VACANCY - addCost,
      VACANCY / 2n - addCost,
    ]);
    const addId = (listed.body.changes as { id: number; kind: string }[]).find((c) => c.kind === 'add')!.id;
    const removed = await call('delete', `/scenarios/cuts/${scenario}/positions/${addId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    // The scenario's NSS meter follows: the budget falls by the cost, Title I's spending (which never
    // counts) by its half, so the general fund's half leaves the spending the rules may count.
    const meterAfter = await meter();
    const titleOne = (m: Meter) => m.school.byFund.find((f) => f.code === fundCode)?.amount ?? 0;
    expect([
      cents(meterBefore.school.budgetTotal) - cents(meterAfter.school.budgetTotal),
      cents(titleOne(meterBefore)) - cents(titleOne(meterAfter)),
      cents(meterBefore.school.notCounted) - cents(meterAfter.school.notCounted),
    ]).toEqual([VACANCY, VACANCY / 2n, VACANCY / 2n]);
  });
});
