import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { verifyPassword } from '@server/lib/passwords';
import { createTestDb } from '../test/db';
import { buildDemoDistrict, proposedTotalCents } from './demo-district';
import { GRADES_BY_TYPE } from './demo-enrollment';
import { isDatabaseEmpty, seedDemo } from './demo';

const PASSWORD = 'demo-persona-password';

/** One number from a single-row aggregate query. */
async function scalar(knex: Knex, sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<number> {
  const { rows } = await knex.raw(sql, bindings);
  return Number(Object.values(rows[0])[0]);
}

describe('seedDemo', () => {
  let db: DbHandle;
  let knex: Knex;
  let counts: { employees: number; proposedLines: number };
  let seconds: number;

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    expect(await isDatabaseEmpty(knex)).toBe(true);
    const started = performance.now();
    counts = await seedDemo(knex, {
      personaPassword: PASSWORD,
      passwordCost: Number(process.env.PASSWORD_COST ?? 10),
    });
    seconds = (performance.now() - started) / 1000;
  });
  afterAll(() => db?.close());

  it('loads a district of about 500 employees and a proposed budget, quickly', async () => {
    expect(counts.employees).toBeGreaterThanOrEqual(450);
    expect(counts.employees).toBeLessThanOrEqual(600);
    expect(counts.proposedLines).toBeGreaterThanOrEqual(100);
    expect(counts.proposedLines).toBeLessThanOrEqual(300);
    const fy26 = await knex('line_items').where({ fiscal_year: 2026, is_operating: true }).count({ n: '*' });
    expect(Number(fy26[0].n)).toBe(counts.employees);
    // The proposed lines as the Scenario Builder counts them ('190 lines'), grants' shares included.
    const proposed = await knex('line_items')
      .where({ fiscal_year: 2026, is_operating: false })
      .count({ n: '*' });
    expect(counts.proposedLines).toBe(Number(proposed[0].n));
    expect(await isDatabaseEmpty(knex)).toBe(false);
    // The brief asks for ~5 s on PGlite; the bound is looser so a busy CI machine does not flake.
    expect(seconds).toBeLessThan(20);
  });

  it('gives every line an existing category, and a building or District Wide (null)', async () => {
    const orphans = await scalar(
      knex,
      `SELECT count(*) FROM line_items li
       LEFT JOIN budget_categories c ON c.id = li.category_id
       LEFT JOIN buildings b ON b.id = li.building_id
       WHERE c.id IS NULL OR (li.building_id IS NOT NULL AND b.id IS NULL)`,
    );
    expect(orphans).toBe(0);
    expect(await scalar(knex, 'SELECT count(*) FROM buildings')).toBe(8);
    expect(
      await scalar(knex, `SELECT count(*) FROM line_items WHERE building_id IS NULL AND NOT is_operating`),
    ).toBeGreaterThan(0);
    const badCodes = await knex('line_items').whereNull('dese_code').count({ n: '*' });
    expect(Number(badCodes[0].n)).toBe(0);
  });

  it('has plausible totals for FY26', async () => {
    const operating = await scalar(
      knex,
      'SELECT sum(current_salary) FROM line_items WHERE fiscal_year = 2026 AND is_operating',
    );
    expect(operating).toBeGreaterThan(25_000_000);
    expect(operating).toBeLessThan(80_000_000);
    const proposed = await scalar(
      knex,
      'SELECT sum(amount) FROM line_items WHERE fiscal_year = 2026 AND NOT is_operating',
    );
    expect(proposed).toBeGreaterThan(operating);
    expect(proposed).toBeLessThan(100_000_000);
    const goal = await scalar(knex, 'SELECT dollar_goal FROM town_goals WHERE fiscal_year = 2026');
    expect(Math.abs(goal - proposed) / proposed).toBeLessThan(0.1);
  });

  it('stores money exactly: SQL totals equal the sums of the generated values', async () => {
    const district = buildDemoDistrict();
    for (const fy of [2025, 2026]) {
      const salaries = district.employees
        .filter((e) => e.fiscalYear === fy)
        .reduce((sum, e) => sum + e.salaryCents, 0);
      // The entered (manual) next-year salaries; the automatic ones are the rule's (tested below).
      const next = district.employees
        .filter((e) => e.fiscalYear === fy && e.nextYearSalaryManual)
        .reduce((sum, e) => sum + (e.nextYearSalaryCents ?? 0), 0);
      const bindings = [fy];
      expect(
        await scalar(
          knex,
          'SELECT sum(current_salary * 100)::bigint FROM line_items WHERE fiscal_year = ? AND is_operating',
          bindings,
        ),
      ).toBe(salaries);
      expect(
        await scalar(
          knex,
          'SELECT coalesce(sum(next_year_salary * 100), 0)::bigint FROM line_items WHERE fiscal_year = ? AND is_operating AND next_year_salary_manual',
          bindings,
        ),
      ).toBe(next);
      expect(
        await scalar(
          knex,
          'SELECT sum(amount * 100)::bigint FROM line_items WHERE fiscal_year = ? AND NOT is_operating',
          bindings,
        ),
      ).toBe(proposedTotalCents(district.proposed, fy));
    }
  });

  it('is deterministic', () => {
    const a = buildDemoDistrict();
    const b = buildDemoDistrict();
    expect(JSON.stringify([a.employees, a.proposed, a.enrollment])).toBe(
      JSON.stringify([b.employees, b.proposed, b.enrollment]),
    );
  });

  it('sets up FY25-FY27 with one active operating and one active proposed budget each', async () => {
    const years = await knex('budget_years')
      .orderBy('current_fiscal_year')
      .select('id', 'fiscal_year', 'current_fiscal_year');
    expect(years.map((y) => [y.fiscal_year, y.current_fiscal_year])).toEqual([
      ['FY25', 2025],
      ['FY26', 2026],
      ['FY27', 2027],
    ]);
    for (const year of years) {
      const scenarios = await knex('scenarios')
        .where({ budget_year_id: year.id })
        .select('scenario_type', 'is_active');
      expect(
        scenarios
          .filter((s) => s.is_active)
          .map((s) => s.scenario_type)
          .sort(),
      ).toEqual(['operating', 'proposed']);
      expect(scenarios.filter((s) => !s.is_active)).toHaveLength(1);
    }
    expect(await scalar(knex, `SELECT count(*) FROM budget_versions WHERE status = 'DRAFT'`)).toBe(3);
    expect(
      await scalar(
        knex,
        `SELECT count(*) FROM budget_settings WHERE step_lane_adjustment_type = 'PERCENTAGE' AND step_lane_adjustment_value = 1.5`,
      ),
    ).toBe(3);
  });

  it('projects FY27 employees and gives FY26 employees a next-year salary', async () => {
    expect(
      await scalar(
        knex,
        'SELECT count(*) FROM line_items WHERE fiscal_year = 2027 AND is_operating AND NOT is_projected',
      ),
    ).toBe(0);
    expect(
      await scalar(knex, 'SELECT count(*) FROM line_items_all WHERE fiscal_year = 2027 AND is_operating'),
    ).toBeGreaterThan(400);
    const missing = await scalar(
      knex,
      `SELECT count(*) FROM line_items WHERE fiscal_year = 2026 AND is_operating AND employee_status = 'Active'
       AND next_year_salary IS NULL AND NOT needs_review`,
    );
    expect(missing).toBe(0);
    const departing = await knex('line_items')
      .where({ fiscal_year: 2026 })
      .whereIn('employee_status', ['Retiring', 'Inactive'])
      .select('next_year_salary');
    expect(departing.length).toBeGreaterThanOrEqual(3);
    expect(departing.every((d) => d.next_year_salary === null)).toBe(true);
  });

  it('leaves work for the data-quality screens: review flags and likely duplicates', async () => {
    const flagged = await knex('line_items').where({ needs_review: true }).select('metadata');
    expect(flagged.length).toBeGreaterThanOrEqual(5);
    expect(flagged.every((f) => f.metadata.importWarnings.length > 0)).toBe(true);
    const pairs = await knex('line_items')
      .where({ fiscal_year: 2026, is_operating: true })
      .whereIn('last_name', ["O'Brien", 'OBrien', 'Silva', 'Rodrigues', 'Rodriguez'])
      .select('first_name', 'last_name');
    expect(pairs).toHaveLength(6);
  });

  it('flags nothing against a salary schedule the demo district does not keep', async () => {
    // QA: Data Quality read 'Salary is below the step 1 minimum for the lane' and 'placed by years of
    // service' while COLA → Salary Schedules said 'No salary schedules yet'.
    expect(await scalar(knex, 'SELECT count(*) FROM salary_schedules')).toBe(0);
    const flagged = await knex('line_items').where({ needs_review: true }).select('metadata');
    const warnings = flagged.flatMap((f) => f.metadata.importWarnings as string[]);
    expect(warnings.filter((w) => /step 1|minimum for the lane|years of service/i.test(w))).toEqual([]);
  });

  it('enrolls students in the grades of each building type', async () => {
    const rows = await knex('enrollment as e')
      .join('buildings as b', 'b.id', 'e.building_id')
      .join('budget_years as y', 'y.id', 'e.budget_year_id')
      .where('y.fiscal_year', 'FY26')
      .select('b.building_type', 'e.grade', 'e.student_count');
    for (const row of rows) {
      expect(GRADES_BY_TYPE[row.building_type as keyof typeof GRADES_BY_TYPE]).toContain(row.grade);
      expect(row.student_count).toBeGreaterThan(0);
    }
    const students = rows.reduce((sum, r) => sum + r.student_count, 0);
    expect(students).toBeGreaterThan(3000);
  });

  it('plans goals, contracts and COLA', async () => {
    const goals = await knex('town_goals').orderBy('fiscal_year').select('fiscal_year', 'goal_type');
    expect(goals.map((g) => g.fiscal_year)).toEqual([2025, 2026, 2027]);
    expect(goals.some((g) => g.goal_type === 'PERCENT')).toBe(true);
    const teacherRates = await knex('contract_cola_rates as r')
      .join('contracts as c', 'c.id', 'r.contract_id')
      .join('work_groups as w', 'w.id', 'c.work_group_id')
      .where({ 'w.name': 'Teachers', 'c.status': 'SETTLED' })
      .orderBy('r.fiscal_year')
      .select('r.fiscal_year', 'r.cola_percentage');
    expect(teacherRates).toEqual([
      { fiscal_year: 2025, cola_percentage: 2.5 },
      { fiscal_year: 2026, cola_percentage: 4 },
      { fiscal_year: 2027, cola_percentage: 3.5 },
    ]);
    const statuses = await knex('contracts').distinct('status').pluck('status');
    expect(statuses.sort()).toEqual(['EXPIRED', 'NEGOTIATING', 'SETTLED']);
    expect(await scalar(knex, 'SELECT count(*) FROM cola_settings')).toBeGreaterThan(12);
    const dashboard = await knex('public_dashboard_configs').where({ url_path: 'demo' }).first();
    expect(dashboard.is_published).toBe(false);
    expect(
      await scalar(knex, 'SELECT count(*) FROM public_dashboard_links WHERE config_id = ?', [dashboard.id]),
    ).toBeGreaterThanOrEqual(2);
  });

  it('creates the finance and viewer personas with the given password', async () => {
    const users = await knex('users').orderBy('email').select('name', 'email', 'role', 'password_hash');
    expect(users.map((u) => [u.name, u.email, u.role])).toEqual([
      ['Fran Finance', 'finance@example.org', 'FINANCE'],
      ['Vic Viewer', 'viewer@example.org', 'VIEW_ONLY'],
    ]);
    expect(await verifyPassword(PASSWORD, users[0].password_hash)).toBe(true);
  });

  it('attributes no import or version to a FINANCE user (imports are ADMIN work; no admin yet: nobody)', async () => {
    const runs = await knex('import_runs').select('user_id');
    const versions = await knex('budget_versions').select('uploaded_by');
    expect(runs.length).toBeGreaterThan(0);
    expect(versions.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.user_id === null)).toBe(true);
    expect(versions.every((v) => v.uploaded_by === null)).toBe(true);
  });

  it('refuses to load twice and leaves the data as it was', async () => {
    const before = await scalar(knex, 'SELECT count(*) FROM line_items');
    await expect(seedDemo(knex, { personaPassword: PASSWORD, passwordCost: 10 })).rejects.toThrow(
      'Demo data already loaded',
    );
    expect(await scalar(knex, 'SELECT count(*) FROM line_items')).toBe(before);
    expect(await scalar(knex, 'SELECT count(*) FROM users')).toBe(2);
  });
});

describe('seedDemo after an administrator exists', () => {
  let db: DbHandle;
  afterAll(() => db?.close());

  it('names that administrator on the seeded imports and versions', async () => {
    db = await createTestDb();
    const [admin] = await db
      .knex('users')
      .insert({
        name: 'Ada Admin',
        email: 'ada@example.org',
        role: 'ADMIN',
        password_hash: 'x',
        is_active: true,
      })
      .returning('id');
    await seedDemo(db.knex, { personaPassword: PASSWORD, passwordCost: 10 });
    const runs = await db.knex('import_runs').distinct('user_id');
    const versions = await db.knex('budget_versions').distinct('uploaded_by');
    expect(runs).toEqual([{ user_id: admin.id }]);
    expect(versions).toEqual([{ uploaded_by: admin.id }]);
  });
});
