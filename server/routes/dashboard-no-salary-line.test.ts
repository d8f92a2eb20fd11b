import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildCategory, insertEmployees } from '../../test/factories';
import { positionsFromLines } from '@server/domains/positions';
import { useApp } from '../../test/use-app';

/**
 * A new district's payroll imported without a crosswalk has no budget categories: Update Salary
 * Budget and the positions' follow put its pay in no salary line, so the year has no proposed lines.
 * The dashboard's goal and NSS cards then said 'FY27 has no budget lines ... Import the payroll' of
 * a year whose payroll is there. The budget summary now says what its salaries' source holds in no
 * personnel category (noSalaryLine), which the cards say instead.
 */

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const summaryOf = async (budgetYearId: number, fiscalYear: number, token: string) => {
  const res = await t.api(
    'get',
    `/line-items/budget/summary?budgetYearId=${budgetYearId}&fiscalYear=${fiscalYear}`,
    {
      token,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Employee lines of one fiscal year at these salaries (and next-year salaries), in `categoryId`. */
const payroll = (
  budgetYearId: number,
  fiscalYear: number,
  salaries: string[],
  categoryId: number | null = null,
) =>
  insertEmployees(
    t.db.knex,
    salaries.map((salary) => ({
      budgetYearId,
      fiscalYear,
      salary,
      nextYearSalary: salary,
      manual: true,
      categoryId,
    })),
  );

describe('the budget summary of a year with no proposed lines', () => {
  it('says its own payroll’s lines have no personnel category, their pay withheld from a viewer only when so few', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2027 });
    const supplies = await buildCategory(t.db.knex, { name: 'Supplies (not personnel)', isPersonnel: false });
    await payroll(budgetYearId, 2027, ['50000.10', '60000.20', '70000.30', '40000.40']);
    await payroll(budgetYearId, 2027, ['30000.01', '30000.02'], supplies);
    const seen = await summaryOf(budgetYearId, 2027, finance.token);
    expect(seen.proposedCount).toBe(0);
    expect(seen.noSalaryLine).toEqual({
      reason: 'no-personnel-category',
      source: 'payroll',
      rosterFiscalYear: null,
      count: 6,
      cost: 280_001.03,
    });
    // Six people's pay summed: a viewer reads it too.
    expect((await summaryOf(budgetYearId, 2027, viewer.token)).noSalaryLine.cost).toBe(280_001.03);

    // Two people's: withheld from a viewer (server/lib/pay-groups.ts), shown to finance.
    const small = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2027 });
    await payroll(small, 2027, ['51000.00', '52000.00']);
    expect((await summaryOf(small, 2027, viewer.token)).noSalaryLine).toEqual({
      reason: 'no-personnel-category',
      source: 'payroll',
      rosterFiscalYear: null,
      count: 2,
      cost: null,
    });
    expect((await summaryOf(small, 2027, finance.token)).noSalaryLine.cost).toBe(103_000);
  });

  it('says the roster it is planned from has positions with no personnel category', async () => {
    // Fiscal years no other test here uses: the roster a year is planned from is its year's home's.
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2030 });
    await payroll(budgetYearId, 2030, ['50000.10', '60000.20', '70000.30', '40000.40', '45000.00']);
    await positionsFromLines(t.db.knex, { budgetYearId, actorLabel: 'test' });
    const seen = await summaryOf(budgetYearId, 2031, finance.token);
    expect(seen.proposedCount).toBe(0);
    expect(seen.noSalaryLine).toEqual({
      reason: 'no-personnel-category',
      source: 'positions',
      rosterFiscalYear: 2030,
      count: 5,
      cost: 265_001,
    });
  });

  it('says a payroll in personnel categories is not budgeted yet, until Update Salary Budget makes its lines', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2027 });
    const teachers = await buildCategory(t.db.knex, { name: 'Teachers (personnel)', isPersonnel: true });
    await payroll(budgetYearId, 2027, ['50000.00', '60000.01'], teachers);
    expect((await summaryOf(budgetYearId, 2027, finance.token)).noSalaryLine).toEqual({
      reason: 'not-budgeted',
      source: 'payroll',
      rosterFiscalYear: null,
      count: 2,
      cost: 110_000.01,
    });
    expect((await summaryOf(budgetYearId, 2027, viewer.token)).noSalaryLine.cost).toBeNull();
    const made = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId, fiscalYear: 2027 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const after = await summaryOf(budgetYearId, 2027, finance.token);
    expect(after.proposedCount).toBeGreaterThan(0);
    expect(after.noSalaryLine).toBeNull();
  });

  it('says nothing where there are no salaries', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2027 });
    // A year just made, with neither a payroll nor a roster: the cards say where lines come from.
    expect((await summaryOf(budgetYearId, 2033, finance.token)).noSalaryLine).toBeNull();
    // Projected employee lines alone are no payroll: 'import the payroll' is still what is true.
    await insertEmployees(t.db.knex, [
      { budgetYearId, fiscalYear: 2034, salary: '50000.00', isProjected: true },
    ]);
    expect((await summaryOf(budgetYearId, 2034, finance.token)).noSalaryLine).toBeNull();
  });
});
