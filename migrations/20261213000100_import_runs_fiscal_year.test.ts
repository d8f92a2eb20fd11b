import { describe, expect, it } from 'vitest';
import { buildBudgetYear, insertEmployees } from '../test/factories';
import { databaseBefore } from '../test/migration-db';
import { down, up } from './20261213000100_import_runs_fiscal_year';
import { migrationSource } from './index';

const NAME = '20261213000100_import_runs_fiscal_year';

/**
 * The fiscal year of the import runs made before it: the version's, else the year most of the
 * run's lines are in, else the budget year's current one.
 */
describe(`migration ${NAME}`, () => {
  const db = databaseBefore(down);

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it("gives each run its version's fiscal year, else its lines', else its budget year's", async () => {
    const knex = db.knex;
    const budgetYearId = await buildBudgetYear(knex, { currentFiscalYear: 2071, label: 'T2071' });
    const [version] = await knex('budget_versions')
      .insert({ fiscal_year: 2073, label: 'FY73 plan', budget_year_id: budgetYearId })
      .returning('id');
    const run = async (versionId: number | null) => {
      const [row] = await knex('import_runs')
        .insert({
          file_name: 'f.csv',
          import_type: 'operating',
          budget_year_id: budgetYearId,
          version_id: versionId,
        })
        .returning('id');
      return row.id as number;
    };
    const ofVersion = await run(version.id);
    const ofLines = await run(null);
    const ofNothing = await run(null);
    // Two of its three lines are FY72's (a Fiscal Year column sent one to FY71).
    await insertEmployees(
      knex,
      [2072, 2072, 2071].map((fiscalYear) => ({
        budgetYearId,
        fiscalYear,
        salary: '1000.00',
        columns: { import_run_id: ofLines },
      })),
    );
    await up(knex);
    const years = await knex('import_runs').whereIn('id', [ofVersion, ofLines, ofNothing]).orderBy('id');
    expect(years.map((r: { fiscal_year: number | null }) => r.fiscal_year)).toEqual([2073, 2072, 2071]);
  });
});
