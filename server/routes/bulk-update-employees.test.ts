import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBulkUpdateWorld, type BulkUpdateWorld } from '../../test/factories';

let w: BulkUpdateWorld;

beforeAll(async () => {
  w = await buildBulkUpdateWorld();
});
afterAll(() => w.t.close());

describe('POST /bulk-update/work-groups', () => {
  it('returns 400 without a match, 404 for an unknown work group, and writes nothing', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [{ position: 'Custodian' }]);
    const none = await w.post('/bulk-update/work-groups', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: {},
      workGroupId: 1,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('Choose a position, job class or department to match');
    const unknown = await w.post('/bulk-update/work-groups', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { position: 'Custodian' },
      workGroupId: 999999,
    });
    expect(unknown.status).toBe(404);
    expect((await w.lines(ids))[0].work_group_id).toBeNull();
  });

  it('previews the count, then assigns the matching lines of that fiscal year and audits them', async () => {
    const by = await w.budgetYear();
    const [wg] = await w.t.db
      .knex('work_groups')
      .insert({ name: `Custodial ${by}` })
      .returning('id');
    const ids = await w.employees(by, [
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
    const preview = await w.post('/bulk-update/work-groups', { ...body, dryRun: true });
    expect(preview.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: true });
    expect((await w.lines(ids)).every((l: any) => l.work_group_id === null)).toBe(true);
    const res = await w.post('/bulk-update/work-groups', body);
    expect(res.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: false });
    expect((await w.lines(ids)).map((l: any) => l.work_group_id)).toEqual([wg.id, wg.id, null, null, null]);
    expect((await w.lines(ids))[0].work_group).toBe(`Custodial ${by}`);
    expect(await w.audits(ids)).toHaveLength(2);
    // Already in the group: matched but not changed again.
    expect((await w.post('/bulk-update/work-groups', body)).body).toEqual({
      matched: 2,
      totalUpdated: 0,
      dryRun: false,
    });
  });
});

describe('POST /bulk-update/employee-status', () => {
  it('returns 400 for an unknown status and 403 for FINANCE', async () => {
    const by = await w.budgetYear();
    const body = { budgetYearId: by, fiscalYear: 2026, match: { jobClass: 'X' }, employeeStatus: 'Retired' };
    expect((await w.post('/bulk-update/employee-status', body)).status).toBe(400);
    expect(
      (await w.post('/bulk-update/employee-status', { ...body, employeeStatus: 'Inactive' }, w.finance.token))
        .status,
    ).toBe(403);
  });

  it('sets Retiring and clears next-year salaries and the manual flag, audited', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [
      { job_class: 'Bus Driver', next_year_salary: 61000, next_year_salary_manual: true },
      { job_class: 'Bus Driver', next_year_salary: 62000 },
      { job_class: 'Teacher', next_year_salary: 70000 },
    ]);
    const res = await w.post('/bulk-update/employee-status', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { jobClass: 'bus driver' },
      employeeStatus: 'Retiring',
    });
    expect(res.body).toEqual({ matched: 2, totalUpdated: 2, dryRun: false });
    const after = await w.lines(ids);
    expect(after.map((l: any) => [l.employee_status, l.next_year_salary, l.next_year_salary_manual])).toEqual(
      [
        ['Retiring', null, false],
        ['Retiring', null, false],
        ['Active', 70000, false],
      ],
    );
    const trail = await w.audits(ids);
    expect(trail[0]).toMatchObject({
      before: { employeeStatus: 'Active', nextYearSalary: 61000, nextYearSalaryManual: true },
      after: { employeeStatus: 'Retiring', nextYearSalary: null, nextYearSalaryManual: false },
    });
  });
});

describe('POST /bulk-update/employee-status back to Active', () => {
  it('gives lines coming back to Active their automatic next-year salary again', async () => {
    const by = await w.budgetYear();
    const [group] = await w.t.db
      .knex('work_groups')
      .insert({ name: `Returning ${by}` })
      .returning('id');
    const ids = await w.employees(by, [
      {
        job_class: 'Returning',
        employee_status: 'Inactive',
        current_salary: 50000.5,
        next_year_salary: null,
        work_group_id: group.id,
      },
      {
        job_class: 'Returning',
        employee_status: 'Active',
        current_salary: 40000,
        next_year_salary: 45000,
        next_year_salary_manual: true,
      },
    ]);
    const res = await w.post('/bulk-update/employee-status', {
      budgetYearId: by,
      fiscalYear: 2026,
      match: { jobClass: 'Returning' },
      employeeStatus: 'Active',
    });
    expect(res.body).toEqual({ matched: 2, totalUpdated: 1, dryRun: false });
    const after = await w.lines(ids);
    // A work group with no contract and no step/lane settings: the rule applies 0% (and flags it).
    expect([after[0].employee_status, Number(after[0].next_year_salary)]).toEqual(['Active', 50000.5]);
    expect(Number(after[1].next_year_salary)).toBe(45000);
    const [trail] = await w.audits([ids[0]]);
    expect(trail).toMatchObject({
      before: { employeeStatus: 'Inactive', nextYearSalary: null },
      after: { employeeStatus: 'Active', nextYearSalary: 50000.5, nextYearSalaryManual: false },
    });
  });
});

describe('GET /bulk-update/options', () => {
  it('returns 400 without a budget year and lists what the bulk screens can target', async () => {
    expect((await w.t.api('get', '/bulk-update/options', { token: w.admin.token })).status).toBe(400);
    for (const u of [w.finance, w.viewer]) {
      const res = await w.t.api('get', '/bulk-update/options?budgetYearId=1', { token: u.token });
      expect(res.status).toBe(403);
    }
    const by = await w.budgetYear();
    await w.employees(by, [
      {
        position: 'Teacher',
        job_class: 'Teacher',
        department: 'Math',
        dese_code: '2305',
        building_id: w.buildings['Bulk High School'],
      },
      { position: 'teacher', job_class: 'Teacher', department: 'Math' },
      { position: 'Custodian', job_class: 'Custodian', department: ' ', fiscal_year: 2027 },
    ]);
    const res = await w.t.api('get', `/bulk-update/options?budgetYearId=${by}&fiscalYear=2026`, {
      token: w.admin.token,
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
