import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-db';
import { buildBudgetYear, insertProposed } from '../test/factories';
import { down, up } from './20261203000250_stage_line_funds';
import { migrationSource } from './index';

const NAME = '20261203000250_stage_line_funds';

/**
 * A stage frozen before its lines kept their fund: each frozen line takes the fund its line is on
 * now (a line on the general fund, or deleted since, stays null: the general fund), and the
 * snapshot stays immutable after.
 */
describe(`migration ${NAME}`, () => {
  // The template is migrated: this migration undone, for the data it was written for.
  const db = databaseBefore(down);

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it("gives each frozen line its line's fund, and leaves the snapshot immutable", async () => {
    const budgetYearId = await buildBudgetYear(db.knex, { currentFiscalYear: 2031 });
    const [grant] = await db
      .knex('funds')
      .insert({ name: 'Title I', code: 'T1MIG', kind: 'federal_grant', counts_toward_nss: false })
      .returning('id');
    const [onGrant, onGeneral, deleted] = await insertProposed(db.knex, [
      { budgetYearId, fiscalYear: 2031, amount: '100.10', columns: { fund_id: grant.id } },
      { budgetYearId, fiscalYear: 2031, amount: '200.20' },
      { budgetYearId, fiscalYear: 2031, amount: '300.30', columns: { fund_id: grant.id } },
    ]);
    const [stage] = await db
      .knex('budget_stages')
      .insert({
        budget_year_id: budgetYearId,
        fiscal_year: 2031,
        event: 'advance',
        stage: 'SUPERINTENDENT_RECOMMENDED',
        stage_date: '2031-02-01',
        created_by_name: 'migration test',
      })
      .returning('id');
    await db.knex('budget_stage_lines').insert(
      [onGrant, onGeneral, deleted].map((id) => ({
        stage_id: stage.id,
        line_id: id,
        is_operating: false,
        is_projected: false,
      })),
    );
    await db.knex('line_items').where({ id: deleted }).delete();

    await up(db.knex);
    const funds = await db
      .knex('budget_stage_lines')
      .where({ stage_id: stage.id })
      .orderBy('line_id')
      .select('line_id', 'fund_id');
    expect(funds).toEqual([
      { line_id: onGrant, fund_id: grant.id },
      { line_id: onGeneral, fund_id: null },
      { line_id: deleted, fund_id: null },
    ]);
    await expect(
      db.knex('budget_stage_lines').where({ stage_id: stage.id }).update({ fund_id: null }),
    ).rejects.toMatchObject({ code: 'BY002' });
  });
});
