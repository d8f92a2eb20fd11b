import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildRuleWorld, grow, insertPeople, toCents } from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

/**
 * Actuals supersede projections: FY26 imported and projected through FY28, then the FY27 payroll
 * imported beside the FY27 projections (as imports did before they removed them).
 */
describe('a year whose payroll was imported after it was projected', () => {
  it('is called imported, never projected over, and never offered to Fix Base Year', async () => {
    const db = t.db.knex;
    const w = await buildRuleWorld(db);
    await insertPeople(db, w, [
      { firstName: 'Ada', lastName: 'One', salary: '50000.00', nextYearSalary: '51000.00', manual: true },
      { firstName: 'Bo', lastName: 'Two', salary: '60000.00', nextYearSalary: '61000.00', manual: true },
    ]);
    const generate = (toFiscalYear: number) =>
      t.api('post', '/projections/generate', {
        token: finance.token,
        body: {
          budgetYearId: w.budgetYearId,
          toFiscalYear,
          projectionType: 'operating',
          forceRegenerate: true,
        },
      });
    expect((await generate(2028)).body).toMatchObject({ projectedCount: 4, skippedYears: [] });
    // The FY27 payroll: three people, one of them with a teacher's contract.
    await insertPeople(db, w, [
      { firstName: 'Ada', lastName: 'One', fiscalYear: 2027, salary: '51500.00', workGroupId: w.teachers },
      {
        firstName: 'Bo',
        lastName: 'Two',
        fiscalYear: 2027,
        salary: '61000.00',
        nextYearSalary: '62000.00',
        manual: true,
      },
      { firstName: 'Cal', lastName: 'Three', fiscalYear: 2027, salary: '40000.00', status: 'Retiring' },
    ]);
    await db('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027, is_projected: false, first_name: 'Ada' })
      .update({ next_year_salary: '53817.50' });

    const status = await t.api('get', `/projections/status?budgetYearId=${w.budgetYearId}`, {
      token: viewer.token,
    });
    expect(status.body.years.find((y: any) => y.fiscalYear === 2027)).toMatchObject({
      operatingCount: 5,
      operatingProjected: 2,
      operatingSource: 'imported',
      operatingSuperseded: 2,
      proposedSource: null,
    });
    expect(status.body.years.find((y: any) => y.fiscalYear === 2028)).toMatchObject({
      operatingSource: 'projected',
      operatingSuperseded: 0,
    });

    const diagnostic = await t.api(
      'get',
      `/projections/base-year-diagnostic?budgetYearId=${w.budgetYearId}`,
      {
        token: viewer.token,
      },
    );
    expect(diagnostic.body).toMatchObject({
      needsFix: false,
      operating: { importedYear: 2027, importedYears: [2026, 2027], needsFix: false, canFix: false },
      message:
        'Imported data is in the base year FY26. Later years are imported too (operating through FY27): actuals, which projections never replace; they start after the latest imported year.',
    });
    const fix = await t.api('post', '/projections/fix-base-year', {
      token: finance.token,
      body: { budgetYearId: w.budgetYearId, correctBaseYear: 2028, isOperating: true },
    });
    expect(fix.status).toBe(409);
    expect(fix.body.error).toBe(
      "FY27 holds imported operating lines beside the imported base year FY26: they are FY27's actuals, not data filed under the wrong year",
    );

    // FY27 itself cannot be a target; the run through FY29 skips it and grows from its actuals.
    const refused = await generate(2027);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'FY27 holds 3 imported operating lines: actuals are never projected over. Project to a fiscal year after the base year FY27, at most FY37',
    );
    const res = await generate(2029);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projectedCount: 4,
      replacedCount: 2,
      supersededCount: 2,
      baseYear: 2027,
      fiscalYears: [2028, 2029],
      skippedYears: [
        {
          fiscalYear: 2027,
          reason: 'FY27 holds 3 imported operating lines: actuals are never projected over',
        },
      ],
      proposedBase: 'budget',
      actualBase: null,
    });
    const rows = await db('line_items_all')
      .where({ budget_year_id: w.budgetYearId })
      .where('fiscal_year', '>=', 2027)
      .orderBy(['fiscal_year', 'is_projected', 'last_name']);
    const ada28 = 5381750n;
    expect(
      rows.map((r: any) => [r.fiscal_year, r.is_projected, r.last_name, toCents(r.current_salary)]),
    ).toEqual([
      [2027, false, 'One', 5150000n],
      [2027, false, 'Three', 4000000n],
      [2027, false, 'Two', 6100000n],
      [2028, true, 'One', ada28],
      [2028, true, 'Two', 6200000n],
      [2029, true, 'One', grow(ada28, w.teacherBp[2029])],
      // No work group: no next-year salary, so the salary carries over unchanged.
      [2029, true, 'Two', 6200000n],
    ]);
  });
});
