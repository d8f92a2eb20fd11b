import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_RANGE_COUNT } from '@shared/schemas/dashboard';
import { useApp } from '../../test/use-app';
import { plannedIn, seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, PERSON, roleOf, rosterPeople, type Person, type Role } from '../../test/worlds/demo-roster';

/**
 * The Budget Dashboard's Teacher and Paraeducator Salaries of the demo's planned year FY27, which has
 * no payroll of its own: its salaries are the budgeted cost of the FY26 roster, so its salary ranges
 * are of the people the staff cards count, the holders of that roster's filled positions, at their
 * budgeted (next-year) salaries, each person once and at their whole salary. Every range is
 * recomputed from the positions, holders and lines in integer cents (test/worlds/demo-roster.ts
 * rosterPeople); who is a teacher or a paraeducator is classifyTitle's (the rule's TypeScript twin)
 * read as the lines' ranges read a line (roleOf).
 * FY26, which has its payroll, still ranges its employee lines.
 */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

let budgetYearId: number;
/** The demo's budget year FY27, which holds no lines at all. */
let laterBudgetYearId: number;

interface Range {
  rangeStart: number;
  count: number;
  min: bigint;
  max: bigint;
  avg: bigint;
}
type Want = Record<Role, Range[]> & { excluded: Record<Role, number>; people: Record<Role, number> };

/** Ranges of $10,000 in cents; a range of fewer than MIN_RANGE_COUNT people is only counted as hidden. */
function ranges(people: Person[]): Want {
  const bands = new Map<string, { role: Role; band: bigint; salaries: bigint[] }>();
  for (const p of people) {
    const salary = cents(p.salary ?? '0');
    const role = roleOf(p);
    if (salary <= 0n || !role) {
      continue;
    }
    const band = salary / 1_000_000n;
    const key = `${role}|${band}`;
    const b = bands.get(key) ?? { role, band, salaries: [] };
    b.salaries.push(salary);
    bands.set(key, b);
  }
  const want: Want = {
    teachers: [],
    paras: [],
    excluded: { teachers: 0, paras: 0 },
    people: { teachers: 0, paras: 0 },
  };
  for (const b of [...bands.values()].sort((x, y) => (x.band < y.band ? -1 : 1))) {
    const n = BigInt(b.salaries.length);
    const sum = b.salaries.reduce((a, v) => a + v, 0n);
    want.people[b.role] += b.salaries.length;
    if (b.salaries.length < MIN_RANGE_COUNT) {
      want.excluded[b.role] += b.salaries.length;
      continue;
    }
    want[b.role].push({
      rangeStart: Number(b.band * 10_000n),
      count: b.salaries.length,
      min: b.salaries.reduce((a, v) => (v < a ? v : a)),
      max: b.salaries.reduce((a, v) => (v > a ? v : a)),
      // Average to the cent, halves away from zero (salaries are positive).
      avg: (2n * sum + n) / (2n * n),
    });
  }
  return want;
}

/** FY26's own employee lines of the active budgets, at their current salary. */
async function linePeople(): Promise<Person[]> {
  const { rows } = await t.db.knex.raw(
    `SELECT li.current_salary::text AS salary, ${PERSON}
       FROM line_items_all li LEFT JOIN scenarios s ON s.id = li.scenario_id
       LEFT JOIN work_groups wg ON wg.id = li.work_group_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = 2026 AND li.is_operating
        AND (li.scenario_id IS NULL OR s.is_active)`,
    [budgetYearId],
  );
  return rows;
}

interface Shown {
  rangeStart: number;
  count: number;
  minSalary: number;
  maxSalary: number;
  avgSalary: number;
}
const shown = (rs: Shown[]): Range[] =>
  rs.map((r) => ({
    rangeStart: r.rangeStart,
    count: r.count,
    min: cents(r.minSalary),
    max: cents(r.maxSalary),
    avg: cents(r.avgSalary),
  }));

const distribution = (fy: number, by = budgetYearId, token = finance.token, funds = 'all') =>
  t.api('get', `/line-items/salary-distribution?budgetYearId=${by}&fiscalYear=${fy}&funds=${funds}`, {
    token,
  });

function expectRanges(body: { teachers: Shown[]; paras: Shown[]; excluded: Want['excluded'] }, want: Want) {
  expect(shown(body.teachers)).toEqual(want.teachers);
  expect(shown(body.paras)).toEqual(want.paras);
  expect(body.excluded).toEqual(want.excluded);
}

beforeAll(async () => {
  ({ budgetYearId, laterBudgetYearId } = await seedDemoPlanned(t, 'dashboard-salary-roster-pass'));
}, 120_000);

describe('the dashboard salary ranges of a planned year', () => {
  it.each(plannedIn(() => ({ budgetYearId, laterBudgetYearId })))(
    'FY27 (%s) ranges the FY26 roster’s holders at their budgeted salaries',
    async (_, by) => {
      const want = ranges(await rosterPeople(t.db.knex));
      expect(want.people.teachers).toBeGreaterThan(0);
      expect(want.people.paras).toBeGreaterThan(0);
      for (const token of [finance.token, viewer.token]) {
        const res = await distribution(2027, by(), token);
        expect(res.status).toBe(200);
        expectRanges(res.body, want);
        expect(res.body.source).toBe('roster');
        expect(res.body.roster).toEqual({ budgetYearId, fiscalYear: 2026 });
      }
    },
  );

  it('the staff cards and the salary cards of FY27 count from the same roster', async () => {
    const stats = await t.api(
      'get',
      `/line-items/budget/stats?budgetYearId=${budgetYearId}&fiscalYear=2027`,
      {
        token: finance.token,
      },
    );
    const salaries = (await distribution(2027)).body;
    expect({ source: salaries.source, ...salaries.roster }).toEqual({
      source: stats.body.source,
      budgetYearId: stats.body.roster.budgetYearId,
      fiscalYear: stats.body.roster.fiscalYear,
    });
    // Every person ranged holds a filled position: no more than the roster's holders.
    const ranged = (rs: Shown[]) => rs.reduce((n, r) => n + r.count, 0);
    const { teachers, paras } = salaries.excluded;
    const people = ranged(salaries.teachers) + ranged(salaries.paras) + teachers + paras;
    expect(people).toBeGreaterThan(0);
    expect(people).toBeLessThanOrEqual(stats.body.roster.holders);
  });

  it('a reader who may not see pay, general fund only, sees no range of fewer than 5', async () => {
    const res = await distribution(2027, budgetYearId, viewer.token, 'general');
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('roster');
    for (const r of [...res.body.teachers, ...res.body.paras] as Shown[]) {
      expect(r.count).toBeGreaterThanOrEqual(MIN_RANGE_COUNT);
    }
  });

  it('FY26 (its own payroll) still ranges its employee lines', async () => {
    const want = ranges(await linePeople());
    expect(want.people.teachers).toBeGreaterThan(0);
    const res = await distribution(2026);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'lines', roster: null });
    expectRanges(res.body, want);
  });

  it('a year with neither employee lines nor a roster before it says so', async () => {
    const res = await distribution(2031);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'none',
      roster: null,
      teachers: [],
      paras: [],
      excluded: { teachers: 0, paras: 0 },
    });
  });

  // Last: it changes the roster. A position's cost is its share of a holder's salary; the range is
  // of the person, so one split across two positions is counted once, at the whole salary.
  it('a teacher holding two half positions is one person in the range of their whole salary', async () => {
    const db = t.db.knex;
    const total = (b: { teachers: Shown[]; excluded: Want['excluded'] }) =>
      b.teachers.reduce((n, r) => n + r.count, 0) + b.excluded.teachers;
    const before = (await distribution(2027)).body;
    const { rows } = await db.raw(
      `SELECT h.position_id, h.line_item_id, ${PERSON}
         FROM position_holders h JOIN positions p ON p.id = h.position_id AND p.fiscal_year = 2026
         JOIN line_items li ON li.id = h.line_item_id
         LEFT JOIN work_groups wg ON wg.id = li.work_group_id
        WHERE p.status = 'filled' AND li.current_fte = 1 AND h.fte_share = 1
        ORDER BY h.line_item_id`,
    );
    const teacher = rows.find((r: Person) => roleOf(r) === 'teachers');
    const vacant = await db('positions')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'vacant' })
      .orderBy('id')
      .first('id');
    expect(teacher && vacant).toBeTruthy();
    await db('position_holders')
      .where({ position_id: teacher.position_id, line_item_id: teacher.line_item_id })
      .update({ fte_share: '0.5' });
    await db('positions').where({ id: vacant.id }).update({ status: 'filled' });
    await db('position_holders').insert({
      position_id: vacant.id,
      line_item_id: teacher.line_item_id,
      fte_share: '0.5',
    });
    const after = (await distribution(2027)).body;
    expect(total(after)).toBe(total(before));
    expect(after.teachers).toEqual(before.teachers);
    expectRanges(after, ranges(await rosterPeople(t.db.knex)));
  });
});
