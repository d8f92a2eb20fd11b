import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildGroup, buildImportRun, buildWorld } from '../test/factories';
import { whileCommandWaits } from '../test/cli-while-waiting';

/** `budget-cli duplicates merge`, through budget-cli against a database of its own. */
describe('budget-cli duplicates merge', () => {
  let entered: [number, number];
  let twice: [number, number];

  /** The ids of the lines still in the database. */
  async function lineIds(): Promise<number[]> {
    return withDb(async (knex) => {
      return (await knex('line_items').orderBy('id').pluck('id')) as number[];
    });
  }

  const world = useCli('duplicates', {
    timeout: 150_000,
    setupTimeout: 300_000,
    // The CLI owns the PGlite folder while it runs; write the rows first, then close.
    seed: async (knex) => {
      const w = await buildWorld(knex);
      await knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
      const runs = {
        first: await buildImportRun(knex, w, 'payroll-july.csv'),
        second: await buildImportRun(knex, w, 'payroll-august.csv'),
      };
      entered = await buildGroup(knex, w, 'Lindqvist', 'imported', 'entered', runs);
      twice = await buildGroup(knex, w, 'Brennan', 'imported', 'imported', runs);
      await knex('users').insert({
        name: 'Fin Ance',
        email: 'finance@example.org',
        password_hash: 'unused',
        role: 'FINANCE',
      });
    },
  });
  const { cli, withDb } = world;

  it('refuses a bad rule (exit 2) and a FINANCE user (exit 1), changing nothing', async () => {
    const before = await lineIds();
    const bad = await cli('duplicates', 'merge', '--budget-year', 'FY26', '--rule', 'keep-best');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rule: Use one of keep-imported, keep-entered, keep-newest');
    const finance = await cli(
      '--as',
      'finance@example.org',
      'duplicates',
      'merge',
      '--budget-year',
      'FY26',
      '--rule',
      'keep-imported',
    );
    expect(finance.code).toBe(1);
    expect(finance.stderr).toContain('FORBIDDEN');
    expect(await lineIds()).toEqual(before);
  }, 300_000);

  // Someone else's write while the merge waits for the records' locks (a race only a second
  // connection can stage: PostgreSQL's).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'words records changed during the merge as running it again, not as a preview to repeat',
    async () => {
      const before = await lineIds();
      const stale = await whileCommandWaits(world.runner, {
        hold: (trx) => trx('line_items').where({ id: entered[0] }).forUpdate().select('id'),
        run: () => cli('duplicates', 'merge', '--budget-year', 'FY26', '--rule', 'keep-imported'),
        // The same value again: a new row version all the same, as any edit makes.
        meanwhile: (trx) =>
          trx('line_items')
            .where({ id: entered[0] })
            .update({ position: trx.raw('position') }),
      });
      expect(stale.code).toBe(1);
      expect(stale.stderr).toBe(
        'Error [CONFLICT]: The records changed while merging. Nothing was merged; ' +
          'run it again with --dry-run to see the plan as it is now.\n',
      );
      expect(await lineIds()).toEqual(before);
    },
    300_000,
  );

  it('previews with --dry-run, then merges what the rule decides', async () => {
    const before = await lineIds();
    const args = ['duplicates', 'merge', '--budget-year', 'FY26', '--rule', 'keep-imported'];
    const preview = await cli(...args, '--dry-run', '--json');
    expect(preview.code, preview.stderr).toBe(0);
    const plan = JSON.parse(preview.stdout);
    expect(plan).toMatchObject({
      dryRun: true,
      mergedGroupCount: 1,
      removedRecordCount: 1,
      skippedGroupCount: 1,
    });
    expect(plan.merges[0]).toMatchObject({ keepId: entered[0], removeIds: [entered[1]] });
    expect(plan.skipped[0]).toMatchObject({
      ids: twice,
      reason: '2 imported records: the rule cannot choose one',
    });
    expect(await lineIds()).toEqual(before);

    const text = await cli(...args, '--dry-run');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Lindqvist, Katherine (#${entered[0]}, imported)`);
    expect(text.stdout).toContain('Would merge 1 of 2 group(s), removing 1 record(s); 1 skipped.');

    const run = await cli(...args);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Merged 1 of 2 group(s), removing 1 record(s); 1 skipped.');
    expect(await lineIds()).toEqual(before.filter((id) => id !== entered[1]));
  }, 300_000);
});
