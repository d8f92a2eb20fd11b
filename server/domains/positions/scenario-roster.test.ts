import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildBuilding } from '../../../test/factories';
import { buildPositionsWorld, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * The Cut positions dialog's search, through the real API: each word of it must be found in the
 * group's title or its building (in any order, any case), so 'Teacher Hillside' finds the teachers
 * at Hillside, not one phrase that no title or building holds whole.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let scenario: number;
let hillside: string;
let whitcomb: string;

const groupsFound = async (search: string) => {
  const res = await t.api(
    'get',
    `/scenarios/cuts/${scenario}/position-groups?search=${encodeURIComponent(search)}`,
    { token: finance.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.groups as { title: string; building: { name: string } | null }[])
    .map((g) => `${g.title} at ${g.building?.name ?? 'District Wide'}`)
    .sort();
};

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  hillside = (await t.db.knex('buildings').where({ id: w.school }).first('name')).name;
  whitcomb = `Whitcomb ${w.school}`;
  const other = await buildBuilding(t.db.knex, { name: whitcomb });
  // Beside Hillside's Grade 3 Teachers: an Art Teacher at each school and a Grade 3 Teacher at Whitcomb.
  for (const [title, buildingId] of [
    ['Art Teacher', w.school],
    ['Art Teacher', other],
    ['Grade 3 Teacher', other],
  ] as const) {
    const made = await t.api('post', '/positions', {
      token: finance.token,
      body: { fiscalYear: 2026, title, buildingId, categoryId: w.teachers, fte: 1 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const s = await t.api('post', '/scenarios/cuts', {
    token: finance.token,
    body: { budgetYearId: w.budgetYearId, fiscalYear: 2027, name: 'Search' },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  scenario = s.body.scenario.id;
});

describe('finding a group to cut', () => {
  it('one word finds it in the title or the building, as before', async () => {
    expect(await groupsFound('teacher')).toEqual([
      `Art Teacher at ${hillside}`,
      `Art Teacher at ${whitcomb}`,
      `Grade 3 Teacher at ${hillside}`,
      `Grade 3 Teacher at ${whitcomb}`,
    ]);
    expect(await groupsFound(hillside)).toEqual([
      `Art Teacher at ${hillside}`,
      `Grade 3 Teacher at ${hillside}`,
    ]);
  });

  it("the placeholder's own example: a title word and a building word", async () => {
    expect(await groupsFound('Teacher Hillside')).toEqual([
      `Art Teacher at ${hillside}`,
      `Grade 3 Teacher at ${hillside}`,
    ]);
  });

  it('every word must match, in any order and case', async () => {
    expect(await groupsFound('Art Teacher Whitcomb')).toEqual([`Art Teacher at ${whitcomb}`]);
    expect(await groupsFound('  whitcomb   ART ')).toEqual([`Art Teacher at ${whitcomb}`]);
    expect(await groupsFound('Art Teacher Nowhere')).toEqual([]);
  });

  it('a word with % or _ is matched as typed, not as a pattern', async () => {
    expect(await groupsFound('Teacher %')).toEqual([]);
    expect(await groupsFound('Art _')).toEqual([]);
  });
});
