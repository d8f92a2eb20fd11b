import { beforeAll, describe, expect, it } from 'vitest';
import { positionCosts } from '@server/sql/position-cost';
import { useApp } from '../../../test/use-app';
import { buildPositionsWorld, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines } from './index';
import { presentTotals } from './positions';
import { TOTALS } from './queries/positions';
import { cachedTotals } from './queries/totals';
import { positionListQuery } from '@shared/schemas/positions';

/**
 * The list's totals come from cost rows kept between reads (queries/cost-cache.ts), costed again
 * only where something changed. Whatever writes the tables (here plain SQL, as another process or
 * a migration would, so no writer of ours is told), the totals read next are the ones the cost rule
 * gives over every position, costed afresh: a changed salary, a deleted holder, a deleted employee
 * line, a position deleted and another added, a schedule amount and a vacancy placement.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

/** The totals over every position, costed afresh by the rule (server/sql/position-cost.ts). */
async function costedAfresh(where = 'true') {
  const { rows } = await t.db.knex.raw(
    `SELECT ${TOTALS} FROM (${positionCosts({ budgetYearId: w.budgetYearId, fiscalYear: 2026 })}) f WHERE ${where}`,
  );
  return presentTotals(rows[0]);
}

/**
 * The totals from the kept rows: through the API (which reads them on PostgreSQL) and from the cache
 * itself (so PGlite, whose list totals in SQL, tests it too); both must agree.
 */
async function listed(query = '') {
  const res = await t.api('get', `/positions?fiscalYear=2026&limit=1${query}`, { token: finance.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = positionListQuery.parse(Object.fromEntries(new URLSearchParams(`fiscalYear=2026${query}`)));
  const kept = await cachedTotals(t.db.knex, { budgetYearId: w.budgetYearId, fiscalYear: 2026 }, parsed);
  expect(presentTotals(kept)).toEqual(res.body.totals);
  return res.body.totals;
}

async function expectFresh() {
  expect(await listed()).toEqual(await costedAfresh());
  expect(await listed(`&buildingId=${w.school}&status=filled`)).toEqual(
    await costedAfresh(`f.building_id = ${w.school} AND f.status = 'filled'`),
  );
  expect(await listed('&status=vacant,posted')).toEqual(
    await costedAfresh(`f.status IN ('vacant', 'posted')`),
  );
}

describe('the totals after writes no writer of ours made', () => {
  it('follow each change, to the cent', async () => {
    const db = t.db.knex;
    const before = await listed();
    expect(before.positions).toBe(4);
    // Ada 61,800.01 + Ben 72,100.03 + Cy 30,900.05 + Di 49,440.07 (each holds a whole position).
    expect(before.budgetedCost).toBe(214240.16);
    await expectFresh();

    await db('line_items').where({ id: w.people.ada }).update({ next_year_salary: '61900.49' });
    expect((await listed()).budgetedCost).toBe(214340.64);
    await expectFresh();

    // A holder gone with its position untouched: the position is vacant in all but its status.
    await db('position_holders').where({ line_item_id: w.people.ben }).delete();
    expect((await listed()).budgetedCost).toBe(142240.61);
    await expectFresh();

    // A deleted employee line takes its holders with it (a trigger).
    await db('line_items').where({ id: w.people.cy }).delete();
    await expectFresh();

    // One position deleted and another added: as many positions as before.
    const [gone] = await db('positions').where({ budget_year_id: w.budgetYearId }).orderBy('id').pluck('id');
    await db('positions').where({ id: gone }).delete();
    await db('positions').insert({
      budget_year_id: w.budgetYearId,
      fiscal_year: 2026,
      title: 'Reading Specialist',
      building_id: w.school,
      category_id: w.teachers,
      work_group_id: w.teacherGroup,
      fte: 0.5,
      status: 'vacant',
      vacancy_step: 1,
      vacancy_lane: 'BA',
    });
    expect((await listed()).positions).toBe(4);
    await expectFresh();

    // Pricing: the schedule's amount for the vacancy's cell, then a placement for the work group.
    await db('salary_schedule_amounts').where({ step: 1, lane: 'BA' }).update({ amount: '50001.01' });
    await expectFresh();
    await db('positions')
      .where({ title: 'Reading Specialist' })
      .update({ vacancy_step: null, vacancy_lane: null });
    await expectFresh();
    await db('vacancy_placements').insert({ work_group_id: w.teacherGroup, step: 2, lane: 'MA' });
    await expectFresh();
  });
});
