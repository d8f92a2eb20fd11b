import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-db';
import { buildBudgetYear, insertEmployees } from '../test/factories';
import { down, up } from './20261207000100_line_fte_thousandths';
import { migrationSource } from './index';

const NAME = '20261207000100_line_fte_thousandths';

/**
 * A line's FTE to the thousandth, as a position's: line_items.current_fte (and the frozen copy in
 * budget_stage_lines) become numeric(5,3). Every value stored to the hundredth stays as it was, and
 * the 0..1.5 check still holds.
 */
describe(`migration ${NAME}`, () => {
  // The template is migrated: this migration undone, for the data it was written for.
  const db = databaseBefore(down);

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it('keeps every stored FTE, then holds 0.875 in lines, through line_items_all and in a frozen stage', async () => {
    const knex = db.knex;
    const budgetYearId = await buildBudgetYear(knex, { currentFiscalYear: 2033 });
    const ftes = [1, 0.5, 0.88, 0.01, 1.5, null];
    const ids = await insertEmployees(
      knex,
      ftes.map((fte) => ({
        budgetYearId,
        fiscalYear: 2033,
        salary: '50000.00',
        columns: { current_fte: fte },
      })),
    );
    const [stage] = await knex('budget_stages')
      .insert({
        budget_year_id: budgetYearId,
        fiscal_year: 2033,
        event: 'advance',
        stage: 'SUPERINTENDENT_RECOMMENDED',
        stage_date: '2033-02-01',
        created_by_name: 'migration test',
      })
      .returning('id');
    await knex('budget_stage_lines').insert(
      ids.map((id, i) => ({
        stage_id: stage.id,
        line_id: id,
        is_operating: true,
        is_projected: false,
        current_fte: ftes[i],
      })),
    );
    const read = async (table: string, where: Record<string, number>) =>
      (
        await knex(table)
          .where(where)
          .whereIn(table === 'budget_stage_lines' ? 'line_id' : 'id', ids)
          .orderBy(table === 'budget_stage_lines' ? 'line_id' : 'id')
          .select('current_fte')
      ).map((r: { current_fte: string | null }) => (r.current_fte === null ? null : Number(r.current_fte)));
    // Before: two places, so 0.875 would be stored as 0.88.
    expect(await read('line_items', { budget_year_id: budgetYearId })).toEqual(ftes);

    await up(knex);
    const type = async (table: string) =>
      (
        await knex.raw(
          `SELECT numeric_precision AS p, numeric_scale AS s FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ? AND column_name = 'current_fte'`,
          [table],
        )
      ).rows[0];
    for (const table of ['line_items', 'budget_stage_lines']) {
      expect(await type(table), table).toEqual({ p: 5, s: 3 });
    }
    expect(await read('line_items', { budget_year_id: budgetYearId })).toEqual(ftes);
    expect(await read('line_items_all', { budget_year_id: budgetYearId })).toEqual(ftes);
    expect(await read('budget_stage_lines', { stage_id: stage.id })).toEqual(ftes);

    await knex('line_items').where({ id: ids[0] }).update({ current_fte: 0.875 });
    const stored = await knex('line_items_all')
      .where({ id: ids[0] })
      .first(knex.raw('current_fte::text AS fte'));
    expect(stored.fte).toBe('0.875');
    // The 0..1.5 check is kept.
    await expect(
      knex('line_items').where({ id: ids[0] }).update({ current_fte: 1.501 }),
    ).rejects.toMatchObject({
      code: '23514',
    });
  });
});
