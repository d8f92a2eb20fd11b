import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { plannedIn, seedDemoPlanned } from '../../test/worlds/demo-planned.world';

/**
 * The Budget Dashboard's staff figures for the demo's planned year FY27, which has no payroll of its
 * own (in budget year FY26 only projected employee lines, in budget year FY27 none at all): its
 * salaries are the budgeted cost of the FY26 roster, so the Employee and Headcount cards count that
 * roster's positions. Every figure is recomputed here from the positions, holders, lines and
 * schedule cells in integer arithmetic (cents, thousandths of an FTE), never through the cost rule;
 * FY26, which has its payroll, still counts its employee lines.
 */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

let budgetYearId: number;
/** The demo's budget year FY27, which holds no lines at all. */
let laterBudgetYearId: number;

const cents = (text: string | number) => {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const milli = (text: string | number) => {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
};
/** num / den rounded half away from zero (both non-negative). */
const roundDiv = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

interface Want {
  count: number;
  fte: bigint;
  cost: bigint;
  people: number;
  filled: number;
  vacant: number;
}

/** The FY2026 roster's funded positions by building id ('*': all), from the tables. */
async function rosterByBuilding(): Promise<Map<string, Want>> {
  const db = t.db.knex;
  const positions = await db.raw(
    `SELECT p.id, p.status, p.fte::text AS fte, p.building_id, p.work_group_id, p.vacancy_step, p.vacancy_lane
       FROM positions p JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
      WHERE p.fiscal_year = 2026 AND p.status IN ('filled', 'vacant', 'posted')`,
  );
  const holders = await db.raw(
    `SELECT h.position_id, h.fte_share::text AS share, li.next_year_salary::text AS next,
            li.current_salary::text AS salary, li.current_fte::text AS fte
       FROM position_holders h JOIN line_items li ON li.id = h.line_item_id`,
  );
  const cells = await db.raw(
    `SELECT ss.work_group_id, a.step, a.lane, a.amount::text AS amount FROM salary_schedule_amounts a
       JOIN salary_schedules ss ON ss.id = a.schedule_id WHERE a.fiscal_year = 2027`,
  );
  const placements = (await db.raw(`SELECT work_group_id, step, lane FROM vacancy_placements`)).rows;
  const out = new Map<string, Want>();
  for (const p of positions.rows) {
    let cost = 0n;
    let people = 0;
    if (p.status === 'filled') {
      for (const h of holders.rows.filter((x: { position_id: number }) => x.position_id === p.id)) {
        const fte = h.fte && milli(h.fte) !== 0n ? milli(h.fte) : 1000n;
        cost += roundDiv(cents(h.next ?? h.salary ?? '0') * milli(h.share), fte);
        people += 1;
      }
    } else {
      const placed = p.vacancy_step
        ? { step: p.vacancy_step, lane: p.vacancy_lane }
        : placements.find((v: { work_group_id: number }) => v.work_group_id === p.work_group_id);
      const cell = placed
        ? cells.rows.find(
            (c: { work_group_id: number; step: number; lane: string }) =>
              c.work_group_id === p.work_group_id && c.step === placed.step && c.lane === placed.lane,
          )
        : undefined;
      cost = cell ? roundDiv(cents(cell.amount) * milli(p.fte), 1000n) : 0n;
    }
    for (const key of [String(p.building_id), '*']) {
      const w = out.get(key) ?? { count: 0, fte: 0n, cost: 0n, people: 0, filled: 0, vacant: 0 };
      w.count += 1;
      w.fte += milli(p.fte);
      w.cost += cost;
      w.people += people;
      w.filled += p.status === 'filled' ? 1 : 0;
      w.vacant += p.status === 'filled' ? 0 : 1;
      out.set(key, w);
    }
  }
  return out;
}

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
      const want = await rosterByBuilding();
      const all = want.get('*')!;
      expect(all.count).toBeGreaterThan(0);
      const res = await stats(2027, finance.token, by());
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.source).toBe('roster');
      expect(body.roster).toMatchObject({ fiscalYear: 2026, filled: all.filled, vacant: all.vacant });
      expect(body.roster.holders).toBe(all.people);
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
    const want = await rosterByBuilding();
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
      if (w.people > 0 && w.people < 5) {
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
    expect(cents(res.body.dashboard.payroll)).not.toBe((await rosterByBuilding()).get('*')!.cost);
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
    const want = await rosterByBuilding();
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
