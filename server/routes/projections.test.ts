import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { positionsFromLines } from '../domains/positions';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);
let budgetYearId: number;

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const op = await buildScenario(db, budgetYearId, 'operating');
  const pr = await buildScenario(db, budgetYearId, 'proposed');
  const supplies = await buildCategory(db, { yoy: 3 });
  const base = { budgetYearId, fiscalYear: 2026, scenarioId: op };
  await insertEmployees(db, [
    // A typed (manual) next-year salary: the person's own decision, which projections honour.
    { ...base, salary: '50000.00', nextYearSalary: '51500.00', manual: true, position: 'Rising' },
    { ...base, salary: '60000.00', nextYearSalary: null, status: 'Retiring', position: 'Retiring' },
    { ...base, salary: '0.00', nextYearSalary: '45000.00', position: 'New hire' },
    { ...base, salary: '40000.00', nextYearSalary: null, position: 'Flat' },
    { ...base, fiscalYear: 2025, salary: '48000.00', position: 'Last year' },
  ]);
  await insertProposed(db, [
    { budgetYearId, fiscalYear: 2026, scenarioId: pr, amount: '1000.00', categoryId: supplies },
    { budgetYearId, fiscalYear: 2026, scenarioId: pr, amount: '333.33' },
  ]);
});

const lines = (where: Record<string, unknown>) =>
  t.db
    .knex('line_items_all')
    .where({ budget_year_id: budgetYearId, ...where })
    .orderBy(['fiscal_year', 'position', 'amount']);

describe('GET /projections/status', () => {
  it('returns 401, 400 and 404 for no token, no budget year and a budget year of nothing', async () => {
    expect((await t.api('get', `/projections/status?budgetYearId=${budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/projections/status', { token: viewer.token })).status).toBe(400);
    expect(
      (await t.api('get', '/projections/status?budgetYearId=999999', { token: viewer.token })).status,
    ).toBe(404);
  });

  it('reports each dashboard year as No Data, Partial or Complete', async () => {
    const res = await t.api('get', `/projections/status?budgetYearId=${budgetYearId}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.years.map((y: any) => [y.fiscalYear, y.status])).toEqual([
      [2025, 'Partial'],
      [2026, 'Complete'],
      [2027, 'No Data'],
      [2028, 'No Data'],
      [2029, 'No Data'],
      [2030, 'No Data'],
      [2031, 'No Data'],
    ]);
    expect(res.body.years[1]).toMatchObject({
      operatingCount: 4,
      operatingTotal: 150000,
      proposedCount: 2,
      proposedTotal: 1333.33,
    });
  });
});

describe('GET /projections/base-years and /projections/base-year-diagnostic', () => {
  it('finds the latest imported year of each kind', async () => {
    const res = await t.api('get', `/projections/base-years?budgetYearId=${budgetYearId}`, {
      token: viewer.token,
    });
    expect(res.body).toEqual({ operatingBase: 2026, proposedBase: 2026 });
    const all = await t.api('get', '/projections/base-years', { token: viewer.token });
    expect(all.status).toBe(200);
  });

  it('says when imported data sits in the base year', async () => {
    const res = await t.api('get', `/projections/base-year-diagnostic?budgetYearId=${budgetYearId}`, {
      token: viewer.token,
    });
    expect(res.body).toMatchObject({
      baseYear: 2026,
      needsFix: false,
      operating: { importedYear: 2026, importedCount: 4, importedYears: [2025, 2026], projectedYears: [] },
      proposed: { importedYear: 2026, importedCount: 2 },
      message: 'Imported data is in the base year FY26.',
    });
  });
});

describe('POST /projections/generate', () => {
  const body = { budgetYearId: 0, toFiscalYear: 2028, projectionType: 'operating', forceRegenerate: false };

  it('returns 401, 400 and 403 before writing anything', async () => {
    const before = (await lines({})).length;
    expect((await t.api('post', '/projections/generate', { body: { ...body, budgetYearId } })).status).toBe(
      401,
    );
    for (const bad of [
      { ...body, budgetYearId, projectionType: 'salaries' },
      { ...body, budgetYearId, toFiscalYear: 'soon' },
      { ...body, budgetYearId, toFiscalYear: 2026 },
      { ...body, budgetYearId, toFiscalYear: 2037 },
      { ...body, budgetYearId, extra: true },
    ]) {
      const res = await t.api('post', '/projections/generate', { token: finance.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const viewerRes = await t.api('post', '/projections/generate', {
      token: viewer.token,
      body: { ...body, budgetYearId },
    });
    expect(viewerRes.status).toBe(403);
    const missing = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { ...body, budgetYearId: 999999 },
    });
    expect(missing.status).toBe(404);
    expect((await lines({})).length).toBe(before);
  });

  it('projects active employees with their next-year salaries, rounding to the cent', async () => {
    const res = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { ...body, budgetYearId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projectedCount: 6,
      replacedCount: 0,
      supersededCount: 0,
      baseYear: 2026,
      fiscalYears: [2027, 2028],
      skippedYears: [],
      proposedBase: 'budget',
      actualBase: null,
    });
    const projected = await lines({ is_projected: true, is_operating: true });
    // Each year takes the year before's next-year salary; with no work group the rule has no
    // next-year salary for them (see projections-rule.test.ts for the rule year by year).
    expect(
      projected.map((l: any) => [l.fiscal_year, l.position, l.current_salary, l.next_year_salary]),
    ).toEqual([
      [2027, 'Flat', 40000, null],
      [2027, 'New hire', 45000, null],
      [2027, 'Rising', 51500, null],
      [2028, 'Flat', 40000, null],
      [2028, 'New hire', 45000, null],
      [2028, 'Rising', 51500, null],
    ]);
    const audit = await t.db
      .knex('audit_log')
      .where({ action: 'generate-projections' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.after).toMatchObject({ projectionType: 'operating', projectedCount: 6 });
  });

  it('refuses to overwrite projections unless asked to regenerate', async () => {
    const again = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { ...body, budgetYearId },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'FY27 to FY28 already have 6 projected operating lines; regenerate to replace them',
    );
    const forced = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { ...body, budgetYearId, forceRegenerate: true },
    });
    expect(forced.body).toMatchObject({ projectedCount: 6, replacedCount: 6 });
    expect((await lines({ is_projected: true, is_operating: true })).length).toBe(6);
  });

  it('grows proposed lines by their category’s default increase, compounded', async () => {
    const res = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { budgetYearId, toFiscalYear: 'FY28', projectionType: 'proposed', forceRegenerate: true },
    });
    expect(res.body.projectedCount).toBe(4);
    const projected = await lines({ is_projected: true, is_operating: false });
    expect(projected.map((l: any) => [l.fiscal_year, l.amount])).toEqual([
      [2027, 333.33],
      [2027, 1030],
      [2028, 333.33],
      [2028, 1060.9],
    ]);
    const status = await t.api('get', `/projections/status?budgetYearId=${budgetYearId}`, {
      token: viewer.token,
    });
    expect(status.body.years.find((y: any) => y.fiscalYear === 2027)).toMatchObject({
      status: 'Complete',
      operatingProjected: 3,
      proposedProjected: 2,
    });
  });
});

describe('POST /projections/fix-base-year', () => {
  it('moves imported lines filed under the wrong year back to the base year, projections with them', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2026 });
    await insertEmployees(db, [
      { budgetYearId: year, fiscalYear: 2027, salary: '100.00' },
      { budgetYearId: year, fiscalYear: 2027, salary: '200.00' },
      { budgetYearId: year, fiscalYear: 2028, salary: '103.00', isProjected: true },
    ]);
    await insertProposed(db, [{ budgetYearId: year, fiscalYear: 2026, amount: '5.00' }]);
    const diagnostic = await t.api('get', `/projections/base-year-diagnostic?budgetYearId=${year}`, {
      token: viewer.token,
    });
    expect(diagnostic.body).toMatchObject({
      needsFix: true,
      message: 'The base year is FY26, but the operating data is in FY27.',
    });
    const body = { budgetYearId: year, correctBaseYear: 'FY26', isOperating: true };
    expect((await t.api('post', '/projections/fix-base-year', { token: viewer.token, body })).status).toBe(
      403,
    );
    const res = await t.api('post', '/projections/fix-base-year', { token: finance.token, body });
    expect(res.body).toEqual({
      baseYearUpdated: 2,
      futureYearsUpdated: 1,
      positionsMoved: 0,
      fromYear: 2027,
      toYear: 2026,
    });
    const rows = await db('line_items')
      .where({ budget_year_id: year, is_operating: true })
      .orderBy('current_salary');
    expect(rows.map((r: any) => [r.fiscal_year, r.is_projected])).toEqual([
      [2026, false],
      [2027, true],
      [2026, false],
    ]);
    const after = await t.api('get', `/projections/base-year-diagnostic?budgetYearId=${year}`, {
      token: viewer.token,
    });
    expect(after.body.needsFix).toBe(false);
  });

  it("moves the roster with its holders' lines; refuses, changing nothing, where other positions sit or scenarios cut them", async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2026 });
    await insertEmployees(db, [
      { budgetYearId: year, fiscalYear: 2027, salary: '100.00' },
      { budgetYearId: year, fiscalYear: 2027, salary: '200.00' },
    ]);
    expect(await positionsFromLines(db, { budgetYearId: year, actorLabel: 'test' })).toBe(2);
    const roster = () =>
      db('positions as p')
        .join('position_holders as h', 'h.position_id', 'p.id')
        .join('line_items as li', 'li.id', 'h.line_item_id')
        .where('p.budget_year_id', year)
        .orderBy('li.current_salary')
        .select('p.fiscal_year as position_year', 'li.fiscal_year as line_year');
    // A position already in FY2026 (not one of the moved year's): the move is refused, nothing moves.
    const [blocker] = await db('positions')
      .insert({
        ...(await db('positions').where({ budget_year_id: year }).first()),
        id: undefined,
        fiscal_year: 2026,
      })
      .returning('id');
    const body = { budgetYearId: year, correctBaseYear: 2026, isOperating: true };
    const refused = await t.api('post', '/projections/fix-base-year', { token: finance.token, body });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Cannot move the positions to FY26: other positions are already there (1 in FY26)',
    );
    expect(await roster()).toEqual([
      { position_year: 2027, line_year: 2027 },
      { position_year: 2027, line_year: 2027 },
    ]);
    await db('positions').where({ id: blocker.id }).del();
    // A scenario cutting one of the positions that would move: refused, naming it, nothing moved.
    const scenario = await t.api('post', '/scenarios/cuts', {
      token: finance.token,
      body: { budgetYearId: year, fiscalYear: 2028, name: 'Level service' },
    });
    expect(scenario.status, JSON.stringify(scenario.body)).toBe(201);
    const cut = await db('positions').where({ budget_year_id: year }).first();
    await db('cut_scenario_positions').insert({
      cut_scenario_id: scenario.body.scenario.id,
      kind: 'cut',
      position_id: cut.id,
      title: cut.title,
      fte: cut.fte,
    });
    const cutRefused = await t.api('post', '/projections/fix-base-year', { token: finance.token, body });
    expect(cutRefused.status).toBe(409);
    expect(cutRefused.body.error).toBe(
      "Cannot move the positions to FY26: scenarios cut some of them ('Level service' cuts 1); remove those cuts in the Scenario Builder first",
    );
    expect(await roster()).toEqual([
      { position_year: 2027, line_year: 2027 },
      { position_year: 2027, line_year: 2027 },
    ]);
    await db('cut_scenario_positions').where({ cut_scenario_id: scenario.body.scenario.id }).del();
    const res = await t.api('post', '/projections/fix-base-year', { token: finance.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ baseYearUpdated: 2, positionsMoved: 2 });
    expect(await roster()).toEqual([
      { position_year: 2026, line_year: 2026 },
      { position_year: 2026, line_year: 2026 },
    ]);
    // Each moved position's history says so, by whom and why.
    const history = await db('position_history as h')
      .join('positions as p', 'p.id', 'h.position_id')
      .where({ 'p.budget_year_id': year, 'h.action': 'updated' })
      .select('h.reason', 'h.before', 'h.after', 'h.actor_label');
    expect(history).toHaveLength(2);
    for (const h of history) {
      expect(h).toMatchObject({
        reason: 'Fix Base Year: FY27 to FY26',
        before: { fiscal_year: 2027 },
        after: { fiscal_year: 2026 },
      });
      expect(h.actor_label).toBeTruthy();
    }
  });

  it('refuses a move onto a year holding other imported lines, and a kind with no imports', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2026 });
    await insertEmployees(db, [
      { budgetYearId: year, fiscalYear: 2025, salary: '1.00' },
      { budgetYearId: year, fiscalYear: 2026, salary: '2.00' },
    ]);
    const res = await t.api('post', '/projections/fix-base-year', {
      token: finance.token,
      body: { budgetYearId: year, correctBaseYear: 2025, isOperating: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'Cannot move operating lines to FY25: other lines are already there (1 in FY25)',
    );
    const years = await db('line_items')
      .where({ budget_year_id: year })
      .orderBy('fiscal_year')
      .pluck('fiscal_year');
    expect(years).toEqual([2025, 2026]);
    const none = await t.api('post', '/projections/fix-base-year', {
      token: finance.token,
      body: { budgetYearId: year, correctBaseYear: 2026, isOperating: false },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('There are no imported proposed lines to move');
  });
});
