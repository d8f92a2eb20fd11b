import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBuilding } from '../../test/factories';
import {
  buildPositionsWorld,
  proposedSalaryLines,
  CELLS,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * The proposed budget's salaries follow the positions: FY2026's roster is budgeted for FY2027, a
 * year with no payroll of its own, so after every position write FY2027's proposed personnel lines
 * hold the positions' cost by category, building and function code, to the cent. Each expected
 * figure is worked out here in cents from the world's own numbers.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

/** The world's FY2026 holders' next-year salaries, in cents: Ada, Ben, Cy (0.5) and Di (0.8). */
const HOLDERS = 6180001 + 7210003 + 3090005 + 4944007;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

/** FY2027's proposed personnel lines that count, by 'category|building|code', in cents. */
const salaryLines = () => proposedSalaryLines(t.db.knex, w.budgetYearId);

describe("FY2027's proposed salaries follow FY2026's positions", () => {
  it('after each write: a new vacancy, a move, a vacancy placement, a vacate and close', async () => {
    const school = `${w.teachers}|${w.school}|2305`;
    const made = await t.api('post', '/positions', {
      token: finance.token,
      body: {
        fiscalYear: 2026,
        title: 'Grade 3 Teacher',
        buildingId: w.school,
        categoryId: w.teachers,
        workGroupId: w.teacherGroup,
        fte: 1,
        vacancyStep: 1,
        vacancyLane: 'BA',
      },
    });
    expect(made.status).toBe(201);
    const cell = (step: number, lane: string) => Number(CELLS[step][lane].replace('.', ''));
    expect(await salaryLines()).toEqual({ [school]: HOLDERS + cell(1, 'BA') });

    // The vacancy moves to another school and function code: its dollars go with it.
    const other = await buildBuilding(t.db.knex);
    const moved = await t.api('patch', `/positions/${made.body.position.id}`, {
      token: finance.token,
      body: { version: 1, buildingId: other, deseCode: '2310', vacancyStep: null, vacancyLane: null },
    });
    expect(moved.status).toBe(200);
    // Now priced by nobody (no placement yet): it adds nothing and its line is gone.
    expect(moved.body.position.budgetedCost).toBeNull();
    expect(await salaryLines()).toEqual({ [school]: HOLDERS });
    await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
      token: finance.token,
      body: { step: 2, lane: 'MA' },
    });
    expect(await salaryLines()).toEqual({
      [school]: HOLDERS,
      [`${w.teachers}|${other}|2310`]: cell(2, 'MA'),
    });

    // Update Salary Budget finds nothing out of date.
    const update = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2027 },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ updatedItems: 0, createdItems: 0, removedItems: 0 });
    expect(Math.round(update.body.totalOperatingSalary * 100)).toBe(HOLDERS + cell(2, 'MA'));

    // Cy leaves and her position closes: her 30,900.05 leaves the budget.
    const list = await t.api('get', '/positions?fiscalYear=2026&search=Cy', { token: finance.token });
    const cy = list.body.positions[0];
    await t.api('post', `/positions/${cy.id}/vacate`, {
      token: finance.token,
      body: { version: cy.version, status: 'closed' },
    });
    expect(await salaryLines()).toEqual({
      [school]: HOLDERS - 3090005,
      [`${w.teachers}|${other}|2310`]: cell(2, 'MA'),
    });
  });

  it('a voted FY2027 keeps its lines; FY2026 positions stay editable', async () => {
    const before = await salaryLines();
    for (const stage of ['SUPERINTENDENT_RECOMMENDED', 'SCHOOL_COMMITTEE_ADOPTED']) {
      const moved = await t.api('post', '/budget-stages/advance', {
        token: admin.token,
        body: { budgetYearId: w.budgetYearId, fiscalYear: 2027, stage, date: '2026-03-01' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const list = await t.api('get', '/positions?fiscalYear=2026&search=Ada', { token: finance.token });
    const ada = list.body.positions[0];
    const changed = await t.api('patch', `/positions/${ada.id}`, {
      token: finance.token,
      body: { version: ada.version, buildingId: null, reason: 'Moved to the district office' },
    });
    expect(changed.status).toBe(200);
    expect(await salaryLines()).toEqual(before);
  });
});
