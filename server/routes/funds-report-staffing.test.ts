import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { plannedIn, seedDemoPlanned } from '../../test/worlds/demo-planned.world';

/**
 * The staffing each fund pays, on the budget of all funds (GET /funds/report), is that of the source
 * the year's salary lines follow. The demo's FY26 has a payroll of its own: each fund pays the FTE
 * and people of its employee lines, and no roster's positions (FY25's do not set its budget). Its
 * planned year FY27 has none: each fund pays the FY26 roster's funded positions by their fund
 * shares. A year with neither says nothing. Every figure is recomputed here from the tables, FTE in
 * thousandths, never through the report's queries.
 */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

let budgetYearId: number;
let laterBudgetYearId: number;
let general: number;

const milli = (text: string | number) => {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
};

interface Staff {
  fte: bigint;
  count: number;
}

/** Sums of [fund id, fte text] rows by fund: FTE in thousandths and how many rows. */
function byFund(rows: { fund_id: number | null; fte: string | null }[]): Map<number, Staff> {
  const out = new Map<number, Staff>();
  for (const r of rows) {
    const fund = r.fund_id ?? general;
    const s = out.get(fund) ?? { fte: 0n, count: 0 };
    out.set(fund, { fte: s.fte + (r.fte === null ? 0n : milli(r.fte)), count: s.count + 1 });
  }
  return out;
}

/** The employee lines of a budget year's fiscal year that count (no budget, or the active one's). */
async function employeesByFund(by: number, fiscalYear: number) {
  const { rows } = await t.db.knex.raw(
    `SELECT li.fund_id, li.current_fte::text AS fte
       FROM line_items_all li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating
        AND (li.scenario_id IS NULL
             OR li.scenario_id IN (SELECT id FROM scenarios WHERE is_active)
             OR NOT EXISTS (SELECT 1 FROM scenarios s WHERE s.is_active AND s.budget_year_id = li.budget_year_id
                              AND s.scenario_type = 'operating'))`,
    [by, fiscalYear],
  );
  return byFund(rows);
}

/** The FY2026 roster's funded positions (filled, vacant, posted), each fund's share of them. */
async function rosterByFund() {
  const { rows } = await t.db.knex.raw(
    `SELECT s.fund_id, coalesce(s.fte, p.fte)::text AS fte
       FROM positions p
       JOIN fiscal_year_homes h ON h.budget_year_id = p.budget_year_id AND h.fiscal_year = p.fiscal_year
       LEFT JOIN position_fund_shares s ON s.position_id = p.id
      WHERE p.fiscal_year = 2026 AND p.status IN ('filled', 'vacant', 'posted')`,
  );
  return byFund(rows);
}

interface Fund {
  fundId: number;
  code: string;
  positions: { fte: number; count: number };
  payroll: { fte: number; people: number };
}

const report = async (by: number, fiscalYear: number, token = finance.token) => {
  const res = await t.api('get', `/funds/report?budgetYearId=${by}&fiscalYear=${fiscalYear}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    positionsRoster: { budgetYearId: number; fiscalYear: number } | null;
    payroll: { budgetYearId: number; fiscalYear: number } | null;
    funds: Fund[];
  };
};
const staffOf = (s: { fte: number }, count: number) => ({ fte: milli(s.fte.toFixed(3)), count });
const nobody = { fte: 0n, count: 0 };

beforeAll(async () => {
  ({ budgetYearId, laterBudgetYearId } = await seedDemoPlanned(t, 'funds-report-staffing-pass'));
  general = (await t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
});

describe("the staffing each fund pays, from the source the year's salary lines follow", () => {
  it("FY26, with its own payroll: each fund's people and FTE of its employee lines, no roster", async () => {
    const want = await employeesByFund(budgetYearId, 2026);
    expect(want.get(general)?.count).toBeGreaterThan(100);
    for (const token of [finance.token, viewer.token]) {
      const r = await report(budgetYearId, 2026, token);
      expect(r.payroll).toEqual({ budgetYearId, fiscalYear: 2026 });
      expect(r.positionsRoster).toBeNull();
      for (const f of r.funds) {
        // Counts and FTE are no one's pay: every reader gets them.
        expect(staffOf(f.payroll, f.payroll.people), `fund ${f.code}`).toEqual(want.get(f.fundId) ?? nobody);
        expect(f.positions).toEqual({ fte: 0, count: 0 });
      }
    }
  });

  it.each(plannedIn(() => ({ budgetYearId, laterBudgetYearId })))(
    "FY27, planned in %s: each fund's share of the FY26 roster's positions, no payroll",
    async (_name, by) => {
      const want = await rosterByFund();
      expect(want.get(general)?.count).toBeGreaterThan(100);
      const r = await report(by(), 2027);
      expect(r.positionsRoster).toEqual({ budgetYearId, fiscalYear: 2026 });
      expect(r.payroll).toBeNull();
      for (const f of r.funds) {
        expect(staffOf(f.positions, f.positions.count), `fund ${f.code}`).toEqual(
          want.get(f.fundId) ?? nobody,
        );
        expect(f.payroll).toEqual({ fte: 0, people: 0 });
      }
    },
  );

  it('a year with neither a payroll nor a roster before it: no staffing', async () => {
    const r = await report(laterBudgetYearId, 2030);
    expect([r.positionsRoster, r.payroll]).toEqual([null, null]);
    for (const f of r.funds) {
      expect([f.positions, f.payroll]).toEqual([
        { fte: 0, count: 0 },
        { fte: 0, people: 0 },
      ]);
    }
  });
});
