import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildBudgetYear, buildBuilding, buildCategory, buildWorkGroup } from '../../../test/factories';
import { positionsFromLines } from './index';

/**
 * The positions list at 50,000 positions (the bench's big district): the first page, a filtered
 * list and the whole list are filtered, costed and totalled in SQL, with every row and the totals
 * over every match. How fast is measured by `npm run bench -- positions` (the first page with its
 * totals, the whole list, an edit), never here: a test holding the clock fails on a busy machine.
 */
const N = Number(process.env.POSITIONS_N ?? 50_000);
const { t, finance } = useApp(['FINANCE']);
let school: number;

beforeAll(async () => {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { label: 'FY26' });
  school = await buildBuilding(db);
  const other = await buildBuilding(db);
  const category = await buildCategory(db, { isPersonnel: true, deseFunction: '2305' });
  const group = await buildWorkGroup(db);
  await db.raw(
    `INSERT INTO line_items (budget_year_id, fiscal_year, is_operating, first_name, last_name, position, current_salary,
                             next_year_salary, current_fte, building_id, category_id, work_group_id)
     SELECT ?::integer, 2026, true, 'P', 'Person ' || g, 'Teacher', 50000 + g, 51000 + g, CASE WHEN g % 4 = 0 THEN 0.5 ELSE 1 END,
            CASE WHEN g % 10 = 0 THEN ?::integer ELSE ?::integer END, ?::integer, ?::integer
       FROM generate_series(1, ?::integer) g`,
    [budgetYearId, school, other, category, group, N],
  );
  expect(await positionsFromLines(db, { budgetYearId, actorLabel: 'test' })).toBe(N);
}, 300_000);

describe('at 50,000 positions', () => {
  it('draws the first page, a filtered list and the whole list with their totals', async () => {
    const list = async (query: string) => {
      const res = await t.api('get', `/positions?fiscalYear=2026${query}`, { token: finance.token });
      expect(res.status).toBe(200);
      return res;
    };
    const first = await list('&limit=100');
    expect(first.body.total).toBe(N);
    expect(first.body.positions).toHaveLength(100);
    // Every fourth person works half time: the totals are over every match, not the page.
    const half = Math.floor(N / 4);
    expect(first.body.totals).toMatchObject({ positions: N, fte: N - half / 2, filledFte: N - half / 2 });
    const filtered = await list(`&buildingId=${school}&status=filled&search=Person%2012`);
    expect(filtered.body.positions.length).toBeGreaterThan(0);
    expect(filtered.body.positions.every((p: { buildingId: number }) => p.buildingId === school)).toBe(true);
    const all = await list('');
    expect(all.body.positions).toHaveLength(N);
    expect(all.body.totals).toEqual(first.body.totals);
    expect((await t.api('get', '/positions/staffing?fiscalYear=2026', { token: finance.token })).status).toBe(
      200,
    );
    const one = first.body.positions[0];
    const moved = await t.api('patch', `/positions/${one.id}`, {
      token: finance.token,
      body: { version: one.version, buildingId: school },
    });
    expect(moved.status).toBe(200);
  }, 300_000);
});

describe('an Employee Manager edit at 50,000 positions', () => {
  it("sets the next year's salary lines of the edited holders' places", async () => {
    const db = t.db.knex;
    const edit = async (id: number, salary: number) => {
      const res = await t.api('patch', `/line-items/budget/${id}/next-year-salary`, {
        token: finance.token,
        body: { nextYearSalary: salary },
      });
      expect(res.status).toBe(200);
    };
    // A holder at the school (5,000 positions there) and one elsewhere (45,000).
    const at = async (building: number, sign: '=' | '<>') =>
      (
        await db.raw(
          `SELECT li.id FROM line_items li JOIN position_holders h ON h.line_item_id = li.id
            WHERE li.is_operating AND li.building_id ${sign} ? ORDER BY li.id LIMIT 1`,
          [building],
        )
      ).rows[0].id as number;
    await edit(await at(school, '='), 70000.01);
    await edit(await at(school, '<>'), 70000.02);
    // The salary line at the edited place holds the holders' new cost: the edit shows in FY2027.
    const { rows } = await db.raw(
      `SELECT sum(li.amount)::text AS amount FROM line_items li WHERE li.fiscal_year = 2027 AND NOT li.is_operating`,
    );
    expect(Number(rows[0].amount)).toBeGreaterThan(0);
  }, 300_000);
});
