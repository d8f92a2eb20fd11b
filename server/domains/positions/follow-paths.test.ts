import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildBuilding, buildCategory, insertEmployees } from '../../../test/factories';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import {
  expectedLines,
  expectFollowed,
  plannedWorld,
  salaryLines,
  startFollowing,
  type Planned,
} from './follow-paths.helper';

/**
 * FY2027's proposed personnel lines follow FY2026's positions after a change by each path that
 * writes positions or their holders' lines: position writes (FTE, a move, vacate, close, fill),
 * an Employee Manager edit, bulk writes and a delete, and positions whose function code is blank
 * (in a category with a code, and in one without), and the planned year's own payroll deleted
 * (it follows the roster again). After each, every place's lines equal the
 * positions' cost recomputed in cents from the raw tables (follow-paths.helper.ts), and Update
 * Salary Budget finds nothing to change.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;

beforeAll(async () => {
  ({ w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token }));
  // A vacancy placement for the work group: a position write, so the lines agree from here on.
  const placed = await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
    token: finance.token,
    body: { step: 2, lane: 'MA' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await startFollowing(at);
});

const api = async (method: 'post' | 'patch' | 'delete', path: string, body?: object) => {
  const res = await t.api(method, path, { token: finance.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};
/** The FY2026 position a person holds (or held: by title search). */
const positionOf = async (search: string) =>
  (await t.api('get', `/positions?fiscalYear=2026&search=${search}`, { token: finance.token })).body
    .positions[0];
/** A new FY2026 employee of the world's school, with no position yet. */
const employee = async (categoryId: number, next: string, columns: Record<string, unknown> = {}) => {
  const [id] = await insertEmployees(t.db.knex, [
    {
      budgetYearId: w.budgetYearId,
      fiscalYear: 2026,
      firstName: 'New',
      salary: '40000.00',
      nextYearSalary: next,
      manual: true,
      buildingId: w.school,
      categoryId,
      workGroupId: w.teacherGroup,
      columns,
    },
  ]);
  return id;
};

describe("FY2027's proposed salaries equal FY2026's positions' cost after every path", () => {
  it('after position writes: a new vacancy, its FTE, a move, vacate, close and fill', async () => {
    const start = await expectFollowed(at, 'at the start');
    const made = await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Reading Specialist',
      buildingId: w.school,
      categoryId: w.teachers,
      deseCode: '2305',
      workGroupId: w.teacherGroup,
      fte: 1,
    });
    const afterNew = await expectFollowed(at, 'a new vacancy');
    expect(afterNew).not.toEqual(start);
    let p = (
      await api('patch', `/positions/${made.position.id}`, { version: made.position.version, fte: 0.6 })
    ).position;
    await expectFollowed(at, 'its FTE changed');
    const other = await buildBuilding(t.db.knex);
    p = (
      await api('patch', `/positions/${p.id}`, { version: p.version, buildingId: other, deseCode: '2310' })
    ).position;
    expect(await expectFollowed(at, 'moved to another school and code')).toHaveProperty(
      `${w.teachers}|${other}|2310`,
    );

    const ada = await positionOf('Ada');
    const vacated = (await api('post', `/positions/${ada.id}/vacate`, { version: ada.version })).position;
    await expectFollowed(at, "Ada's position vacated");
    await api('post', `/positions/${vacated.id}/fill`, {
      version: vacated.version,
      lineItemId: w.people.ada,
    });
    await expectFollowed(at, 'filled again');
    const cy = await positionOf('Cy');
    await api('post', `/positions/${cy.id}/vacate`, { version: cy.version, status: 'closed' });
    await expectFollowed(at, "Cy's position closed");
    await t.api('delete', `/positions/${p.id}?version=${p.version}`, { token: finance.token });
    expect(await expectFollowed(at, 'the new vacancy deleted')).not.toHaveProperty(
      `${w.teachers}|${other}|2310`,
    );
    // A bulk move of two filled positions to another school and code: their cost goes with them.
    const [ben, ada2] = [await positionOf('Ben'), await positionOf('Ada')];
    await api('post', '/positions/bulk', {
      items: [ben, ada2].map((x) => ({ id: x.id, version: x.version })),
      patch: { buildingId: other, deseCode: '2310' },
    });
    expect(await expectFollowed(at, 'two positions moved in bulk')).toHaveProperty(
      `${w.teachers}|${other}|2310`,
    );
    const di = await positionOf('Di');
    await api('post', `/positions/${di.id}/vacate`, { version: di.version, status: 'frozen' });
    await expectFollowed(at, "Di's position vacated and frozen");
  });

  it('after an Employee Manager edit, bulk writes and a delete of a holder line', async () => {
    const before = await expectFollowed(at, 'before');
    await api('patch', `/line-items/budget/${w.people.ben}/next-year-salary`, { nextYearSalary: 74321.99 });
    const edited = await expectFollowed(at, "Ben's next-year salary");
    expect(edited).not.toEqual(before);
    // Inactive clears Di's next-year salary: her position costs her current salary.
    await api('post', '/line-items/bulk-status', { itemIds: [w.people.di], employeeStatus: 'Inactive' });
    await expectFollowed(at, 'a bulk status change');
    await api('post', '/line-items/bulk-update', { itemIds: [w.people.ben, w.people.di], buildingId: null });
    await expectFollowed(at, 'a bulk building change');
    await api('delete', `/line-items/${w.people.ben}`);
    await expectFollowed(at, "Ben's line deleted (his position vacant)");
  });

  it('positions with a blank function code: in a category with a code, and in one without', async () => {
    // A category without a function code: its places' code is blank on both sides.
    const aides = await buildCategory(t.db.knex, { isPersonnel: true, name: `Aides ${Date.now()}` });
    const aide = await employee(aides, '31000.11');
    const aidePosition = await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Aide',
      buildingId: w.school,
      categoryId: aides,
      workGroupId: null,
      fte: 1,
      holders: [{ lineItemId: aide, fteShare: 1 }],
    });
    expect(aidePosition.position.deseCode).toBeNull();
    await expectFollowed(at, 'a filled position with no code anywhere');
    await api('patch', `/line-items/budget/${aide}/next-year-salary`, { nextYearSalary: 32500.33 });
    await expectFollowed(at, "its holder's next-year salary (no code anywhere)");

    // Teachers' code is 2305: a position left without one is budgeted at its category's code, as
    // its salary line's code reads; an edit of its holder must set that line, not add another.
    const tutor = await employee(w.teachers, '45000.45');
    await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Tutor',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 1,
      holders: [{ lineItemId: tutor, fteShare: 1 }],
    });

    await expectFollowed(at, 'a filled position without a code in a category with one');
    await api('patch', `/line-items/budget/${tutor}/next-year-salary`, { nextYearSalary: 46000.46 });
    await expectFollowed(at, "its holder's next-year salary (the category's code)");
    await api('patch', `/line-items/budget/${aide}/next-year-salary`, { nextYearSalary: 33000.01 });
    await expectFollowed(at, 'the aide again');

    // The category's code changes: the codeless tutor's cost moves to the new code with it.
    const recoded = await t.api('put', `/categories/${w.teachers}`, {
      token: admin.token,
      body: { deseFunction: '2310' },
    });
    expect(recoded.status, JSON.stringify(recoded.body)).toBe(200);
    await expectFollowed(at, "Teachers' function code changed");
  });

  it("after the planned year's own payroll is deleted: its lines follow the roster again", async () => {
    const before = await expectFollowed(at, 'before its payroll');
    // FY2027 gets a payroll of its own (next year's staff imported early, say): its source from now on.
    const own = await insertEmployees(t.db.knex, [
      { ...at.planned, firstName: 'Next', salary: '51000.00', buildingId: w.school, categoryId: w.teachers },
      { ...at.planned, firstName: 'Year', salary: '47500.50', buildingId: w.school, categoryId: w.teachers },
    ]);
    // A holder's next-year salary changes meanwhile: FY2027 has its own payroll, so it is not followed.
    await api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, { nextYearSalary: 80100.1 });
    expect(await salaryLines(t.db.knex, at.planned)).toEqual(before);
    expect(await expectedLines(t.db.knex, at.roster)).not.toEqual(before);
    // The whole payroll deleted, as in the Employee Budget Manager: FY2027 has none of its own again.
    for (const id of own) {
      await api('delete', `/line-items/${id}`);
    }
    await expectFollowed(at, "FY2027's own payroll deleted");
  });
});
