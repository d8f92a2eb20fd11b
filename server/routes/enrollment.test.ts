import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildBuilding } from '../../test/factories';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let budgetYearId: number;
let elementary: number;
let high: number;

beforeAll(async () => {
  budgetYearId = await buildBudgetYear(t.db.knex);
  elementary = await buildBuilding(t.db.knex, { name: 'Elm Elementary', buildingType: 'elementary' });
  high = await buildBuilding(t.db.knex, { name: 'Oak High', buildingType: 'high' });
});

const rows = () =>
  t.db.knex('enrollment').where({ budget_year_id: budgetYearId }).orderBy(['building_id', 'grade']);

describe('POST /enrollment', () => {
  const body = () => ({
    budgetYearId,
    buildingId: elementary,
    grade: 'K',
    studentCount: 70,
    specialEdCount: 9,
  });

  it('returns 401, 400, 403 and 404 and writes nothing', async () => {
    expect((await t.api('post', '/enrollment', { body: body() })).status).toBe(401);
    for (const bad of [
      { ...body(), studentCount: -1 },
      { ...body(), studentCount: 2.5 },
      { ...body(), grade: '13' },
      { ...body(), specialEdCount: 71 },
      { ...body(), color: 'red' },
    ]) {
      expect(
        (await t.api('post', '/enrollment', { token: admin.token, body: bad })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    const wrongGrade = await t.api('post', '/enrollment', {
      token: admin.token,
      body: { ...body(), grade: '9' },
    });
    expect(wrongGrade.status).toBe(400);
    expect(wrongGrade.body.error).toBe('Elm Elementary does not enrol Grade 9 (grades K, 1, 2, 3, 4)');
    expect((await t.api('post', '/enrollment', { token: finance.token, body: body() })).status).toBe(403);
    expect(
      (await t.api('post', '/enrollment', { token: admin.token, body: { ...body(), buildingId: 999999 } }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('post', '/enrollment', { token: admin.token, body: { ...body(), budgetYearId: 999999 } }))
        .status,
    ).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('saves one grade and replaces it on the next save, audited', async () => {
    const first = await t.api('post', '/enrollment', { token: admin.token, body: body() });
    expect(first.status).toBe(200);
    expect(first.body.enrollment).toMatchObject({
      grade: 'K',
      gradeLevel: { shortName: 'K', name: 'Kindergarten' },
      studentCount: 70,
      specialEdCount: 9,
      building: { id: elementary, name: 'Elm Elementary' },
    });
    const second = await t.api('post', '/enrollment', {
      token: admin.token,
      body: { ...body(), studentCount: 72, specialEdCount: null },
    });
    expect(second.body.enrollment).toMatchObject({
      id: first.body.enrollment.id,
      studentCount: 72,
      specialEdCount: null,
    });
    expect((await rows()).length).toBe(1);
    const audit = await t.db.knex('audit_log').where({ entity: 'enrollment', action: 'update' }).first();
    expect(audit.before.studentCount).toBe(70);
  });
});

describe('POST /enrollment/batch', () => {
  it('refuses a form with no student counts: "Please enter at least one student count"', async () => {
    const before = await rows();
    const res = await t.api('post', '/enrollment/batch', {
      token: admin.token,
      body: { budgetYearId, buildingId: high, grades: [{ grade: '9', studentCount: 0 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter at least one student count');
    expect(await rows()).toEqual(before);
  });

  it('refuses a grade the building does not enrol without saving the others', async () => {
    const before = await rows();
    const res = await t.api('post', '/enrollment/batch', {
      token: admin.token,
      body: {
        budgetYearId,
        buildingId: high,
        grades: [
          { grade: '9', studentCount: 280 },
          { grade: 'K', studentCount: 10 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('saves the grades with students and removes the building’s others', async () => {
    await t.api('post', '/enrollment', {
      token: admin.token,
      body: { budgetYearId, buildingId: high, grade: '12', studentCount: 250 },
    });
    const res = await t.api('post', '/enrollment/batch', {
      token: admin.token,
      body: {
        budgetYearId,
        buildingId: high,
        grades: [
          { grade: '9', studentCount: 280, specialEdCount: 40 },
          { grade: '10', studentCount: 275, specialEdCount: null },
          { grade: '11', studentCount: 0 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ saved: 2, removed: 1 });
    expect(res.body.enrollment.map((e: any) => [e.grade, e.studentCount])).toEqual([
      ['9', 280],
      ['10', 275],
    ]);
  });
});

describe('GET /enrollment', () => {
  it('returns 400 without a budget year and 404 for one of nothing', async () => {
    expect((await t.api('get', '/enrollment', { token: viewer.token })).status).toBe(400);
    expect((await t.api('get', '/enrollment?budgetYearId=999999', { token: viewer.token })).status).toBe(404);
  });

  it('lists records in school order and every building with its grades and totals', async () => {
    const res = await t.api('get', `/enrollment?budgetYearId=${budgetYearId}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.enrollment.map((e: any) => `${e.building.name}:${e.grade}`)).toEqual([
      'Elm Elementary:K',
      'Oak High:9',
      'Oak High:10',
    ]);
    const oak = res.body.buildings.find((b: any) => b.id === high);
    expect(oak).toMatchObject({
      buildingType: 'high',
      grades: ['9', '10', '11', '12'],
      totalStudents: 555,
      specialEdStudents: 40,
      gradesEntered: 2,
    });
    expect(res.body.totals).toEqual({ students: 627, specialEd: 40 });
  });
});
