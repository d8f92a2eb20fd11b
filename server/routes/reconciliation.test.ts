import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { distributeCents } from '@server/domains/line-items/distribute-cents';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);
let budgetYearId: number;
let school: number;
let teachers: number;
let paras: number;
let supplies: number;
let lineIds: number[];

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db);
  const op = await buildScenario(db, budgetYearId, 'operating');
  const pr = await buildScenario(db, budgetYearId, 'proposed');
  school = await buildBuilding(db, { name: 'Recon School' });
  teachers = await buildCategory(db, { name: 'Recon Teachers', isPersonnel: true, deseFunction: '2305' });
  paras = await buildCategory(db, { name: 'Recon Paras', isPersonnel: true });
  supplies = await buildCategory(db, { name: 'Recon Supplies' });
  const e = (salary: string, categoryId: number | null, buildingId: number | null = school) => ({
    budgetYearId,
    fiscalYear: 2026,
    scenarioId: op,
    salary,
    categoryId,
    buildingId,
  });
  await insertEmployees(db, [
    e('60000.01', teachers),
    e('70000.02', teachers),
    e('30000.00', paras, null),
    e('25000.50', null),
  ]);
  lineIds = await insertProposed(db, [
    // Two teacher lines at the school split the payroll 3:1.
    {
      budgetYearId,
      fiscalYear: 2026,
      scenarioId: pr,
      amount: '90000.00',
      categoryId: teachers,
      buildingId: school,
    },
    {
      budgetYearId,
      fiscalYear: 2026,
      scenarioId: pr,
      amount: '30000.00',
      categoryId: teachers,
      buildingId: school,
    },
    {
      budgetYearId,
      fiscalYear: 2026,
      scenarioId: pr,
      amount: '5000.00',
      categoryId: supplies,
      buildingId: school,
    },
  ]);
});

const amounts = () =>
  t.db
    .knex('line_items')
    .where({ budget_year_id: budgetYearId, is_operating: false })
    .orderBy('id')
    .pluck('amount');

describe('POST /reconciliation/update-salary-budget', () => {
  it('returns 401, 400, 403 and 404, changing nothing', async () => {
    const before = await amounts();
    const body = { budgetYearId, fiscalYear: 2026 };
    expect((await t.api('post', '/reconciliation/update-salary-budget', { body })).status).toBe(401);
    expect(
      (
        await t.api('post', '/reconciliation/update-salary-budget', {
          token: finance.token,
          body: { budgetYearId },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api('post', '/reconciliation/update-salary-budget', {
          token: finance.token,
          body: { ...body, fiscalYear: 'soon' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.api('post', '/reconciliation/update-salary-budget', { token: viewer.token, body })).status,
    ).toBe(403);
    expect(
      (
        await t.api('post', '/reconciliation/update-salary-budget', {
          token: finance.token,
          body: { ...body, budgetYearId: 999999 },
        })
      ).status,
    ).toBe(404);
    const empty = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { ...body, fiscalYear: 2031 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('There are no FY31 employee lines to take the payroll from');
    expect(await amounts()).toEqual(before);
  });

  it('sets personnel lines to the payroll of their category and building, to the cent', async () => {
    const res = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId, fiscalYear: 'FY26' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      updatedItems: 2,
      createdItems: 1,
      removedItems: 0,
      totalOperatingSalary: 185000.53,
      distributedAmount: 160000.03,
      undistributedAmount: 25000.5,
      dryRun: false,
    });
    // Each line set, with what it held and holds: the two changed and the one added.
    expect(res.body.changes.map((c: { action: string }) => c.action).sort()).toEqual([
      'create',
      'update',
      'update',
    ]);
    // 130,000.03 split 3:1 -> 97,500.02 + 32,500.01 (the odd cent to the larger remainder).
    const after = await amounts();
    expect(after).toEqual([97500.02, 32500.01, 5000, 30000]);
    const added = await t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, category_id: paras, is_operating: false })
      .first();
    expect(added).toMatchObject({
      account_description: 'Recon Paras Salaries - District Wide',
      building_id: null,
    });
    const audits = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item' })
      .whereIn('entity_id', lineIds.map(String));
    expect(audits.length).toBe(2);
    const again = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId, fiscalYear: 2026 },
    });
    expect(again.body).toMatchObject({ updatedItems: 0, createdItems: 0, removedItems: 0 });
  });
});

describe('a payroll with grant-paid people', () => {
  it('budgets each salary on the fund that pays it, so a grant-paid salary is not on the general fund', async () => {
    const db = t.db.knex;
    const [{ id: grant }] = await db('funds')
      .insert({ name: 'Recon Title I', code: '2491', kind: 'federal_grant', counts_toward_nss: false })
      .returning('id');
    const op = (
      await db('scenarios').where({ budget_year_id: budgetYearId, scenario_type: 'operating' }).first('id')
    ).id;
    const pr = (
      await db('scenarios').where({ budget_year_id: budgetYearId, scenario_type: 'proposed' }).first('id')
    ).id;
    const people = [
      { salary: '60000.00', fund: null },
      { salary: '45000.50', fund: grant },
      { salary: '1000.25', fund: grant },
    ];
    await insertEmployees(
      db,
      people.map((p) => ({
        budgetYearId,
        fiscalYear: 2027,
        scenarioId: op,
        salary: p.salary,
        categoryId: teachers,
        buildingId: school,
        columns: { fund_id: p.fund },
      })),
    );
    // Last year's way: one teacher line at the school, on the general fund.
    await insertProposed(db, [
      {
        budgetYearId,
        fiscalYear: 2027,
        scenarioId: pr,
        amount: '100000.00',
        categoryId: teachers,
        buildingId: school,
      },
    ]);
    const res = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId, fiscalYear: 2027 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Worked out here in cents, by fund, from the people above.
    const cents = (v: string) => Math.round(Number(v) * 100);
    const byFund = new Map<number | null, number>();
    for (const p of people) {
      byFund.set(p.fund, (byFund.get(p.fund) ?? 0) + cents(p.salary));
    }
    const lines = await db('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2027, is_operating: false, category_id: teachers })
      .orderBy('id')
      .select('fund_id', 'amount', 'account_description');
    expect(lines.map((l) => [l.fund_id, cents(String(l.amount))])).toEqual([
      [null, byFund.get(null)],
      [grant, byFund.get(grant)],
    ]);
    expect(lines[1].account_description).toBe(
      'Recon Teachers Salaries (Recon Title I) - Recon School - 2305',
    );
    const again = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId, fiscalYear: 2027 },
    });
    expect(again.body).toMatchObject({ updatedItems: 0, createdItems: 0, removedItems: 0 });
  });
});

describe('distributeCents', () => {
  it('always adds up to the total', () => {
    expect(distributeCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(distributeCents(10, [0, 0])).toEqual([5, 5]);
    expect(distributeCents(7, [-5, 10])).toEqual([0, 7]);
  });
});
