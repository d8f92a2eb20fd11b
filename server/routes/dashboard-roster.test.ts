import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { plannedIn, seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, milli, rosterPlaces } from '../../test/worlds/demo-roster';

/**
 * The Budget Dashboard's staff figures for the demo's planned year FY27, which has no payroll of its
 * own (in budget year FY26 only projected employee lines, in budget year FY27 none at all): its
 * salaries are the budgeted cost of the FY26 roster, so the Employee and Headcount cards count that
 * roster's positions and the people who hold them, each once. Every figure is recomputed from the
 * positions, holders, lines and schedule cells in integer arithmetic (cents, thousandths of an FTE),
 * never through the cost rule (test/worlds/demo-roster.ts rosterPlaces); FY26, which has its
 * payroll, still counts its employee lines.
 */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

let budgetYearId: number;
/** The demo's budget year FY27, which holds no lines at all. */
let laterBudgetYearId: number;

const stats = (fy: number, token = finance.token, by = budgetYearId) =>
  t.api('get', `/line-items/budget/stats?budgetYearId=${by}&fiscalYear=${fy}`, { token });

interface Building {
  buildingId: number | null;
  count: number;
  total: number | null;
  fte: number;
}

beforeAll(async () => {
  ({ budgetYearId, laterBudgetYearId } = await seedDemoPlanned(t, 'dashboard-roster-pass'));
}, 120_000);

describe('the dashboard staff figures of a planned year', () => {
  it.each(plannedIn(() => ({ budgetYearId, laterBudgetYearId })))(
    'FY27 (%s) counts the FY26 roster: positions, FTE and cost by building',
    async (_, by) => {
      const want = await rosterPlaces(t.db.knex);
      const all = want.get('*')!;
      expect(all.count).toBeGreaterThan(0);
      const res = await stats(2027, finance.token, by());
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.source).toBe('roster');
      expect(body.roster).toMatchObject({
        fiscalYear: 2026,
        filled: all.filled,
        vacant: all.count - all.filled,
      });
      expect(body.roster.holders).toBe(all.people.size);
      expect(body.totalEmployees).toBe(all.count);
      expect(milli(body.totalFte)).toBe(all.fte);
      expect(cents(body.totalSalary)).toBe(all.cost);
      expect(body.byBuilding.length).toBe(want.size - 1);
      for (const b of body.byBuilding as Building[]) {
        const w = want.get(String(b.buildingId))!;
        expect(
          { count: b.count, fte: milli(b.fte), cost: cents(b.total!) },
          `building ${b.buildingId}`,
        ).toEqual({
          count: w.count,
          fte: w.fte,
          cost: w.cost,
        });
      }
      const headcount = await t.api(
        'get',
        `/line-items/headcount-by-location?budgetYearId=${by()}&fiscalYear=2027`,
        { token: finance.token },
      );
      expect(headcount.status).toBe(200);
      expect(headcount.body.source).toBe('roster');
      expect(headcount.body.totalEmployees).toBe(all.count);
      expect(cents(headcount.body.totalSalary)).toBe(all.cost);
    },
  );

  it('a reader who may not see pay gets the same counts, a building of 1 to 4 holders without its pay', async () => {
    const want = await rosterPlaces(t.db.knex);
    const general = await t.api(
      'get',
      `/line-items/budget/stats?budgetYearId=${budgetYearId}&fiscalYear=2027&funds=general`,
      { token: viewer.token },
    );
    expect(general.status).toBe(200);
    expect(general.body.source).toBe('roster');
    const body = (await stats(2027, viewer.token)).body;
    expect(body.totalEmployees).toBe(want.get('*')!.count);
    for (const b of body.byBuilding as Building[]) {
      const w = want.get(String(b.buildingId))!;
      expect(b.count).toBe(w.count);
      if (w.people.size > 0 && w.people.size < 5) {
        expect(b.total, `building ${b.buildingId}`).toBeNull();
      } else if (b.total !== null) {
        expect(cents(b.total)).toBe(w.cost);
      }
    }
  });

  it('FY26 (its own payroll) still counts its employee lines', async () => {
    const { rows } = await t.db.knex.raw(
      `SELECT count(*)::int AS n, coalesce(sum(li.current_salary), 0)::text AS pay
         FROM line_items li LEFT JOIN scenarios s ON s.id = li.scenario_id
        WHERE li.budget_year_id = ? AND li.fiscal_year = 2026 AND li.is_operating
          AND (li.scenario_id IS NULL OR s.is_active)`,
      [budgetYearId],
    );
    const body = (await stats(2026)).body;
    expect(body.source).toBe('lines');
    expect(body.roster).toBeNull();
    expect(body.totalEmployees).toBe(rows[0].n);
    expect(cents(body.totalSalary)).toBe(cents(rows[0].pay));
  });

  it('a year with neither employee lines nor a roster before it says so', async () => {
    const body = (await stats(2031)).body;
    expect(body).toMatchObject({ source: 'none', roster: null, totalEmployees: 0, byBuilding: [] });
  });

  it('the DESE report of FY27 sets its payroll by code against the same employee lines, not the roster', async () => {
    const res = await t.api('get', `/dese-report?budgetYearId=${budgetYearId}&fiscalYear=FY2027`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    const { rows } = await t.db.knex.raw(
      `SELECT coalesce(sum(li.current_salary), 0)::text AS pay
         FROM line_items_all li LEFT JOIN scenarios s ON s.id = li.scenario_id
        WHERE li.budget_year_id = ? AND li.fiscal_year = 2027 AND li.is_operating
          AND (li.scenario_id IS NULL OR s.is_active)`,
      [budgetYearId],
    );
    expect(cents(rows[0].pay)).toBeGreaterThan(0n);
    // The workbook's 'Difference (0 when the report agrees)' row is the one less the other.
    expect(cents(res.body.dashboard.payroll)).toBe(cents(res.body.totals.payroll));
    expect(cents(res.body.dashboard.payroll)).toBe(cents(rows[0].pay));
    // ...and the roster's budgeted cost, which the dashboard's own cards show, is another figure.
    expect(cents(res.body.dashboard.payroll)).not.toBe((await rosterPlaces(t.db.knex)).get('*')!.cost);
  });

  it('a building of 2 holders has its pay withheld from a reader who may not see it, not from finance', async () => {
    const db = t.db.knex;
    const [small] = await db('buildings').insert({ name: 'Tiny Annex' }).returning('id');
    const two = await db('positions')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'filled' })
      .orderBy('id')
      .limit(2)
      .pluck('id');
    await db('positions').whereIn('id', two).update({ building_id: small.id });
    const want = await rosterPlaces(t.db.knex);
    const annex = (body: { byBuilding: Building[] }) =>
      body.byBuilding.find((b) => b.buildingId === small.id)!;
    const seen = (await stats(2027, viewer.token)).body;
    expect(annex(seen)).toMatchObject({ count: 2, total: null });
    // Enough other pay is withheld that the total cannot give the two back.
    expect(seen.byBuilding.filter((b: Building) => b.total === null).length).toBeGreaterThan(1);
    const full = (await stats(2027)).body;
    expect(cents(annex(full).total!)).toBe(want.get(String(small.id))!.cost);
  });
});
