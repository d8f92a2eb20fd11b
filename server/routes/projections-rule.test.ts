import { describe, expect, it } from 'vitest';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { useApp } from '../../test/use-app';
import {
  buildCategory,
  buildRuleWorld,
  grow,
  insertPeople,
  toCents,
  type RuleWorld,
} from '../../test/factories';

const { t, finance } = useApp(['FINANCE']);

const generate = (body: Record<string, unknown>) =>
  t.api('post', '/projections/generate', { token: finance.token, body: { forceRegenerate: true, ...body } });

const projectedOf = (w: RuleWorld, isOperating = true) =>
  t.db
    .knex('line_items_all')
    .where({ budget_year_id: w.budgetYearId, is_projected: true, is_operating: isOperating })
    .orderBy(['last_name', 'fiscal_year', 'id']);

describe('Generate Projections applies each projected year’s rule', () => {
  it('grows every year from the year before by that year’s COLA and steps; a manual value is its year’s only', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const ids = await insertPeople(t.db.knex, w, [
      // The example: a manual $80,000 over $73,000.
      {
        firstName: 'Ana',
        lastName: 'Manual',
        salary: '73000.00',
        nextYearSalary: '80000.00',
        manual: true,
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
        position: 'Grade 4 Teacher',
      },
      { firstName: 'Ben', lastName: 'Rule', salary: '61234.57', workGroupId: w.teachers },
      { firstName: 'Cy', lastName: 'Custodian', salary: '45678.91', workGroupId: w.custodians },
      { firstName: 'Dee', lastName: 'Nogroup', salary: '40000.00' },
      { firstName: 'Eve', lastName: 'Retiring', salary: '90000.00', status: 'Retiring' },
    ]);
    await t.db.knex.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
    const res = await generate({
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2029,
      projectionType: 'operating',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectedCount: 12, baseYear: 2026, fiscalYears: [2027, 2028, 2029] });

    // Expected, year by year, in BigInt cents: year k+1 = round(year k × (1 + COLA + steps)).
    const expected: [string, number, bigint, bigint | null][] = [];
    const chain = (name: string, first: bigint, bp: Record<number, bigint> | null) => {
      let salary = first;
      for (const fy of [2027, 2028, 2029]) {
        const next = bp ? grow(salary, bp[fy + 1]) : null;
        expected.push([name, fy, salary, next]);
        salary = next ?? salary;
      }
    };
    chain('Custodian', grow(4567891n, w.custodianBp[2027]), w.custodianBp);
    chain('Manual', 8000000n, w.teacherBp);
    chain('Nogroup', 4000000n, null);
    chain('Rule', grow(6123457n, w.teacherBp[2027]), w.teacherBp);
    const rows = await projectedOf(w);
    expect(
      rows.map((r: any) => [
        r.last_name,
        r.fiscal_year,
        toCents(r.current_salary),
        toCents(r.next_year_salary),
      ]),
    ).toEqual(expected);
    // The figures: $80,000, then +4.5% and +4% (not +9.59% a year).
    expect(rows.filter((r: any) => r.last_name === 'Manual').map((r: any) => r.current_salary)).toEqual([
      80000, 83600, 86944,
    ]);
    expect(rows.every((r: any) => r.employee_status === 'Active' && !r.next_year_salary_manual)).toBe(true);
    expect(rows.find((r: any) => r.last_name === 'Rule' && r.fiscal_year === 2029).metadata).toEqual({
      projectedFrom: 2026,
      sourceLineId: ids[1],
    });

    // The salary progression report says what was applied, and agrees with the projection.
    const report = await t.api(
      'get',
      `/line-items/budget/salary-progression?limit=5&position=Grade%204&budgetYearId=${w.budgetYearId}`,
      { token: finance.token },
    );
    expect(report.status).toBe(200);
    expect(report.body.progressions).toHaveLength(1);
    expect(report.body.progressions[0].yearData).toEqual([
      {
        fiscalYear: 2026,
        currentSalary: 73000,
        yoyIncrease: null,
        basis: 'imported',
        colaApplied: 0,
        colaSource: 'NONE',
        stepsLanesApplied: 1.5,
        totalIncreaseApplied: 1.5,
      },
      {
        fiscalYear: 2027,
        currentSalary: 80000,
        yoyIncrease: 9.59,
        basis: 'manual',
        colaApplied: 0,
        colaSource: null,
        stepsLanesApplied: 0,
        totalIncreaseApplied: 9.59,
      },
      {
        fiscalYear: 2028,
        currentSalary: 83600,
        yoyIncrease: 4.5,
        basis: 'rule',
        colaApplied: 3,
        colaSource: 'SETTLED',
        stepsLanesApplied: 1.5,
        totalIncreaseApplied: 4.5,
      },
      {
        fiscalYear: 2029,
        currentSalary: 86944,
        yoyIncrease: 4,
        basis: 'rule',
        colaApplied: 2.5,
        colaSource: 'SETTLED',
        stepsLanesApplied: 1.5,
        totalIncreaseApplied: 4,
      },
    ]);
  });

  it('rounds proposed lines to the cent every year', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const category = await buildCategory(t.db.knex, { yoy: 3.33 });
    await t.db.knex('line_items').insert({
      budget_year_id: w.budgetYearId,
      scenario_id: w.proposedScenarioId,
      fiscal_year: 2026,
      is_operating: false,
      amount: '1000.01',
      category_id: category,
      account_description: 'Supplies',
    });
    const res = await generate({
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2029,
      projectionType: 'proposed',
    });
    expect(res.status).toBe(200);
    const amounts = (await projectedOf(w, false)).map((r: any) => toCents(r.amount));
    const y27 = grow(100001n, 333n);
    const y28 = grow(y27, 333n);
    expect(amounts).toEqual([y27, y28, grow(y28, 333n)]);
  });
});

describe('Projections that would overflow the money columns', () => {
  it('answer 400 naming the year and write nothing', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const ids = await insertPeople(t.db.knex, w, [
      { firstName: 'Big', lastName: 'Salary', salary: '950000000000.00', workGroupId: w.teachers },
      { firstName: 'Small', lastName: 'Salary', salary: '50000.00', workGroupId: w.teachers },
    ]);
    // 950bn × 1.035 = 983.25bn fits FY27; FY27's next-year salary (× 1.045) does not.
    await t.db.knex.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
    const res = await generate({
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2029,
      projectionType: 'operating',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'The projected next-year salaries of FY27 would exceed $999,999,999,999.99, the most a line can hold; project to an earlier year',
    );
    expect(res.body.details).toEqual([
      { path: 'toFiscalYear', message: 'Projecting into FY27 exceeds $999,999,999,999.99' },
    ]);
    expect(await projectedOf(w)).toHaveLength(0);

    const category = await buildCategory(t.db.knex, { yoy: 10 });
    await t.db.knex('line_items').insert({
      budget_year_id: w.budgetYearId,
      scenario_id: w.proposedScenarioId,
      fiscal_year: 2026,
      is_operating: false,
      amount: '900000000000.00',
      category_id: category,
    });
    const proposed = await generate({
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2028,
      projectionType: 'proposed',
    });
    expect(proposed.status).toBe(400);
    expect(proposed.body.error).toMatch(/^The projected amounts of FY28 would exceed \$999,999,999,999\.99/);
    // FY27 (990bn) fitted, but the run is one transaction: nothing stays.
    expect(await projectedOf(w, false)).toHaveLength(0);
    const audits = await t.db
      .knex('audit_log')
      .where({ action: 'generate-projections', entity_id: String(w.budgetYearId) });
    expect(audits).toHaveLength(0);
  });
});
