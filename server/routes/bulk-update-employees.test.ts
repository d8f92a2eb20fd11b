import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { token: string; id: number };
let finance: { token: string };
let viewer: { token: string };
let seq = 0;
let buildings: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWith('ADMIN');
  finance = await t.userWith('FINANCE');
  viewer = await t.userWith('VIEW_ONLY');
  const rows = await t.db
    .knex('buildings')
    .insert([
      { name: 'Bulk High School', code: 'BHS' },
      { name: 'Brookside Elementary School', code: 'BES' },
      { name: 'Riverview Middle School', code: null },
    ])
    .returning(['id', 'name']);
  buildings = Object.fromEntries(rows.map((r: { id: number; name: string }) => [r.name, r.id]));
});
afterAll(() => t.close());

async function budgetYear(): Promise<number> {
  seq += 1;
  const [row] = await t.db
    .knex('budget_years')
    .insert({ fiscal_year: `FY-bu${seq}`, name: `Bulk ${seq}`, current_fiscal_year: 2026 })
    .returning('id');
  return row.id;
}

async function employees(budgetYearId: number, rows: Record<string, unknown>[]): Promise<number[]> {
  const inserted = await t.db
    .knex('line_items')
    .insert(
      rows.map((r) => ({
        budget_year_id: budgetYearId,
        fiscal_year: 2026,
        is_operating: true,
        current_salary: 60000,
        ...r,
      })),
    )
    .returning('id');
  return inserted.map((r: { id: number }) => r.id);
}

const lines = (ids: number[]) => t.db.knex('line_items').whereIn('id', ids).orderBy('id');
const audits = (ids: number[]) =>
  t.db.knex('audit_log').where({ entity: 'line-item' }).whereIn('entity_id', ids.map(String)).orderBy('id');
const post = (path: string, body: unknown, token = admin.token) => t.api('post', path, { token, body });

describe('POST /bulk-update/work-groups', () => {
  it('returns 400 without a match, 404 for an unknown work group, and writes nothing', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [{ position: 'Custodian' }]);
    const none = await post('/bulk-update/work-groups', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: {},
      workGroupId: 1,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('Choose a position, job class or department to match');
    const unknown = await post('/bulk-update/work-groups', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { position: 'Custodian' },
      workGroupId: 999999,
    });
    expect(unknown.status).toBe(404);
    expect((await lines(ids))[0].work_group_id).toBeNull();
  });

  it('previews the count, then assigns the matching lines of that fiscal year and audits them', async () => {
    const by = await budgetYear();
    const [wg] = await t.db
      .knex('work_groups')
      .insert({ name: `Custodial ${seq}` })
      .returning('id');
    const ids = await employees(by, [
      { position: 'Custodian', department: 'Facilities' },
      { position: ' custodian ', department: 'Facilities' },
      { position: 'Custodian', department: 'Food' },
      { position: 'Custodian', department: 'Facilities', fiscal_year: 2027 },
      { position: 'Teacher', department: 'Facilities' },
    ]);
    const body = {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { position: 'CUSTODIAN', department: 'facilities' },
      workGroupId: wg.id,
    };
    const preview = await post('/bulk-update/work-groups', { ...body, dryRun: true });
    expect(preview.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: true });
    expect((await lines(ids)).every((l: any) => l.work_group_id === null)).toBe(true);
    const res = await post('/bulk-update/work-groups', body);
    expect(res.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: false });
    expect((await lines(ids)).map((l: any) => l.work_group_id)).toEqual([wg.id, wg.id, null, null, null]);
    expect((await lines(ids))[0].work_group).toBe(`Custodial ${seq}`);
    expect(await audits(ids)).toHaveLength(2);
    // Already in the group: matched but not changed again.
    expect((await post('/bulk-update/work-groups', body)).body).toEqual({
      matched: 2,
      totalUpdated: 0,
      dryRun: false,
    });
  });
});

describe('POST /bulk-update/employee-status', () => {
  it('returns 400 for an unknown status and 403 for FINANCE', async () => {
    const by = await budgetYear();
    const body = { budgetYearId: by, fiscalYear: 2026, match: { jobClass: 'X' }, employeeStatus: 'Retired' };
    expect((await post('/bulk-update/employee-status', body)).status).toBe(400);
    expect(
      (await post('/bulk-update/employee-status', { ...body, employeeStatus: 'Inactive' }, finance.token))
        .status,
    ).toBe(403);
  });

  it('sets Retiring and clears next-year salaries and the manual flag, audited', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [
      { job_class: 'Bus Driver', next_year_salary: 61000, next_year_salary_manual: true },
      { job_class: 'Bus Driver', next_year_salary: 62000 },
      { job_class: 'Teacher', next_year_salary: 70000 },
    ]);
    const res = await post('/bulk-update/employee-status', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { jobClass: 'bus driver' },
      employeeStatus: 'Retiring',
    });
    expect(res.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: false });
    const after = await lines(ids);
    expect(after.map((l: any) => [l.employee_status, l.next_year_salary, l.next_year_salary_manual])).toEqual(
      [
        ['Retiring', null, false],
        ['Retiring', null, false],
        ['Active', 70000, false],
      ],
    );
    const trail = await audits(ids);
    expect(trail[0]).toMatchObject({
      before: { employeeStatus: 'Active', nextYearSalary: 61000, nextYearSalaryManual: true },
      after: { employeeStatus: 'Retiring', nextYearSalary: null, nextYearSalaryManual: false },
    });
  });
});

describe('POST /bulk-update/employee-status back to Active', () => {
  it('gives lines coming back to Active their automatic next-year salary again', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [
      {
        job_class: 'Returning',
        employee_status: 'Inactive',
        current_salary: 50000.5,
        next_year_salary: null,
      },
      {
        job_class: 'Returning',
        employee_status: 'Active',
        current_salary: 40000,
        next_year_salary: 45000,
        next_year_salary_manual: true,
      },
    ]);
    const res = await post('/bulk-update/employee-status', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { jobClass: 'Returning' },
      employeeStatus: 'Active',
    });
    expect(res.body).toEqual({ matched: 2, totalUpdated: 1, dryRun: false });
    const after = await lines(ids);
    // No contract and no step/lane settings: the automatic rule keeps the current salary.
    expect([after[0].employee_status, Number(after[0].next_year_salary)]).toEqual(['Active', 50000.5]);
    expect(Number(after[1].next_year_salary)).toBe(45000);
    const [trail] = await audits([ids[0]]);
    expect(trail).toMatchObject({
      before: { employeeStatus: 'Inactive', nextYearSalary: null },
      after: { employeeStatus: 'Active', nextYearSalary: 50000.5, nextYearSalaryManual: false },
    });
  });
});

describe('GET /bulk-update/options', () => {
  it('returns 400 without a budget year and lists what the bulk screens can target', async () => {
    expect((await t.api('get', '/bulk-update/options', { token: admin.token })).status).toBe(400);
    for (const u of [finance, viewer]) {
      const res = await t.api('get', '/bulk-update/options?budgetYearId=1', { token: u.token });
      expect(res.status).toBe(403);
    }
    const by = await budgetYear();
    await employees(by, [
      {
        position: 'Teacher',
        job_class: 'Teacher',
        department: 'Math',
        dese_code: '2305',
        building_id: buildings['Bulk High School'],
      },
      { position: 'teacher', job_class: 'Teacher', department: 'Math' },
      { position: 'Custodian', job_class: 'Custodian', department: ' ', fiscal_year: 2027 },
    ]);
    const res = await t.api('get', `/bulk-update/options?budgetYearId=${by}&fiscalYear=2026`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fiscalYears: [2026, 2027],
      positions: [{ value: 'Teacher', count: 2 }],
      jobClasses: [{ value: 'Teacher', count: 2 }],
      departments: [{ value: 'Math', count: 2 }],
      employeeCount: 2,
      unassignedEmployees: 1,
      missingDeseCodes: 1,
    });
  });
});
