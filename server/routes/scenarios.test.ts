import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildWorld } from '../../test/factories';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const scenarioRow = (id: number) => t.db.knex('scenarios').where({ id }).first();

describe('GET /scenarios', () => {
  it('returns 401, 400 for a bad budget year id, 403 for VIEW_ONLY, 404 for an unknown budget year', async () => {
    const w = await buildWorld(t.db.knex);
    expect((await t.api('get', `/scenarios?budgetYearId=${w.budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/scenarios?budgetYearId=x', { token: finance.token })).status).toBe(400);
    expect(
      (await t.api('get', `/scenarios?budgetYearId=${w.budgetYearId}`, { token: viewer.token })).status,
    ).toBe(403);
    expect((await t.api('get', '/scenarios?budgetYearId=999999', { token: finance.token })).status).toBe(404);
  });

  it('lists the budget year’s budgets with their line counts', async () => {
    const w = await buildWorld(t.db.knex);
    await buildEmployee(t.db.knex, w);
    await buildEmployee(t.db.knex, w, { fiscal_year: 2027 });
    const res = await t.api('get', `/scenarios?budgetYearId=${w.budgetYearId}`, { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.body.scenarios).toEqual([
      expect.objectContaining({
        id: w.operatingScenarioId,
        scenarioType: 'operating',
        isActive: true,
        lineItemCount: 2,
        budgetYearId: w.budgetYearId,
      }),
      expect.objectContaining({
        id: w.proposedScenarioId,
        scenarioType: 'proposed',
        isActive: true,
        lineItemCount: 0,
      }),
    ]);
    expect(res.body.scenarios[0].createdAt).toMatch(/Z$/);
  });
});

describe('GET /scenarios/active/:type', () => {
  it('returns the active budget of each type, or 404 when none is active', async () => {
    const w = await buildWorld(t.db.knex);
    expect((await t.api('get', '/scenarios/active/operating', { token: finance.token })).status).toBe(400);
    const op = await t.api('get', `/scenarios/active/operating?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(op.body.scenario).toMatchObject({ id: w.operatingScenarioId, isActive: true });
    await t.db.knex('scenarios').where({ id: w.proposedScenarioId }).update({ is_active: false });
    const none = await t.api('get', `/scenarios/active/proposed?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('No active proposed budget for this budget year');
  });
});

describe('POST /scenarios and PATCH /scenarios/:id', () => {
  it('refuses empty names, unknown types and unknown budget years, writing nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const count = async () =>
      Number((await t.db.knex('scenarios').where({ budget_year_id: w.budgetYearId }).count('* as c'))[0].c);
    const body = { budgetYearId: w.budgetYearId, name: 'Level services', scenarioType: 'proposed' };
    expect((await t.api('post', '/scenarios', { body })).status).toBe(401);
    const empty = await t.api('post', '/scenarios', { token: finance.token, body: { ...body, name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContainEqual({ path: 'name', message: 'Scenario name cannot be empty' });
    expect(
      (
        await t.api('post', '/scenarios', {
          token: finance.token,
          body: { ...body, scenarioType: 'capital' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.api('post', '/scenarios', { token: finance.token, body: { ...body, isActive: true } })).status,
    ).toBe(400);
    expect(
      (await t.api('post', '/scenarios', { token: finance.token, body: { ...body, budgetYearId: 999999 } }))
        .status,
    ).toBe(400);
    expect((await t.api('post', '/scenarios', { token: viewer.token, body })).status).toBe(403);
    expect(await count()).toBe(2);
  });

  it('creates an inactive budget and renames it, auditing both', async () => {
    const w = await buildWorld(t.db.knex);
    const res = await t.api('post', '/scenarios', {
      token: finance.token,
      body: {
        budgetYearId: w.budgetYearId,
        name: ' Level services ',
        description: '',
        scenarioType: 'proposed',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.scenario).toMatchObject({
      name: 'Level services',
      description: null,
      isActive: false,
      lineItemCount: 0,
    });
    const id = res.body.scenario.id;
    const empty = await t.api('patch', `/scenarios/${id}`, { token: finance.token, body: { name: '' } });
    expect(empty.body.error).toMatch(/Scenario name cannot be empty/);
    expect(
      (await t.api('patch', '/scenarios/999999', { token: finance.token, body: { name: 'X' } })).status,
    ).toBe(404);
    const renamed = await t.api('patch', `/scenarios/${id}`, {
      token: finance.token,
      body: { name: 'Guidance cut' },
    });
    expect(renamed.body.scenario.name).toBe('Guidance cut');
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'scenario', entity_id: String(id) })
      .orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before).toMatchObject({ name: 'Level services' });
  });
});

describe('POST /scenarios/:id/set-active', () => {
  it('returns 401, 400 for a bad id, 403 for FINANCE (Budget Management is ADMIN only), 404 for an unknown one', async () => {
    const w = await buildWorld(t.db.knex);
    expect((await t.api('post', `/scenarios/${w.proposedScenarioId}/set-active`)).status).toBe(401);
    expect((await t.api('post', '/scenarios/abc/set-active', { token: admin.token })).status).toBe(400);
    expect(
      (await t.api('post', `/scenarios/${w.proposedScenarioId}/set-active`, { token: finance.token })).status,
    ).toBe(403);
    const missing = await t.api('post', '/scenarios/999999/set-active', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Scenario not found');
  });

  it('activates a budget and deactivates the active one of the same type only', async () => {
    const w = await buildWorld(t.db.knex);
    const created = await t.api('post', '/scenarios', {
      token: admin.token,
      body: { budgetYearId: w.budgetYearId, name: 'Alternative', scenarioType: 'proposed' },
    });
    const id = created.body.scenario.id;
    const res = await t.api('post', `/scenarios/${id}/set-active`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scenario: { id, isActive: true }, deactivatedId: w.proposedScenarioId });
    expect((await scenarioRow(w.proposedScenarioId)).is_active).toBe(false);
    expect((await scenarioRow(w.operatingScenarioId)).is_active).toBe(true);
    // Again: nothing to change.
    const again = await t.api('post', `/scenarios/${id}/set-active`, { token: admin.token });
    expect(again.body).toMatchObject({ scenario: { isActive: true }, deactivatedId: null });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'scenario' })
      .whereIn('entity_id', [String(id), String(w.proposedScenarioId)])
      .orderBy('id');
    expect(audit.map((a) => [Number(a.entity_id), a.action])).toEqual([
      [id, 'create'],
      [w.proposedScenarioId, 'deactivate'],
      [id, 'set-active'],
    ]);
  });
});

describe('PATCH /budget-years/:id/current-fiscal-year', () => {
  it('refuses years outside 2020..2034, FINANCE and unknown ids; sets and audits the year', async () => {
    const w = await buildWorld(t.db.knex);
    const path = `/budget-years/${w.budgetYearId}/current-fiscal-year`;
    expect((await t.api('patch', path, { body: { currentFiscalYear: 2027 } })).status).toBe(401);
    for (const currentFiscalYear of [2019, 2035, 2026.5, '2027', null]) {
      expect((await t.api('patch', path, { token: admin.token, body: { currentFiscalYear } })).status).toBe(
        400,
      );
    }
    expect(
      (await t.api('patch', path, { token: finance.token, body: { currentFiscalYear: 2027 } })).status,
    ).toBe(403);
    expect(
      (
        await t.api('patch', '/budget-years/999999/current-fiscal-year', {
          token: admin.token,
          body: { currentFiscalYear: 2027 },
        })
      ).status,
    ).toBe(404);
    expect((await t.db.knex('budget_years').where({ id: w.budgetYearId }).first()).current_fiscal_year).toBe(
      2026,
    );
    const res = await t.api('patch', path, { token: admin.token, body: { currentFiscalYear: 2027 } });
    expect(res.status).toBe(200);
    expect(res.body.budgetYear).toMatchObject({ id: w.budgetYearId, currentFiscalYear: 2027 });
    const [audit] = await t.db
      .knex('audit_log')
      .where({ entity: 'budget-year', entity_id: String(w.budgetYearId) });
    expect(audit.before).toMatchObject({ currentFiscalYear: 2026 });
    expect(audit.after).toMatchObject({ currentFiscalYear: 2027 });
  });
});
