import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, rosterPlaces, rosterRanges, splitTeacher } from '../../test/worlds/demo-roster';

/**
 * The Budget Dashboard's Employee card of the demo's planned year FY27 counts the people who hold
 * the FY26 roster's filled positions (roster.holders), each once, as its salary ranges count them:
 * a teacher who holds two half positions is one person, not two. Recomputed from the positions,
 * holders and lines (test/worlds/demo-roster.ts).
 */
const { t, finance } = useApp(['FINANCE']);

let budgetYearId: number;

const stats = (funds = 'all') =>
  t.api('get', `/line-items/budget/stats?budgetYearId=${budgetYearId}&fiscalYear=2027&funds=${funds}`, {
    token: finance.token,
  });

interface Range {
  rangeStart: number;
  count: number;
}

beforeAll(async () => {
  ({ budgetYearId } = await seedDemoPlanned(t, 'dashboard-roster-holders-pass'));
  await splitTeacher(t.db.knex, budgetYearId);
}, 120_000);

describe('the holders of a planned year’s roster', () => {
  it('count a person who holds two positions once, beside the positions filled', async () => {
    const all = (await rosterPlaces(t.db.knex)).get('*')!;
    // The split teacher's two positions are filled by one person: fewer people than holder rows.
    const { rows } = await t.db.knex.raw(
      `SELECT count(*)::int AS n FROM position_holders h JOIN positions p ON p.id = h.position_id
        WHERE p.fiscal_year = 2026 AND p.status = 'filled'`,
    );
    expect(all.people.size).toBeLessThan(rows[0].n);
    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('roster');
    expect(res.body.roster).toMatchObject({ filled: all.filled, holders: all.people.size });
    expect(res.body.totalEmployees).toBe(all.count);
    expect(cents(res.body.totalSalary)).toBe(all.cost);
  });

  it('count the people the salary ranges range: every ranged person is one holder', async () => {
    const holders = (await stats()).body.roster.holders;
    const res = await t.api(
      'get',
      `/line-items/salary-distribution?budgetYearId=${budgetYearId}&fiscalYear=2027&funds=all`,
      { token: finance.token },
    );
    const ranged = (rs: Range[]) => rs.reduce((n, r) => n + r.count, 0);
    const people =
      ranged(res.body.teachers) +
      ranged(res.body.paras) +
      res.body.excluded.teachers +
      res.body.excluded.paras;
    const want = [...(await rosterRanges(t.db.knex)).values()].reduce((n, c) => n + c, 0);
    expect(people).toBe(want);
    expect(people).toBeLessThanOrEqual(holders);
  });

  it('count each building’s people once too (the headcount by location is of the same positions)', async () => {
    const places = await rosterPlaces(t.db.knex);
    const res = await t.api(
      'get',
      `/line-items/headcount-by-location?budgetYearId=${budgetYearId}&fiscalYear=2027`,
      { token: finance.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.roster.holders).toBe(places.get('*')!.people.size);
    for (const l of res.body.locations as {
      buildingId: number | null;
      count: number;
      totalSalary: number;
    }[]) {
      const w = places.get(String(l.buildingId))!;
      expect({ count: l.count, cost: cents(l.totalSalary) }).toEqual({ count: w.count, cost: w.cost });
    }
  });
});
