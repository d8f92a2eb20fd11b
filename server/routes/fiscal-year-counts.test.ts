import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld } from '../../test/factories';

/**
 * Counts shown under a fiscal-year label count that fiscal year of the budget year only, though a
 * budget year holds lines of several fiscal years (prior actuals, projections).
 */
const { t, finance } = useApp(['FINANCE']);

describe('counts of a budget year’s own fiscal year', () => {
  it('Budget Management: each budget’s lines in FY26, beside its lines of every year', async () => {
    const w = await buildWorld(t.db.knex);
    await buildEmployee(t.db.knex, w);
    await buildEmployee(t.db.knex, w, { fiscal_year: 2027 });
    await buildEmployee(t.db.knex, w, { fiscal_year: 2027 });
    await buildProposed(t.db.knex, w, { fiscal_year: 2025 });
    const res = await t.api('get', `/scenarios?budgetYearId=${w.budgetYearId}`, { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.body.scenarios).toEqual([
      expect.objectContaining({
        scenarioType: 'operating',
        lineItemCount: 3,
        fiscalYear: 2026,
        fiscalYearLineCount: 1,
      }),
      expect.objectContaining({
        scenarioType: 'proposed',
        lineItemCount: 1,
        fiscalYear: 2026,
        fiscalYearLineCount: 0,
      }),
    ]);
    const active = await t.api('get', `/scenarios/active/operating?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(active.body.scenario).toMatchObject({ lineItemCount: 3, fiscalYearLineCount: 1 });
  });

  it('work groups: employees in the budget year’s fiscal year with ?budgetYearId=, else every year’s', async () => {
    const w = await buildWorld(t.db.knex);
    await buildEmployee(t.db.knex, w);
    await buildEmployee(t.db.knex, w, { fiscal_year: 2027 });
    await buildEmployee(t.db.knex, w, { fiscal_year: 2025 });
    await buildEmployee(t.db.knex, w, { work_group_id: w.custodiansId, work_group: 'Custodians' });
    // A line of an inactive alternative budget does not count beside the active one.
    const [alt] = await t.db
      .knex('scenarios')
      .insert({ budget_year_id: w.budgetYearId, name: 'Alt', scenario_type: 'operating', is_active: false })
      .returning('id');
    await buildEmployee(t.db.knex, w, { scenario_id: alt.id });

    const byId = (body: { workGroups: { id: number; employeeCount: number }[] }) =>
      new Map(body.workGroups.map((g) => [g.id, g.employeeCount]));
    const inYear = await t.api('get', `/cola/work-groups?budgetYearId=${w.budgetYearId}`, {
      token: finance.token,
    });
    expect(inYear.status).toBe(200);
    expect(inYear.body.fiscalYear).toBe(2026);
    expect(byId(inYear.body).get(w.teachersId)).toBe(1);
    expect(byId(inYear.body).get(w.custodiansId)).toBe(1);

    const all = await t.api('get', '/cola/work-groups', { token: finance.token });
    expect(all.body.fiscalYear).toBeNull();
    expect(byId(all.body).get(w.teachersId)).toBe(4);

    expect(
      (await t.api('get', '/cola/work-groups?budgetYearId=999999', { token: finance.token })).status,
    ).toBe(404);
    expect((await t.api('get', '/cola/work-groups?budgetYearId=x', { token: finance.token })).status).toBe(
      400,
    );
  });
});
