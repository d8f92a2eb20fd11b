import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBulkUpdateWorld, type BulkUpdateWorld } from '../../test/factories';

let w: BulkUpdateWorld;

beforeAll(async () => {
  w = await buildBulkUpdateWorld();
});
afterAll(() => w.t.close());

describe('POST /bulk-update/buildings', () => {
  it('returns 401, then 403 for FINANCE and VIEW_ONLY, then 400 for bad input, then 404 for an unknown budget year', async () => {
    expect((await w.t.api('post', '/bulk-update/buildings', { body: { budgetYearId: 1 } })).status).toBe(401);
    for (const u of [w.finance, w.viewer]) {
      expect((await w.post('/bulk-update/buildings', { budgetYearId: 1 }, u.token)).status).toBe(403);
    }
    for (const body of [
      {},
      { budgetYearId: 'x' },
      { budgetYearId: 1, fiscalYear: 'soon' },
      { budgetYearId: 1, extra: 1 },
    ]) {
      expect((await w.post('/bulk-update/buildings', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await w.post('/bulk-update/buildings', { budgetYearId: 999999 })).status).toBe(404);
  });

  it('links unassigned employees by code, name and name prefix, previews first, and audits each line', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [
      { location_code: 'bhs' }, // code
      { location_code: 'BHS', building_id: w.buildings['Brookside Elementary School'] }, // already linked: untouched
      { location_code: 'Brookside Elem School' }, // name
      { location_code: 'X1', department: 'Riverview MS' }, // name from the department
      { location_code: 'RIVERVIEW' }, // unique prefix
      { location_code: 'DW' }, // District Wide stays
      { location_code: 'BHS', fiscal_year: 2027 }, // another fiscal year
      { location_code: 'BHS', is_operating: false, amount: 5, current_salary: null }, // not an employee
    ]);

    const preview = await w.post('/bulk-update/buildings', {
      budgetYearId: by,
      fiscalYear: 'FY26',
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ totalLinked: 4, stillUnassigned: 1, dryRun: true });
    expect((await w.lines(ids)).filter((l: any) => l.building_id !== null)).toHaveLength(1);

    const res = await w.post('/bulk-update/buildings', { budgetYearId: by, fiscalYear: 2026 });
    expect(res.status).toBe(200);
    expect(res.body.totalLinked).toBe(4);
    expect(res.body.stillUnassigned).toBe(1);
    expect(res.body.results).toEqual([
      {
        buildingId: w.buildings['Brookside Elementary School'],
        buildingName: 'Brookside Elementary School',
        buildingCode: 'BES',
        employeesLinked: 1,
        method: 'name',
      },
      {
        buildingId: w.buildings['Bulk High School'],
        buildingName: 'Bulk High School',
        buildingCode: 'BHS',
        employeesLinked: 1,
        method: 'code',
      },
      {
        buildingId: w.buildings['Riverview Middle School'],
        buildingName: 'Riverview Middle School',
        buildingCode: null,
        employeesLinked: 1,
        method: 'name',
      },
      {
        buildingId: w.buildings['Riverview Middle School'],
        buildingName: 'Riverview Middle School',
        buildingCode: null,
        employeesLinked: 1,
        method: 'name-prefix',
      },
    ]);
    const after = await w.lines(ids);
    expect(after.map((l: any) => l.building_id)).toEqual([
      w.buildings['Bulk High School'],
      w.buildings['Brookside Elementary School'],
      w.buildings['Brookside Elementary School'],
      w.buildings['Riverview Middle School'],
      w.buildings['Riverview Middle School'],
      null,
      null,
      null,
    ]);
    const trail = await w.audits(ids);
    expect(trail).toHaveLength(4);
    expect(trail[0]).toMatchObject({
      action: 'update',
      user_id: w.admin.id,
      before: { buildingId: null },
      after: { buildingId: w.buildings['Bulk High School'] },
    });

    // Nothing left to link: a second run changes nothing.
    expect(
      (await w.post('/bulk-update/buildings', { budgetYearId: by, fiscalYear: 2026 })).body.totalLinked,
    ).toBe(0);
    // Without a fiscal year every year of the budget year is covered.
    expect((await w.post('/bulk-update/buildings', { budgetYearId: by })).body.totalLinked).toBe(1);
  });
});

describe('POST /bulk-update/dese-codes', () => {
  it('returns 400 for an unknown DESE code or empty mappings and writes nothing', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [{ job_class: 'Teacher', dese_code: null }]);
    const bad = await w.post('/bulk-update/dese-codes', {
      budgetYearId: by,
      mappings: [{ jobClass: 'Teacher', deseCode: '0000' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { path: 'mappings.0.deseCode', message: '0000 is not a DESE function code' },
    ]);
    expect((await w.post('/bulk-update/dese-codes', { budgetYearId: by, mappings: [] })).status).toBe(400);
    expect((await w.lines(ids))[0].dese_code).toBeNull();
  });

  it('fills blank codes with the most common valid code of each job class', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [
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
    const preview = await w.post('/bulk-update/dese-codes', { budgetYearId: by, dryRun: true });
    expect(preview.body).toMatchObject({ totalUpdated: 3, dryRun: true });
    const res = await w.post('/bulk-update/dese-codes', { budgetYearId: by });
    expect(res.status).toBe(200);
    expect(res.body.totalUpdated).toBe(3);
    expect(res.body.results).toEqual([
      { jobClass: 'Para', deseCode: '2330', deseName: 'Paraprofessionals', employeesUpdated: 1 },
      { jobClass: 'Teacher', deseCode: '2305', deseName: 'Teachers, Classroom', employeesUpdated: 2 },
    ]);
    expect((await w.lines(ids)).map((l: any) => l.dese_code)).toEqual([
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
    const trail = await w.audits(ids);
    expect(trail).toHaveLength(3);
    expect(trail.find((a: any) => a.entity_id === String(ids[4]))).toMatchObject({
      before: { deseCode: '' },
      after: { deseCode: '2305' },
    });
  });

  it('with mappings sets the code on every line of the job class', async () => {
    const by = await w.budgetYear();
    const ids = await w.employees(by, [
      { job_class: 'Nurse', dese_code: '2305' },
      { job_class: 'NURSE', dese_code: null },
      { job_class: 'Nurse', dese_code: '3200' },
      { job_class: 'Nurse', dese_code: '2305', fiscal_year: 2027 },
    ]);
    const res = await w.post('/bulk-update/dese-codes', {
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
    expect((await w.lines(ids)).map((l: any) => l.dese_code)).toEqual(['3200', '3200', '3200', '2305']);
  });
});
