import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { positionsFromLines } from '@server/domains/positions';
import { buildBudgetYear, buildCategory, insertEmployees } from '../test/factories';
import { useCli } from '../test/use-cli';

/**
 * `positions list` says when positions have no budget category: their cost is in no salary line of
 * the proposed budget (an import left 164 of Boston's so, and the list's total and the budget
 * disagreed with nothing saying why). Ada is a teacher; Bo was imported without a category.
 */
describe('budget-cli positions list, positions in no salary line', () => {
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    const teachers = await buildCategory(knex, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
    const person = (firstName: string, next: string, categoryId: number | null) => ({
      budgetYearId,
      fiscalYear: 2026,
      firstName,
      lastName: 'Cli',
      position: `${firstName}'s post`,
      salary: '50000.00',
      nextYearSalary: next,
      manual: true,
      categoryId,
    });
    await insertEmployees(knex, [person('Ada', '61000.00', teachers), person('Bo', '40000.37', null)]);
    await positionsFromLines(knex, { actorLabel: 'test' });
  };
  const { cli } = useCli('positions-no-salary-line', { timeout: 150_000, seed });

  it('warns with their count and cost, and --category none lists them', async () => {
    const listed = await cli('positions', 'list', '--fiscal-year', 'FY26');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(
      'Warning: 1 position ($40,000.37) has no personnel category: its cost is in no salary line ' +
        '(list them: --category none)\n',
    );

    const none = await cli('positions', 'list', '--fiscal-year', 'FY26', '--category', 'none');
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('Bo Cli');
    expect(none.stdout).not.toContain('Ada Cli');

    const teachers = await cli('positions', 'list', '--fiscal-year', 'FY26', '--category', 'Teachers');
    expect(teachers.stdout).toContain('Ada Cli');
    expect(teachers.stdout).not.toContain('Warning');
  }, 120_000);
});
