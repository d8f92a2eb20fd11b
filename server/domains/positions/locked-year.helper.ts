import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import {
  expectedLines,
  plannedWorld,
  salaryLines,
  startFollowing,
  type Planned,
} from './follow-paths.helper';

/**
 * The world of the locked-year tests (locked-salary-lines, roster-salary-lines): the positions world
 * planned for FY2027 (plannedWorld), its teachers' vacancies priced at step 2 MA, FY2027's salary
 * lines set once from the roster; and what those tests read of it, in integer cents from the raw
 * tables (follow-paths.helper.ts), never through the code under test.
 */
export async function lockedYearWorld(
  t: TestApp,
  tokens: { admin: string; finance: string },
): Promise<{ w: PositionsWorld; at: Planned }> {
  const made = await plannedWorld(t, tokens);
  const placed = await t.api('put', `/positions/vacancy-placement/${made.w.teacherGroup}`, {
    token: tokens.finance,
    body: { step: 2, lane: 'MA' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await startFollowing(made.at);
  return made;
}

const total = (byPlace: Record<string, bigint>) => Object.values(byPlace).reduce((a, b) => a + b, 0n);

/** What the FY2026 positions cost less what FY2027's salary lines hold, in cents. */
export const driftOf = async (at: Planned) =>
  total(await expectedLines(at.t.db.knex, at.roster)) - total(await salaryLines(at.t.db.knex, at.planned));

/** A vacant full-time Reading Specialist at the world's school, added to the FY2026 roster. */
export async function addSpecialist(t: TestApp, w: PositionsWorld, token: string) {
  const made = await t.api('post', '/positions', {
    token,
    body: {
      fiscalYear: 2026,
      title: 'Reading Specialist',
      buildingId: w.school,
      categoryId: w.teachers,
      deseCode: '2305',
      workGroupId: w.teacherGroup,
      fte: 1,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made;
}

/** FY2027 voted: Superintendent's Recommended, then School Committee Adopted (which locks it). */
export async function voteYear(at: Planned, adminToken: string): Promise<void> {
  for (const [stage, date] of [
    ['SUPERINTENDENT_RECOMMENDED', '2026-02-10'],
    ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
  ]) {
    const res = await at.t.api('post', '/budget-stages/advance', {
      token: adminToken,
      body: { ...at.planned, stage, date },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
