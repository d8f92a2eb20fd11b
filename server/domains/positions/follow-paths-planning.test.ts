import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildBuilding, insertProposed } from '../../../test/factories';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import { contractBody } from '../../../test/worlds/contract-requests';
import { uploadSchedule } from '../../../test/worlds/salary-schedules.suite';
import { expectFollowed, plannedWorld, startFollowing, type Planned } from './follow-paths.helper';

/**
 * FY2027's proposed personnel lines follow FY2026's positions after the planning paths that move
 * what positions cost without writing a position: a salary schedule's cell changed (the schedule
 * replaced by an import: a vacancy is priced on it), a contract's COLA moving next-year salaries,
 * a cut scenario's adoption, and a roll forward and its undo. After each, every place's lines equal the positions' cost
 * recomputed in cents from the raw tables (follow-paths.helper.ts), and Update Salary Budget finds
 * nothing to change.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;

beforeAll(async () => {
  ({ w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token }));
  // A vacancy priced at step 2, lane MA of the teachers' schedule, at a place nobody holds a
  // position at (another school, another code): only its cell moves what is budgeted there.
  const other = await buildBuilding(t.db.knex);
  const vacancy = await t.api('post', '/positions', {
    token: finance.token,
    body: {
      fiscalYear: 2026,
      title: 'Grade 4 Teacher',
      buildingId: other,
      categoryId: w.teachers,
      deseCode: '2310',
      workGroupId: w.teacherGroup,
      fte: 0.5,
      vacancyStep: 2,
      vacancyLane: 'MA',
    },
  });
  expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
  await startFollowing(at);
});

describe("FY2027's proposed salaries equal FY2026's positions' cost after the planning paths", () => {
  it("after the work group's salary schedule is replaced with a cell changed", async () => {
    const before = await expectFollowed(at, 'before');
    // Step 2, lane MA was 57,250.50; now 58,001 (the vacancy is half of it).
    const csv = 'fiscal_year,cola,step,BA,MA\nFY27,2%,1,50000,55000\nFY27,2%,2,52000,58001\n';
    const res = await uploadSchedule(
      t,
      admin.token,
      { name: 'teachers.csv', data: csv },
      { workGroupId: String(w.teacherGroup), replace: 'true', budgetYearId: String(w.budgetYearId) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await expectFollowed(at, 'the schedule replaced');
    expect(after).not.toEqual(before);
  });

  it("after a contract's COLA moves a holder's automatic next-year salary", async () => {
    const auto = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: null },
    });
    expect(auto.status, JSON.stringify(auto.body)).toBe(200);
    const before = await expectFollowed(at, "Ada's next-year salary back to the rule");
    const made = await t.api('post', '/cola/contracts', {
      token: admin.token,
      body: contractBody(w.teacherGroup, 'Teachers Association', [[2027, 7.5]], { contractYears: 1 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const after = await expectFollowed(at, 'a contract of 7.5%');
    expect(after).not.toEqual(before);
  });

  it("after a cut scenario's adoption into FY2027", async () => {
    const db = t.db.knex;
    const proposed = await db('scenarios')
      .where({ budget_year_id: w.budgetYearId, scenario_type: 'proposed', is_active: true })
      .first('id');
    const [supplies] = await insertProposed(db, [
      {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2027,
        amount: '12000.00',
        scenarioId: proposed?.id ?? null,
        categoryId: w.supplies,
        buildingId: w.school,
        columns: { dese_code: '2305' },
      },
    ]);
    const before = await expectFollowed(at, 'before');
    const call = (method: 'post' | 'put', path: string, body: object) =>
      t.api(method, path, { token: admin.token, body });
    const made = await call('post', '/scenarios/cuts', {
      budgetYearId: w.budgetYearId,
      fiscalYear: 2027,
      name: 'Cuts',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.scenario.id as number;
    const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, { adjustments: { [supplies]: 90 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { basis } = (await call('post', `/scenarios/cuts/${id}/adopt/preview`, {})).body;
    const adopted = await call('post', `/scenarios/cuts/${id}/adopt`, { basis });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(await expectFollowed(at, 'a cut adopted')).toEqual(before);
  });

  it('after a roll forward of the planned year and its undo', async () => {
    // FY2026 cannot be rolled forward: FY2027, the year its positions are budgeted for, has lines
    // (a roll forward starts an empty year). FY2027 rolls into FY2028 (its lines carried to a
    // budget year of its own, whose roster has no positions to follow): every roster is followed
    // again, and FY2027's lines stay the positions' cost, after the roll and after its undo.
    const before = await expectFollowed(at, 'before');
    const rolled = await t.api('post', '/roll-forward', {
      token: admin.token,
      body: { fromFiscalYear: 2027, confirm: true },
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(await expectFollowed(at, 'FY2027 rolled forward')).toEqual(before);
    const undone = await t.api('post', '/roll-forward/undo', {
      token: admin.token,
      body: { toFiscalYear: 2028 },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await expectFollowed(at, 'the roll forward undone')).toEqual(before);
  });

  it("after the work group's salary schedule is deleted (its vacancies unpriced)", async () => {
    const before = await expectFollowed(at, 'before');
    const schedule = await t.db.knex('salary_schedules').where({ work_group_id: w.teacherGroup }).first('id');
    const gone = await t.api('delete', `/cola/schedules/${schedule.id}`, { token: admin.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const after = await expectFollowed(at, 'the schedule deleted');
    expect(after).not.toEqual(before);
  });
});
