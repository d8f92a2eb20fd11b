import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../test/factories';

/**
 * `budget-cli dese report` as a school committee member (VIEW_ONLY): a code whose salaries are
 * one person's pay (the Assistant Superintendent, 1220) reads 'Withheld', as the screen and the
 * workbook say, not a blank that looks like $0; its other expenses are still shown.
 */
const PAY = '177625.56';

describe('budget-cli dese report for a reader who may not see individual pay', () => {
  const { cli } = useCli('dese-withheld', {
    timeout: 120_000,
    seed: async (knex) => {
      const by = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      const operating = await buildScenario(knex, by, 'operating');
      const budget = await buildScenario(knex, by, 'proposed');
      const central = await buildCategory(knex, {
        name: 'Central Office',
        isPersonnel: true,
        deseFunction: '1220',
      });
      const supplies = await buildCategory(knex, { name: 'Supplies' });
      await insertEmployees(knex, [
        {
          budgetYearId: by,
          fiscalYear: 2027,
          scenarioId: operating,
          salary: '171000.00',
          nextYearSalary: PAY,
          manual: true,
          categoryId: central,
        },
      ]);
      await insertProposed(knex, [
        {
          budgetYearId: by,
          fiscalYear: 2027,
          scenarioId: budget,
          amount: PAY,
          categoryId: central,
          columns: { dese_code: '1220' },
        },
        {
          budgetYearId: by,
          fiscalYear: 2027,
          scenarioId: budget,
          amount: '3000.00',
          categoryId: supplies,
          columns: { dese_code: '1220' },
        },
      ]);
      await knex('users').insert({
        name: 'Com Mittee',
        email: 'viewer@example.org',
        password_hash: 'unused',
        role: 'VIEW_ONLY',
      });
    },
  });

  it('prints Withheld for the salaries and the total of that code, and its other expenses', async () => {
    const res = await cli(
      '--as',
      'viewer@example.org',
      'dese',
      'report',
      '--budget-year',
      'FY27',
      '--fiscal-year',
      'FY2027',
    );
    expect(res.code, res.stderr).toBe(0);
    const row = res.stdout.split('\n').find((l) => /^1220\s/.test(l));
    expect(row).toMatch(/^1220\s+Assistant Superintendents\s+Withheld\s+\$3,000\.00\s+Withheld\s+2$/);
    expect(res.stdout).not.toContain('177,625.56');
  });
});
