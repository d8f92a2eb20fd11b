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

describe('POST /bulk-update/buildings', () => {
  it('returns 401, then 403 for FINANCE and VIEW_ONLY, then 400 for bad input, then 404 for an unknown budget year', async () => {
    expect((await t.api('post', '/bulk-update/buildings', { body: { budgetYearId: 1 } })).status).toBe(401);
    for (const u of [finance, viewer]) {
      expect((await post('/bulk-update/buildings', { budgetYearId: 1 }, u.token)).status).toBe(403);
    }
    for (const body of [
      {},
      { budgetYearId: 'x' },
      { budgetYearId: 1, fiscalYear: 'soon' },
      { budgetYearId: 1, extra: 1 },
    ]) {
      expect((await post('/bulk-update/buildings', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/bulk-update/buildings', { budgetYearId: 999999 })).status).toBe(404);
  });

  it('links unassigned employees by code, name and name prefix, previews first, and audits each line', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [
      { location_code: 'bhs' }, // code
      { location_code: 'BHS', building_id: buildings['Brookside Elementary School'] }, // already linked: untouched
      { location_code: 'Brookside Elem School' }, // name
      { location_code: 'X1', department: 'Riverview MS' }, // name from the department
      { location_code: 'RIVERVIEW' }, // unique prefix
      { location_code: 'DW' }, // District Wide stays
      { location_code: 'BHS', fiscal_year: 2027 }, // another fiscal year
      { location_code: 'BHS', is_operating: false, amount: 5, current_salary: null }, // not an employee
    ]);

    const preview = await post('/bulk-update/buildings', {
      budgetYearId: by,
      fiscalYear: 'FY26',
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ totalLinked: 4, stillUnassigned: 1, dryRun: true });
    expect((await lines(ids)).filter((l: any) => l.building_id !== null)).toHaveLength(1);

    const res = await post('/bulk-update/buildings', { budgetYearId: by, fiscalYear: 2026 });
    expect(res.status).toBe(200);
    expect(res.body.totalLinked).toBe(4);
    expect(res.body.stillUnassigned).toBe(1);
    expect(res.body.results).toEqual([
      {
        buildingId: buildings['Brookside Elementary School'],
        buildingName: 'Brookside Elementary School',
        buildingCode: 'BES',
        employeesLinked: 1,
        method: 'name',
      },
      {
        buildingId: buildings['Bulk High School'],
        buildingName: 'Bulk High School',
        buildingCode: 'BHS',
        employeesLinked: 1,
        method: 'code',
      },
      {
        buildingId: buildings['Riverview Middle School'],
        buildingName: 'Riverview Middle School',
        buildingCode: null,
        employeesLinked: 1,
        method: 'name',
      },
      {
        buildingId: buildings['Riverview Middle School'],
        buildingName: 'Riverview Middle School',
        buildingCode: null,
        employeesLinked: 1,
        method: 'name-prefix',
      },
    ]);
    const after = await lines(ids);
    expect(after.map((l: any) => l.building_id)).toEqual([
      buildings['Bulk High School'],
      buildings['Brookside Elementary School'],
      buildings['Brookside Elementary School'],
      buildings['Riverview Middle School'],
      buildings['Riverview Middle School'],
      null,
      null,
      null,
    ]);
    const trail = await audits(ids);
    expect(trail).toHaveLength(4);
    expect(trail[0]).toMatchObject({
      action: 'update',
      user_id: admin.id,
      before: { buildingId: null },
      after: { buildingId: buildings['Bulk High School'] },
    });

    // Nothing left to link: a second run changes nothing.
    expect(
      (await post('/bulk-update/buildings', { budgetYearId: by, fiscalYear: 2026 })).body.totalLinked,
    ).toBe(0);
    // Without a fiscal year every year of the budget year is covered.
    expect((await post('/bulk-update/buildings', { budgetYearId: by })).body.totalLinked).toBe(1);
  });
});

describe('POST /bulk-update/dese-codes', () => {
  it('returns 400 for an unknown DESE code or empty mappings and writes nothing', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [{ job_class: 'Teacher', dese_code: null }]);
    const bad = await post('/bulk-update/dese-codes', {
      budgetYearId: by,
      mappings: [{ jobClass: 'Teacher', deseCode: '0000' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { path: 'mappings.0.deseCode', message: '0000 is not a DESE function code' },
    ]);
    expect((await post('/bulk-update/dese-codes', { budgetYearId: by, mappings: [] })).status).toBe(400);
    expect((await lines(ids))[0].dese_code).toBeNull();
  });

  it('fills blank codes with the most common valid code of each job class', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [
      { job_class: 'Teacher', dese_code: '2305' },
      { job_class: 'teacher ', dese_code: '2305' },
      { job_class: 'Teacher', dese_code: '2310' },
      { job_class: 'Teacher', dese_code: null },
      { job_class: 'Teacher', dese_code: '' },
      { job_class: 'Para', dese_code: '2330' },
      { job_class: 'Para', dese_code: 'BOGUS' },
      { job_class: 'Para', dese_code: 'BOGUS' },
      { job_class: 'Para', dese_code: null },
      { job_class: 'Custodian', dese_code: null }, // no code to copy
    ]);
    const preview = await post('/bulk-update/dese-codes', { budgetYearId: by, dryRun: true });
    expect(preview.body).toMatchObject({ totalUpdated: 3, dryRun: true });
    const res = await post('/bulk-update/dese-codes', { budgetYearId: by });
    expect(res.status).toBe(200);
    expect(res.body.totalUpdated).toBe(3);
    expect(res.body.results).toEqual([
      { jobClass: 'Para', deseCode: '2330', deseName: 'Paraprofessionals', employeesUpdated: 1 },
      { jobClass: 'Teacher', deseCode: '2305', deseName: 'Teachers, Classroom', employeesUpdated: 2 },
    ]);
    expect((await lines(ids)).map((l: any) => l.dese_code)).toEqual([
      '2305',
      '2305',
      '2310',
      '2305',
      '2305',
      '2330',
      'BOGUS',
      'BOGUS',
      '2330',
      null,
    ]);
    const trail = await audits(ids);
    expect(trail).toHaveLength(3);
    expect(trail.find((a: any) => a.entity_id === String(ids[4]))).toMatchObject({
      before: { deseCode: '' },
      after: { deseCode: '2305' },
    });
  });

  it('with mappings sets the code on every line of the job class', async () => {
    const by = await budgetYear();
    const ids = await employees(by, [
      { job_class: 'Nurse', dese_code: '2305' },
      { job_class: 'NURSE', dese_code: null },
      { job_class: 'Nurse', dese_code: '3200' },
      { job_class: 'Nurse', dese_code: '2305', fiscal_year: 2027 },
    ]);
    const res = await post('/bulk-update/dese-codes', {
      budgetYearId: by,
      fiscalYear: 2026,
      mappings: [
        { jobClass: 'nurse', deseCode: '3200' },
        { jobClass: 'Librarian', deseCode: '2340' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.totalUpdated).toBe(2);
    expect(res.body.results).toEqual([
      {
        jobClass: 'Librarian',
        deseCode: '2340',
        deseName: 'Librarians/Media Center Directors',
        employeesUpdated: 0,
      },
      { jobClass: 'Nurse', deseCode: '3200', deseName: 'Medical/Health Services', employeesUpdated: 2 },
    ]);
    expect((await lines(ids)).map((l: any) => l.dese_code)).toEqual(['3200', '3200', '3200', '2305']);
  });
});
