import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildPositionsWorld,
  positionCostByPlace,
  proposedSalaryLines,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';
import { contractBody } from '../../test/worlds/contract-requests';
import { insertEmployees } from '../../test/factories';

/**
 * FY2027's proposed salaries follow FY2026's positions after a change by any path, not only a
 * position write: an Employee Manager edit, a bulk status change and a delete of a holder's line
 * change the positions' cost, and the salary lines are set again in the same request. The expected
 * lines are worked out here in integer cents from the stored positions, holders, lines and schedule
 * cells (never through the cost rule under test).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

/** What FY2026's positions cost per 'category|building|code', in cents, from the raw tables. */
const expectedLines = () => positionCostByPlace(t.db.knex, w.budgetYearId, 2026);

/** FY2027's proposed personnel lines that count, by 'category|building|code', in cents. */
const salaryLines = () => proposedSalaryLines(t.db.knex, w.budgetYearId);

const auditRows = async () => Number((await t.db.knex('audit_log').count({ n: '*' }))[0].n);

describe("FY2027's proposed salaries follow FY2026's positions after any change to their holders", () => {
  it('after an Employee Manager edit, a bulk status change and a delete of a holder', async () => {
    // A vacancy placement for the work group (a position write: the lines agree from here on).
    await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
      token: finance.token,
      body: { step: 2, lane: 'MA' },
    });
    const start = await expectedLines();

    const edit = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: 65432.19 },
    });
    expect(edit.status).toBe(200);
    const afterEdit = await expectedLines();
    expect(afterEdit).not.toEqual(start);
    expect(await salaryLines()).toEqual(afterEdit);

    // Inactive clears Ben's next-year salary: his position costs his current salary.
    const bulk = await t.api('post', '/line-items/bulk-status', {
      token: finance.token,
      body: { itemIds: [w.people.ben], employeeStatus: 'Inactive' },
    });
    expect(bulk.status).toBe(200);
    const afterBulk = await expectedLines();
    expect(afterBulk).not.toEqual(afterEdit);
    expect(await salaryLines()).toEqual(afterBulk);

    // Cy's line deleted: her position is vacant, priced at the work group's placement (step 2, MA).
    const gone = await t.api('delete', `/line-items/${w.people.cy}`, { token: finance.token });
    expect(gone.status).toBe(200);
    const afterDelete = await expectedLines();
    expect(afterDelete).not.toEqual(afterBulk);
    expect(await salaryLines()).toEqual(afterDelete);
  });

  it("after a contract moves a holder's automatic next-year salary", async () => {
    // Ada back to the rule (an edit: followed), then a contract's COLA for her work group moves it.
    const auto = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: null },
    });
    expect(auto.status).toBe(200);
    expect(await salaryLines()).toEqual(await expectedLines());
    const before = await expectedLines();
    const made = await t.api('post', '/cola/contracts', {
      token: admin.token,
      body: contractBody(w.teacherGroup, 'Teachers Association', [[2027, 7.5]], { contractYears: 1 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const after = await expectedLines();
    expect(after).not.toEqual(before);
    expect(await salaryLines()).toEqual(after);
  });

  it('Update Salary Budget: nothing out of date, and a dry run says what it would change and writes nothing', async () => {
    const body = { budgetYearId: w.budgetYearId, fiscalYear: 2027, dryRun: true };
    const fresh = await t.api('post', '/reconciliation/update-salary-budget', { token: finance.token, body });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      dryRun: true,
      updatedItems: 0,
      createdItems: 0,
      removedItems: 0,
      changes: [],
    });

    // A line made stale outside the writer (as an install from before positions followed would be).
    const expected = await expectedLines();
    const [line] = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027, is_operating: false })
      .update({ amount: '1.00' })
      .returning(['id']);
    const stale = await salaryLines();
    const audits = await auditRows();
    const dry = await t.api('post', '/reconciliation/update-salary-budget', { token: finance.token, body });
    expect(dry.status).toBe(200);
    const [key] = Object.keys(expected);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.changes).toEqual([
      expect.objectContaining({ action: 'update', from: 1, to: expected[key] / 100 }),
    ]);
    expect(await salaryLines()).toEqual(stale);
    expect(await auditRows()).toBe(audits);
    expect(line.id).toBeGreaterThan(0);

    const real = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { ...body, dryRun: false },
    });
    expect(real.body).toMatchObject({ dryRun: false, updatedItems: 1 });
    expect(await salaryLines()).toEqual(expected);
  });
});

describe("FY2027's proposed salaries follow FY2026's positions after a merge and a change of budget", () => {
  it("after a duplicates merge removes the line of a position's holder", async () => {
    const db = t.db.knex;
    const di = await db('line_items').where({ id: w.people.di }).first();
    // Di entered twice: the second copy holds no position, and the merge keeps it.
    const [copy] = await insertEmployees(db, [
      {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        scenarioId: di.scenario_id,
        firstName: di.first_name,
        lastName: di.last_name,
        position: di.position,
        salary: String(di.current_salary),
        fte: Number(di.current_fte),
        buildingId: di.building_id,
        categoryId: di.category_id,
        workGroupId: di.work_group_id,
      },
    ]);
    const before = await expectedLines();
    const merged = await t.api('post', '/line-items/merge-duplicates', {
      token: admin.token,
      body: { keepId: copy, deleteId: w.people.di },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // Di's position is vacant now, priced at its work group's placement.
    const after = await expectedLines();
    expect(after).not.toEqual(before);
    expect(await salaryLines()).toEqual(after);
  });

  it('after another proposed budget is made the one that counts', async () => {
    const db = t.db.knex;
    const active = await db('scenarios')
      .where({ budget_year_id: w.budgetYearId, scenario_type: 'proposed', is_active: true })
      .first('id');
    const made = await t.api('post', '/scenarios', {
      token: admin.token,
      body: {
        budgetYearId: w.budgetYearId,
        name: 'Copy to switch to',
        scenarioType: 'proposed',
        copyFromScenarioId: active.id,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // A raise moves the salary lines of the budget that counts, not the copy's.
    const raise = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: 66666.66 },
    });
    expect(raise.status).toBe(200);
    expect(await salaryLines()).toEqual(await expectedLines());
    const switched = await t.api('post', `/scenarios/${made.body.scenario.id}/set-active`, {
      token: admin.token,
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(await salaryLines()).toEqual(await expectedLines());
  });
});
