import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildBudgetYear, buildCategory, buildScenario, insertProposed } from '../test/factories';
import { whileCommandWaits } from '../test/cli-while-waiting';

/** `scenarios adopt|adoptions|undo-adoption` through budget-cli. */
describe('budget-cli scenarios adopt', () => {
  const AMOUNTS = ['1000.05', '333.33', '80000.00'];
  const year = ['--budget-year', 'FY27'];
  let ids: number[] = [];
  let budgetYearId = 0;

  const amounts = async () => {
    return withDb(async (knex) => {
      const rows = await knex('line_items').whereIn('id', ids).orderBy('id').select('amount');
      return rows.map((r: { amount: number }) => Number(r.amount));
    });
  };

  const world = useCli('adoptions', {
    timeout: 150_000,
    seed: async (db) => {
      const id = await buildBudgetYear(db, { label: 'FY27', currentFiscalYear: 2027 });
      budgetYearId = id;
      const scenarioId = await buildScenario(db, id, 'proposed', true);
      const supplies = await buildCategory(db, { name: 'Supplies' });
      ids = await insertProposed(
        db,
        AMOUNTS.map((amount) => ({
          budgetYearId: id,
          fiscalYear: 2027,
          amount,
          scenarioId,
          categoryId: supplies,
        })),
      );
    },
  });
  const { cli, withDb } = world;

  it('prints what would change without --yes, adopts with it, and undoes', { timeout: 300_000 }, async () => {
    const made = await cli(
      'scenarios',
      'apply',
      'Trim',
      ...year,
      '--create',
      '--cut',
      'Supplies=25',
      '--json',
    );
    expect(made.code, made.stderr).toBe(0);
    const scenarioId = String(JSON.parse(made.stdout).scenario.id);

    const shown = await cli('scenarios', 'adopt', scenarioId);
    expect(shown.code, shown.stderr).toBe(0);
    // 75% of each line, rounded half away from zero: 750.0375 -> 750.04, 249.9975 -> 250.00.
    expect(shown.stdout).toContain('$750.04');
    expect(shown.stdout).toContain('$250.00');
    expect(shown.stdout).toContain('Proposed total before   $81,333.38');
    expect(shown.stdout).toContain('Proposed total after    $61,000.04');
    expect(shown.stdout).toContain('Nothing written: run again with --yes to adopt.');
    expect(await amounts()).toEqual(AMOUNTS.map(Number));

    const tooLong = await cli('scenarios', 'adopt', scenarioId, '--yes', '--reason', 'x'.repeat(2001));
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--reason: reason must be at most 2000 characters');

    const adopted = await cli('scenarios', 'adopt', scenarioId, '--yes', '--reason', 'Workshop', '--json');
    expect(adopted.code, adopted.stderr).toBe(0);
    const result = JSON.parse(adopted.stdout);
    expect(result).toMatchObject({ linesChanged: 3, adoption: { scenarioName: 'Trim', reason: 'Workshop' } });
    expect(await amounts()).toEqual([750.04, 250, 60000]);

    const again = await cli('scenarios', 'adopt', scenarioId, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Nothing to adopt: scenario “Trim” changes no line of FY27');

    const list = await cli('scenarios', 'adoptions', ...year, '--json');
    expect(JSON.parse(list.stdout).map((a: { id: number }) => a.id)).toEqual([result.adoption.id]);

    // A line edited since the adoption is named, kept unless --overwrite-edited.
    await withDb(async (knex) => {
      await knex('line_items').where({ id: ids[0] }).update({ amount: '700.04' });
    });
    const undoShown = await cli('scenarios', 'undo-adoption', String(result.adoption.id));
    expect(undoShown.stdout).toContain('edited since: kept');
    expect(undoShown.stdout).toContain(
      'Warning: 1 line was edited since the adoption and stays as it is (--overwrite-edited to return it too).',
    );
    expect(undoShown.stdout).toContain('Nothing written: run again with --yes to undo.');
    expect(await amounts()).toEqual([700.04, 250, 60000]);
    const undone = await cli(
      'scenarios',
      'undo-adoption',
      String(result.adoption.id),
      '--yes',
      '--overwrite-edited',
    );
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(
      '3 lines returned to the amounts it replaced (1 line edited since overwritten)',
    );
    expect(await amounts()).toEqual(AMOUNTS.map(Number));
  });

  // Someone else's write between the command's preview and its adoption (a race only a second
  // connection can stage: PostgreSQL's).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'words a budget changed during the command as running it again, not as a preview to review',
    { timeout: 300_000 },
    async () => {
      const made = await cli(
        'scenarios',
        'apply',
        'Late',
        ...year,
        '--create',
        '--cut',
        'Supplies=10',
        '--json',
      );
      expect(made.code, made.stderr).toBe(0);
      const scenarioId = String(JSON.parse(made.stdout).scenario.id);
      expect(await amounts()).toEqual(AMOUNTS.map(Number));
      const stale = await whileCommandWaits(world.runner, {
        // The adoption's first lock (the year's), taken after its preview.
        hold: (trx) => trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [budgetYearId, 2027]),
        run: () => cli('scenarios', 'adopt', scenarioId, '--yes'),
        meanwhile: (trx) => trx('line_items').where({ id: ids[2] }).update({ amount: '79000.00' }),
      });
      expect(stale.code).toBe(1);
      expect(stale.stderr).toBe(
        'Error [CONFLICT]: The budget changed while this command ran, between its preview and the adoption ' +
          '(someone else wrote to it): nothing was adopted. Run it again without --yes to see what it would do now.\n',
      );
      expect(await amounts()).toEqual([1000.05, 333.33, 79000]);
      // Run again, it adopts the budget as it is now.
      const again = await cli('scenarios', 'adopt', scenarioId, '--yes', '--json');
      expect(again.code, again.stderr).toBe(0);
      // 90% of each, rounded half away from zero: 900.045 -> 900.05, 299.997 -> 300.00.
      expect(await amounts()).toEqual([900.05, 300, 71100]);
    },
  );
});
