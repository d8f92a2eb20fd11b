import { beforeAll, describe, expect, it } from 'vitest';
import { useDb } from '../test/use-db';
import { toCents } from '../test/factories';
import { seedDemo } from './demo';

/**
 * The demo's salary lines follow the function codes its people carry (a
 * principal is 2210 School Leadership, not the Administration category's 1210), one line per
 * category, building and code, so its DESE report, per-pupil table and resident page put each
 * payroll where the people are coded. Before, one line per category and building took the
 * category's code. Sums are read as text and added here in cents.
 */
describe('the demo district’s salary lines', () => {
  const db = useDb();
  let budgetYearId: number;
  beforeAll(async () => {
    await seedDemo(db.knex, { personaPassword: 'demo-persona-password', passwordCost: 10 });
    budgetYearId = (await db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  });

  /** (category, building, code) -> cents, of employees (operating) or proposed salary lines. */
  async function places(fiscalYear: number, operating: boolean): Promise<Map<string, bigint>> {
    const { rows } = await db.knex.raw(
      `SELECT li.category_id, li.building_id,
              coalesce(nullif(btrim(li.dese_code), ''), c.dese_function) AS code,
              (CASE WHEN li.is_operating THEN li.current_salary ELSE li.amount END)::text AS money
         FROM line_items_all li
         JOIN budget_categories c ON c.id = li.category_id AND c.is_personnel
         JOIN scenarios s ON s.id = li.scenario_id AND s.is_active
        WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating = ?`,
      [budgetYearId, fiscalYear, operating],
    );
    const out = new Map<string, bigint>();
    for (const r of rows) {
      const key = `${r.category_id}|${r.building_id}|${r.code}`;
      out.set(key, (out.get(key) ?? 0n) + (toCents(r.money) ?? 0n));
    }
    return new Map([...out].filter(([, c]) => c !== 0n));
  }

  for (const fiscalYear of [2025, 2026, 2027]) {
    it(`budgets FY${fiscalYear - 2000}'s salaries where its people are coded, close to their payroll`, async () => {
      const payroll = await places(fiscalYear, true);
      const lines = await places(fiscalYear, false);
      // School leadership is paid in the demo, and budgeted under its own code.
      expect([...payroll.keys()].some((k) => k.endsWith('|2210'))).toBe(true);
      expect([...lines.keys()].sort()).toEqual([...payroll.keys()].sort());
      if (fiscalYear === 2027) {
        // FY27 is projected (salaries by steps and COLA, lines by each category's growth): the
        // places follow, the amounts need not stay close.
        return;
      }
      for (const [key, cents] of payroll) {
        // Within the demo's variances (Food Services 12% under, Pupil Services about 6% over) and $100 rounding.
        const line = lines.get(key)!;
        expect(line * 100n >= cents * 87n && line * 100n <= cents * 108n + 10_000n, key).toBe(true);
      }
    });
  }
});
