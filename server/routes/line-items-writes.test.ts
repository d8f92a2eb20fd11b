import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildEmployee, buildProposed, buildWorld, lineRow, type World } from '../../test/factories';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const countLines = async (w: World) =>
  Number((await t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).count('* as c'))[0].c);

describe('POST /line-items', () => {
  it('returns 400 for bad money, FTE, dates, unknown fields and references, and writes nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const body = {
      isOperating: true,
      budgetYearId: w.budgetYearId,
      fiscalYear: 2026,
      lastName: 'New',
      currentSalary: 50000,
    };
    expect((await t.api('post', '/line-items', { body })).status).toBe(401);
    for (const bad of [
      { currentSalary: -1 },
      { currentSalary: '50000' },
      { currentSalary: 50000.123 },
      { currentFTE: 1.6 },
      { currentFTE: -0.1 },
      { hireDate: '2025-02-30' },
      { employeeStatus: 'Gone' },
      { role: 'ADMIN' },
      { lastName: '' },
      { fiscalYear: 'next year' },
      { employeeStatus: 'Retiring', nextYearSalary: 1000 },
    ]) {
      const res = await t.api('post', '/line-items', { token: finance.token, body: { ...body, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    }
    const ref = await t.api('post', '/line-items', {
      token: finance.token,
      body: { ...body, buildingId: 999999 },
    });
    expect(ref.status).toBe(400);
    expect(ref.body.details).toEqual([{ path: 'buildingId', message: 'Building 999999 does not exist' }]);
    const year = await t.api('post', '/line-items', {
      token: finance.token,
      body: { ...body, budgetYearId: 999999 },
    });
    expect(year.status).toBe(400);
    const wrongScenario = await t.api('post', '/line-items', {
      token: finance.token,
      body: { ...body, scenarioId: w.proposedScenarioId },
    });
    expect(wrongScenario.status).toBe(400);
    expect((await t.api('post', '/line-items', { token: viewer.token, body })).status).toBe(403);
    expect(await countLines(w)).toBe(0);
  });

  it('creates an employee line in the active operating budget with the automatic next-year salary, and audits it', async () => {
    const w = await buildWorld(t.db.knex);
    const res = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: true,
        budgetYearId: w.budgetYearId,
        fiscalYear: 'FY26',
        firstName: 'Ana',
        lastName: 'Reyes',
        currentSalary: 50000.5,
        workGroup: `teachers ${w.label.slice(5)}`,
        buildingId: w.buildingId,
      },
    });
    expect(res.status).toBe(201);
    // 50,000.50 x 1.03 (settled FY27 COLA) + 1.5% steps and lanes = 52,250.52
    expect(res.body.lineItem).toMatchObject({
      fiscalYear: 2026,
      scenarioId: w.operatingScenarioId,
      workGroupId: w.teachersId,
      currentFTE: 1,
      employeeStatus: 'Active',
      nextYearSalary: 52250.52,
      nextYearSalaryManual: false,
    });
    const audit = await auditOf(t.db.knex, res.body.lineItem.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', before: null });
    expect(audit[0].after).toMatchObject({ lastName: 'Reyes' });
  });

  it('creates a proposed line; a typed next-year salary on an employee line is manual', async () => {
    const w = await buildWorld(t.db.knex);
    const res = await t.api('post', '/line-items', {
      token: admin.token,
      body: {
        isOperating: false,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        accountDescription: 'Textbooks',
        amount: 1234.56,
        categoryId: w.categoryId,
        buildingId: null,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.lineItem).toMatchObject({
      isOperating: false,
      scenarioId: w.proposedScenarioId,
      amount: 1234.56,
      building: null,
      category: { color: '#10b981' },
    });
    const hire = await t.api('post', '/line-items', {
      token: admin.token,
      body: {
        isOperating: true,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        lastName: 'Newhire',
        currentSalary: 0,
        nextYearSalary: 48000,
      },
    });
    expect(hire.body.lineItem).toMatchObject({
      currentSalary: 0,
      nextYearSalary: 48000,
      nextYearSalaryManual: true,
    });
  });
});

describe('PUT /line-items/:id', () => {
  it('returns 400 for bad input or an employee line, 404 for a missing line, and changes nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildProposed(t.db.knex, w);
    const emp = await buildEmployee(t.db.knex, w);
    const before = await lineRow(t.db.knex, id);
    expect((await t.api('put', `/line-items/${id}`, { body: { amount: 5 } })).status).toBe(401);
    expect(
      (await t.api('put', `/line-items/${id}`, { token: finance.token, body: { amount: 'five' } })).status,
    ).toBe(400);
    expect((await t.api('put', `/line-items/${id}`, { token: finance.token, body: {} })).status).toBe(400);
    expect(
      (await t.api('put', `/line-items/${id}`, { token: finance.token, body: { categoryId: 999999 } }))
        .status,
    ).toBe(400);
    expect(
      (await t.api('put', `/line-items/${emp}`, { token: finance.token, body: { amount: 5 } })).status,
    ).toBe(400);
    expect(
      (await t.api('put', `/line-items/${id}`, { token: viewer.token, body: { amount: 5 } })).status,
    ).toBe(403);
    const missing = await t.api('put', '/line-items/999999', { token: finance.token, body: { amount: 5 } });
    expect(missing.status).toBe(404);
    expect(await lineRow(t.db.knex, id)).toEqual(before);
  });

  it('updates a proposed line and records before and after', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildProposed(t.db.knex, w);
    const res = await t.api('put', `/line-items/${id}`, {
      token: finance.token,
      body: {
        accountDescription: 'Library books',
        amount: 2500.05,
        buildingId: w.otherBuildingId,
        deseCode: '2410',
        notes: '',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.lineItem).toMatchObject({
      accountDescription: 'Library books',
      amount: 2500.05,
      deseCode: '2410',
      notes: null,
      building: { name: expect.stringMatching(/^South/) },
    });
    const [audit] = await auditOf(t.db.knex, id);
    expect(audit).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ amount: 1000 }),
      after: expect.objectContaining({ amount: 2500.05 }),
    });
  });
});

describe('PATCH /line-items/:id', () => {
  it('assigns a building or District Wide, and a work group by name or id', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    expect(
      (await t.api('patch', `/line-items/${id}`, { token: finance.token, body: { color: 'red' } })).status,
    ).toBe(400);
    expect(
      (await t.api('patch', `/line-items/${id}`, { token: finance.token, body: { buildingId: 999999 } }))
        .status,
    ).toBe(400);
    expect(
      (await t.api('patch', '/line-items/999999', { token: finance.token, body: { buildingId: null } }))
        .status,
    ).toBe(404);
    const none = await t.api('patch', `/line-items/${id}`, {
      token: finance.token,
      body: { buildingId: null },
    });
    expect(none.body.lineItem).toMatchObject({ buildingId: null, building: null });
    const byName = await t.api('patch', `/line-items/${id}`, {
      token: finance.token,
      body: { workGroup: `Custodians ${w.label.slice(5)}` },
    });
    // Custodians: 2% negotiating COLA, no steps: 60,000 x 1.02
    expect(byName.body.lineItem).toMatchObject({ workGroupId: w.custodiansId, nextYearSalary: 61200 });
    // A name no group has is refused (a typo would otherwise unlink the line from its raises).
    const unknown = await t.api('patch', `/line-items/${id}`, {
      token: finance.token,
      body: { workGroup: 'Lunch Aides' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: 'workGroup' })]);
    const kept = await t.db.knex('line_items').where({ id }).first();
    expect([kept.work_group_id, Number(kept.next_year_salary)]).toEqual([w.custodiansId, 61200]);
    const byId = await t.api('patch', `/line-items/${id}`, {
      token: finance.token,
      body: { workGroupId: w.teachersId },
    });
    expect(byId.body.lineItem).toMatchObject({
      workGroupId: w.teachersId,
      workGroup: `Teachers ${w.label.slice(5)}`,
    });
    const proposed = await buildProposed(t.db.knex, w);
    expect(
      (
        await t.api('patch', `/line-items/${proposed}`, {
          token: finance.token,
          body: { workGroupId: w.teachersId },
        })
      ).status,
    ).toBe(400);
  });
});

describe('DELETE /line-items/:id', () => {
  it("returns 404 'Item not found or already deleted' and audits a deletion", async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildProposed(t.db.knex, w);
    expect((await t.api('delete', `/line-items/${id}`)).status).toBe(401);
    expect((await t.api('delete', `/line-items/abc`, { token: finance.token })).status).toBe(400);
    expect((await t.api('delete', `/line-items/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('delete', `/line-items/${id}`, { token: finance.token })).status).toBe(200);
    const again = await t.api('delete', `/line-items/${id}`, { token: finance.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Item not found or already deleted');
    const audit = await auditOf(t.db.knex, id);
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    expect(audit[0].before).toMatchObject({ id, amount: 1000 });
  });
});
