import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld } from '../../test/factories';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

describe('GET /line-items/budget', () => {
  it('returns 401 without a token, 400 for other combinations, 403 for VIEW_ONLY', async () => {
    const w = await buildWorld(t.db.knex);
    expect(
      (await t.api('get', `/line-items/budget?budgetYearId=${w.budgetYearId}&isOperating=true`)).status,
    ).toBe(401);
    for (const q of [
      '',
      `budgetYearId=${w.budgetYearId}`,
      `budgetYearId=${w.budgetYearId}&isOperating=false`,
      `fiscalYear=2026&isOperating=false`,
      `scenarioId=${w.operatingScenarioId}`,
      `budgetYearId=${w.budgetYearId}&isOperating=yes`,
      `budgetYearId=abc&isOperating=true`,
      `budgetYearId=${w.budgetYearId}&isOperating=true&fiscalYear=FY`,
      `budgetYearId=${w.budgetYearId}&isOperating=true&unknown=1`,
    ]) {
      const res = await t.api('get', `/line-items/budget?${q}`, { token: finance.token });
      expect(res.status, q).toBe(400);
    }
    const combos = await t.api('get', `/line-items/budget?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(combos.body.error).toMatch(/scenarioId and fiscalYear; budgetYearId and isOperating=true/);
    const denied = await t.api('get', `/line-items/budget?budgetYearId=${w.budgetYearId}&isOperating=true`, {
      token: viewer.token,
    });
    expect(denied.status).toBe(403);
  });

  it('returns 404 for an unknown budget year or scenario', async () => {
    const res = await t.api('get', '/line-items/budget?budgetYearId=999999&isOperating=true', {
      token: finance.token,
    });
    expect(res.status).toBe(404);
    const sc = await t.api('get', '/line-items/budget?scenarioId=999999&fiscalYear=2026', {
      token: finance.token,
    });
    expect(sc.status).toBe(404);
  });

  it('returns employee lines with the building joined, by name, for each accepted combination', async () => {
    const w = await buildWorld(t.db.knex);
    const zed = await buildEmployee(t.db.knex, w, { first_name: 'Zoe', last_name: 'Zed' });
    const abe = await buildEmployee(t.db.knex, w, {
      first_name: 'Abe',
      last_name: 'Able',
      building_id: null,
    });
    const next = await buildEmployee(t.db.knex, w, { fiscal_year: 2027, is_projected: true });
    await buildProposed(t.db.knex, w);
    const res = await t.api(
      'get',
      `/line-items/budget?budgetYearId=${w.budgetYearId}&fiscalYear=FY26&isOperating=true`,
      {
        token: finance.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.lineItems.map((l: { id: number }) => l.id)).toEqual([abe, zed]);
    expect(res.body.lineItems[1]).toMatchObject({
      id: zed,
      isOperating: true,
      firstName: 'Zoe',
      currentSalary: 60000,
      nextYearSalary: 62700,
      nextYearSalaryManual: false,
      currentFTE: 1,
      employeeStatus: 'Active',
      hireDate: '2015-08-25',
      building: { name: expect.stringMatching(/^North School/) },
      metadata: {},
    });
    expect(res.body.lineItems[0].building).toBeNull();
    expect(res.body.lineItems[1].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const allYears = await t.api(
      'get',
      `/line-items/budget?budgetYearId=${w.budgetYearId}&isOperating=true`,
      {
        token: finance.token,
      },
    );
    expect(allYears.body.lineItems.map((l: { id: number }) => l.id).sort()).toEqual([abe, zed, next].sort());
    const byScenario = await t.api(
      'get',
      `/line-items/budget?scenarioId=${w.operatingScenarioId}&fiscalYear=2027`,
      {
        token: finance.token,
      },
    );
    expect(byScenario.body.lineItems.map((l: { id: number }) => l.id)).toEqual([next]);
    const byYear = await t.api('get', `/line-items/budget?fiscalYear=2026&isOperating=true`, {
      token: finance.token,
    });
    expect(byYear.body.lineItems.map((l: { id: number }) => l.id)).toEqual(
      expect.arrayContaining([abe, zed]),
    );
  });

  it('returns proposed lines with category and building, District Wide as null', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildProposed(t.db.knex, w, { amount: '-250.75', building_id: w.buildingId });
    const res = await t.api(
      'get',
      `/line-items/budget?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=false`,
      {
        token: admin.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.lineItems).toEqual([
      expect.objectContaining({
        id,
        isOperating: false,
        amount: -250.75,
        category: { name: expect.stringMatching(/^Supplies/), color: '#10b981' },
        building: { name: expect.stringMatching(/^North School/) },
      }),
    ]);
  });
});

describe('GET /line-items/budget caching', () => {
  it('serves fresh data after any change to a line, a building or a category, however it was made', async () => {
    const w = await buildWorld(t.db.knex);
    const a = await buildEmployee(t.db.knex, w, { first_name: 'Ann', last_name: 'Alpha' });
    const path = `/line-items/budget?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    const read = async () => (await t.api('get', path, { token: finance.token })).body.lineItems;
    expect((await read())[0].firstName).toBe('Ann');
    expect((await read())[0].firstName).toBe('Ann');
    // Written straight to the database, as an import or another server process would.
    await t.db.knex('line_items').where({ id: a }).update({ first_name: 'Anne' });
    expect((await read())[0].firstName).toBe('Anne');
    await t.db.knex('buildings').where({ id: w.buildingId }).update({ name: 'Renamed School' });
    expect((await read())[0].building).toEqual({ name: 'Renamed School' });
    const b = await buildEmployee(t.db.knex, w, { first_name: 'Bea', last_name: 'Beta' });
    expect((await read()).map((l: { id: number }) => l.id)).toEqual([a, b]);
    await t.db.knex('line_items').where({ id: b }).del();
    expect((await read()).map((l: { id: number }) => l.id)).toEqual([a]);
  });
});

describe('GET /line-items/budget scope', () => {
  it('shows the active budget’s lines (and lines in no budget); an alternative only by its scenarioId', async () => {
    const w = await buildWorld(t.db.knex);
    const [alt] = await t.db
      .knex('scenarios')
      .insert({ budget_year_id: w.budgetYearId, name: 'Alternative', scenario_type: 'proposed' })
      .returning('id');
    const active = await buildProposed(t.db.knex, w, { amount: '100.00' });
    const loose = await buildProposed(t.db.knex, w, { amount: '10.00', scenario_id: null });
    const other = await buildProposed(t.db.knex, w, { amount: '1.00', scenario_id: alt.id });
    const list = async () =>
      (
        await t.api(
          'get',
          `/line-items/budget?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=false`,
          {
            token: finance.token,
          },
        )
      ).body.lineItems.map((l: { id: number }) => l.id);
    const total = async () =>
      (
        await t.api(
          'get',
          `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=false`,
          { token: finance.token },
        )
      ).body.totalAmount;
    expect((await list()).sort()).toEqual([active, loose].sort());
    expect(await total()).toBe(110);
    const byScenario = await t.api('get', `/line-items/budget?scenarioId=${alt.id}&fiscalYear=2026`, {
      token: finance.token,
    });
    expect(byScenario.body.lineItems.map((l: { id: number }) => l.id)).toEqual([other]);
    // Setting the alternative active swaps what the grid shows at once (no stale cache).
    await t.api('post', `/scenarios/${alt.id}/set-active`, { token: admin.token });
    expect((await list()).sort()).toEqual([loose, other].sort());
    expect(await total()).toBe(11);
  });
});

describe('GET /line-items/budget/totals', () => {
  it('returns 400 for a missing or bad filter and 403 for VIEW_ONLY', async () => {
    const w = await buildWorld(t.db.knex);
    const base = `budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    expect((await t.api('get', `/line-items/budget/totals?${base}`)).status).toBe(401);
    expect(
      (
        await t.api('get', `/line-items/budget/totals?budgetYearId=${w.budgetYearId}`, {
          token: finance.token,
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.api('get', `/line-items/budget/totals?${base}&buildingId=nowhere`, { token: finance.token }))
        .status,
    ).toBe(400);
    expect(
      (await t.api('get', `/line-items/budget/totals?${base}&employeeStatus=Gone`, { token: finance.token }))
        .status,
    ).toBe(400);
    for (const workGroup of ['', '%20', 'x'.repeat(201)]) {
      const res = await t.api('get', `/line-items/budget/totals?${base}&workGroup=${workGroup}`, {
        token: finance.token,
      });
      expect(res.status, workGroup).toBe(400);
    }
    expect((await t.api('get', `/line-items/budget/totals?${base}`, { token: viewer.token })).status).toBe(
      403,
    );
  });

  it('sums exactly to the cent with the grid filters', async () => {
    const w = await buildWorld(t.db.knex);
    for (const salary of ['0.10', '0.20', '0.70', '1000000.01']) {
      await buildEmployee(t.db.knex, w, {
        current_salary: salary,
        next_year_salary: salary,
        current_fte: 0.5,
      });
    }
    await buildEmployee(t.db.knex, w, {
      first_name: 'Quinn',
      last_name: 'Search_me%',
      current_salary: '5',
      building_id: null,
      employee_status: 'Retiring',
      next_year_salary: null,
      metadata: JSON.stringify({ needsReview: true }),
    });
    const base = `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    const all = await t.api('get', base, { token: finance.token });
    expect(all.body).toEqual({
      count: 5,
      totalCurrentSalary: 1000006.01,
      totalNextYearSalary: 1000001.01,
      // Quinn (Retiring, $5) leaves; every Active line has a next-year salary.
      totalChange: -5,
      missingNextYearSalaryCount: 0,
      leavingCount: 1,
      totalFte: 3,
      totalAmount: 0,
    });
    const unassigned = await t.api('get', `${base}&buildingId=unassigned`, { token: finance.token });
    expect(unassigned.body).toMatchObject({ count: 1, totalCurrentSalary: 5 });
    const building = await t.api('get', `${base}&buildingId=${w.buildingId}`, { token: finance.token });
    expect(building.body).toMatchObject({ count: 4, totalCurrentSalary: 1000001.01 });
    // LIKE wildcards in the search are literal characters.
    expect(
      (await t.api('get', `${base}&search=${encodeURIComponent('h_me%')}`, { token: finance.token })).body
        .count,
    ).toBe(1);
    expect((await t.api('get', `${base}&search=quinn%20search`, { token: finance.token })).body.count).toBe(
      1,
    );
    expect((await t.api('get', `${base}&employeeStatus=Retiring`, { token: finance.token })).body.count).toBe(
      1,
    );
    expect((await t.api('get', `${base}&needsReview=true`, { token: finance.token })).body.count).toBe(1);
    // The work group as the line spells it, exactly (the grid's work-group filter).
    await buildEmployee(t.db.knex, w, {
      work_group: 'Custodians',
      current_salary: '41000.50',
      current_fte: 1,
    });
    expect((await t.api('get', `${base}&workGroup=Custodians`, { token: finance.token })).body).toMatchObject(
      {
        count: 1,
        totalCurrentSalary: 41000.5,
        totalFte: 1,
      },
    );
    expect((await t.api('get', `${base}&workGroup=Teachers`, { token: finance.token })).body.count).toBe(5);
    expect((await t.api('get', `${base}&workGroup=Custodian`, { token: finance.token })).body.count).toBe(0);
    await buildProposed(t.db.knex, w, { amount: '0.10' });
    await buildProposed(t.db.knex, w, { amount: '0.20' });
    const proposed = await t.api(
      'get',
      `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=false&categoryId=${w.categoryId}`,
      { token: finance.token },
    );
    expect(proposed.body).toMatchObject({ count: 2, totalAmount: 0.3 });
  });
});

describe('GET /line-items/budget/salary-progression', () => {
  it('returns each person’s salary per fiscal year with the increases applied', async () => {
    const w = await buildWorld(t.db.knex);
    expect(
      (await t.api('get', '/line-items/budget/salary-progression?limit=7', { token: finance.token })).status,
    ).toBe(400);
    expect(
      (await t.api('get', '/line-items/budget/salary-progression', { token: viewer.token })).status,
    ).toBe(403);
    await buildEmployee(t.db.knex, w, {
      first_name: 'Ida',
      last_name: 'Progress',
      fiscal_year: 2026,
      current_salary: '60000',
    });
    await buildEmployee(t.db.knex, w, {
      first_name: 'Ida',
      last_name: 'Progress',
      fiscal_year: 2027,
      current_salary: '62700',
    });
    await buildEmployee(t.db.knex, w, {
      first_name: 'Cy',
      last_name: 'Custodian',
      position: 'Custodian',
      work_group_id: w.custodiansId,
    });
    const res = await t.api(
      'get',
      `/line-items/budget/salary-progression?limit=5&position=Teacher&budgetYearId=${w.budgetYearId}`,
      { token: finance.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.progressions).toHaveLength(1);
    expect(res.body.progressions[0]).toMatchObject({
      name: 'Ida Progress',
      position: 'Grade 2 Teacher',
      yearData: [
        {
          fiscalYear: 2026,
          currentSalary: 60000,
          yoyIncrease: null,
          colaApplied: 2.5,
          stepsLanesApplied: 1.5,
          totalIncreaseApplied: 4,
        },
        {
          fiscalYear: 2027,
          currentSalary: 62700,
          yoyIncrease: 4.5,
          colaApplied: 3,
          stepsLanesApplied: 1.5,
          totalIncreaseApplied: 4.5,
        },
      ],
    });
  });
});
