import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildBudgetYear, buildBuilding, buildCategory, buildWorkGroup } from '../../../test/factories';
import { positionsFromLines } from './index';

/**
 * The positions list at 50,000 positions (the bench's big district): the first page and a filtered
 * list are filtered, costed and totalled in SQL, within a bound loose enough for a busy CI machine.
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
  const started = performance.now();
  expect(await positionsFromLines(db, { budgetYearId, actorLabel: 'test' })).toBe(N);
  process.stdout.write(`positionsFromLines ${N}: ${Math.round(performance.now() - started)} ms\n`);
}, 300_000);

describe('at 50,000 positions', () => {
  it('draws the first page, a filtered list and the whole list with their totals', async () => {
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await t.api('get', `/positions?fiscalYear=2026${query}`, { token: finance.token });
      expect(res.status).toBe(200);
      return { res, ms: Math.round(performance.now() - started) };
    };
    const first = await timed('&limit=100');
    process.stdout.write(`first page ${first.ms} ms\n`);
    expect(first.res.body.total).toBe(N);
    expect(first.res.body.positions).toHaveLength(100);
    const filtered = await timed(`&buildingId=${school}&status=filled&search=Person%2012`);
    expect(filtered.res.body.positions.every((p: { buildingId: number }) => p.buildingId === school)).toBe(
      true,
    );
    process.stdout.write(`filtered ${filtered.ms} ms\n`);
    const all = await timed('');
    expect(all.res.body.positions).toHaveLength(N);
    const summary = await timed('&limit=1');
    const staffing = performance.now();
    expect((await t.api('get', '/positions/staffing?fiscalYear=2026', { token: finance.token })).status).toBe(
      200,
    );
    const one = first.res.body.positions[0];
    const edit = performance.now();
    const moved = await t.api('patch', `/positions/${one.id}`, {
      token: finance.token,
      body: { version: one.version, buildingId: school },
    });
    expect(moved.status).toBe(200);
    const editMs = Math.round(performance.now() - edit);
    const timings = {
      edit: editMs,
      first: first.ms,
      filtered: filtered.ms,
      all: all.ms,
      again: summary.ms,
      staffing: Math.round(performance.now() - staffing),
    };
    process.stdout.write(`positions at ${N}: ${JSON.stringify(timings)} ms\n`);
    expect(first.ms).toBeLessThan(5000);
  }, 300_000);
});

describe('an Employee Manager edit at 50,000 positions', () => {
  it("sets the next year's salary lines at the edited holder's place only, and says how long it took", async () => {
    const db = t.db.knex;
    const timedEdit = async (id: number, salary: number) => {
      const started = performance.now();
      const res = await t.api('patch', `/line-items/budget/${id}/next-year-salary`, {
        token: finance.token,
        body: { nextYearSalary: salary },
      });
      expect(res.status).toBe(200);
      return Math.round(performance.now() - started);
    };
    const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];
    // A holder at the school (5,000 positions there) and one elsewhere (45,000).
    const at = async (building: number, sign: '=' | '<>') =>
      (
        await db.raw(
          `SELECT li.id FROM line_items li JOIN position_holders h ON h.line_item_id = li.id
            WHERE li.is_operating AND li.building_id ${sign} ? ORDER BY li.id LIMIT 1`,
          [building],
        )
      ).rows[0].id as number;
    const small = await at(school, '=');
    const large = await at(school, '<>');
    const smallMs = median([
      await timedEdit(small, 70000.01),
      await timedEdit(small, 70000.02),
      await timedEdit(small, 70000.03),
    ]);
    const largeMs = median([
      await timedEdit(large, 70000.01),
      await timedEdit(large, 70000.02),
      await timedEdit(large, 70000.03),
    ]);
    // The salary line at the edited place holds the holders' new cost: the edit shows in FY2027.
    const { rows } = await db.raw(
      `SELECT sum(li.amount)::text AS amount FROM line_items li WHERE li.fiscal_year = 2027 AND NOT li.is_operating`,
    );
    expect(Number(rows[0].amount)).toBeGreaterThan(0);
    process.stdout.write(
      `employee edit at ${N}: ${JSON.stringify({ smallPlace: smallMs, largePlace: largeMs })} ms\n`,
    );
  }, 300_000);
});
