import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { footprint, proposedSalaryLines, type PositionsWorld } from '../../test/worlds/positions.world';
import { plannedWorld, startFollowing } from '../domains/positions/follow-paths.helper';

/**
 * A cut of more FTE than a group has, in a scenario that cuts other groups already: refused on
 * fte, saying what the group has, with 'not cut already' only when this group's positions are
 * among the scenario's cuts, and nothing written (the scenario's changes, the roster, the proposed
 * salary lines). The world: four Grade 3 Teachers at Hillside (3.3 FTE) and two 1.0 FTE Art
 * Teacher vacancies there.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let scenario: number;

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });

beforeAll(async () => {
  const planned = await plannedWorld(t, { admin: admin.token, finance: finance.token });
  w = planned.w;
  for (const _ of [1, 2]) {
    const made = await call('post', '/positions', {
      fiscalYear: 2026,
      title: 'Art Teacher',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 1,
      vacancyStep: 1,
      vacancyLane: 'BA',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  await startFollowing(planned.at);
  const s = await call('post', '/scenarios/cuts', {
    budgetYearId: w.budgetYearId,
    fiscalYear: 2027,
    name: 'Art and more',
  });
  scenario = s.body.scenario.id;
  const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
    title: 'Art Teacher',
    buildingId: w.school,
    fte: 1,
  });
  expect(cut.status, JSON.stringify(cut.body)).toBe(200);
});

/** Everything a refused cut must leave as it was. */
const state = async () => ({
  roster: await footprint(t.db.knex),
  changes: await t.db.knex('cut_scenario_positions').orderBy('id').select('id', 'position_id', 'fte'),
  lines: await proposedSalaryLines(t.db.knex, w.budgetYearId),
});

async function refusedCut(body: object, message: string) {
  const before = await state();
  const res = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, body);
  expect(res.status).toBe(400);
  expect(res.body.details).toEqual([{ path: 'fte', message }]);
  expect(await state()).toEqual(before);
}

describe('a cut of more FTE than the group has', () => {
  it("names the group's FTE, without 'not cut already' when none of its positions are cut", async () => {
    const group = `Grade 3 Teacher at ${(await t.db.knex('buildings').where('id', w.school).first('name')).name}`;
    await refusedCut(
      { title: 'Grade 3 Teacher', buildingId: w.school, fte: 5 },
      `${group} has 3.3 FTE: a cut of 5 FTE is more than the group has`,
    );
    await refusedCut(
      { title: 'Grade 3 Teacher', buildingId: w.school, fte: 5, dryRun: true },
      `${group} has 3.3 FTE: a cut of 5 FTE is more than the group has`,
    );
  });

  it("says 'not cut already' of a group the scenario cuts some of", async () => {
    const at = (await t.db.knex('buildings').where('id', w.school).first('name')).name;
    await refusedCut(
      { title: 'Art Teacher', buildingId: w.school, fte: 2 },
      `Art Teacher at ${at} has 1 FTE not cut already in this scenario: a cut of 2 FTE is more than the group has`,
    );
  });

  it('a title the building has no position of', async () => {
    const at = (await t.db.knex('buildings').where('id', w.school).first('name')).name;
    await refusedCut(
      { title: 'Astronaut', buildingId: w.school, fte: 1 },
      `Astronaut at ${at} has no position to cut`,
    );
  });

  it("a cut smaller than any of the group's positions names the smallest cut they make, not a cut of 0", async () => {
    const at = (await t.db.knex('buildings').where('id', w.school).first('name')).name;
    await refusedCut(
      { title: 'Art Teacher', buildingId: w.school, fte: 0.5 },
      `Art Teacher at ${at}'s positions cannot make exactly 0.5 FTE from whole positions: the smallest cut they make is 1 FTE`,
    );
  });
});
