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
