import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildWorkGroup, insertEmployees } from '../test/factories';
import { buildColaWorld, c, model, type ColaWorld } from '../test/worlds/cola-calc.world';

/**
 * `budget-cli rif` on a payroll with people whose salary is blank (stored as null,
 * as the real Boston file's 27 are) printed 'Not an amount in whole cents: null'. They are counted
 * as $0 and the command says how many it met; the gap is the world's own (recomputed in cents from
 * the model, which knows nothing of them).
 */
describe('budget-cli rif with people without a salary', () => {
  let w: ColaWorld;
  const WITHOUT = 3;

  const { cli } = useCli('rif-no-salary', {
    setupTimeout: 300_000,
    seed: async (knex) => {
      w = await buildColaWorld(knex);
      await knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
      // One in a unit with salaries, two in a unit of their own (whose payroll summed to NULL).
      const alone = await buildWorkGroup(knex, 'Unit without salaries');
      const anyGroup = Object.values(w.groups)[0].id;
      await insertEmployees(
        knex,
        [anyGroup, alone, alone].map((workGroupId) => ({
          budgetYearId: w.budgetYearId,
          fiscalYear: 2026,
          salary: null,
          workGroupId,
        })),
      );
    },
  });

  it('counts them as $0 and says how many, as JSON and as a table', { timeout: 300_000 }, async () => {
    const m = model(w, 2027).get(2027)!;
    const need =
      8_000_000_000n +
      m.cola.SETTLED +
      m.cola.NEGOTIATING +
      m.cola.SCENARIO +
      m.steps +
      m.newHires +
      m.adjustments;
    const flags = [
      '--fiscal-year',
      'FY27',
      '--scenario',
      String(w.scenarioId),
      '--budget-year',
      'FY26',
      '--baseline',
      '80000000',
      '--town-funding',
      '81000000',
    ];
    const json = await cli('rif', ...flags, '--json');
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout);
    expect([r.employees, r.employeesWithoutSalary]).toEqual([w.people.length + WITHOUT, WITHOUT]);
    expect([c(r.districtNeed), c(r.gap)]).toEqual([need, need - 8_100_000_000n]);

    const table = await cli('rif', ...flags);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(
        `Without a salary +${WITHOUT} people counted as \\$0 \\(no current salary: flagged for review in Data Quality\\)`,
      ),
    );
    expect(table.stderr).not.toContain('Not an amount');
  });
});
