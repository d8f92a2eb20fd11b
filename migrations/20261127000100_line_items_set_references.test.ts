import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../test/db';
import { sqlState } from '../test/use-db';

/**
 * line_items' references, checked once per statement since the foreign keys went: every rule the
 * keys held still holds, refusals with the same SQLSTATE (23503) and constraint name.
 */
describe('line_items references (checked per statement)', () => {
  let db: DbHandle;
  let knex: Knex;
  let yearId: number;
  let line: Record<string, unknown>;

  const lineIds = async (where: Record<string, unknown>) =>
    (await knex('line_items').where(where).orderBy('id').select('id')).map((r: { id: number }) => r.id);

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    [{ id: yearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026 })
      .returning('id');
    line = { budget_year_id: yearId, fiscal_year: 2026, is_operating: true, last_name: 'Ames' };
  });
  afterAll(() => db?.close());

  it('refuse a line naming a row that does not exist, in one row or among many, naming the key', async () => {
    const missing = 999_999;
    for (const column of ['budget_year_id', 'scenario_id', 'version_id', 'work_group_id', 'category_id']) {
      expect(await sqlState(knex('line_items').insert({ ...line, [column]: missing }))).toBe('23503');
    }
    const many = Array.from({ length: 50 }, () => ({ ...line }));
    many[37] = { ...line, building_id: missing };
    const err = await knex('line_items')
      .insert(many)
      .catch((e: { code: string; constraint: string; detail: string }) => e);
    expect(err).toMatchObject({
      code: '23503',
      constraint: 'line_items_building_id_foreign',
      detail: `Key (building_id)=(${missing}) is not present in table "buildings".`,
    });
    expect(await lineIds({ budget_year_id: yearId })).toEqual([]);
    expect(await sqlState(knex('line_items').insert({ ...line, import_run_id: missing }))).toBe('23503');
  });

  it('refuse an update to a missing row, and let one that keeps its references through', async () => {
    const [{ id }] = await knex('line_items').insert(line).returning('id');
    expect(await sqlState(knex('line_items').where({ id }).update({ work_group_id: 424_242 }))).toBe('23503');
    expect(await sqlState(knex('line_items').where({ id }).update({ first_name: 'Ann' }))).toBeNull();
    expect(await knex('line_items').where({ id }).first('first_name', 'work_group_id')).toEqual({
      first_name: 'Ann',
      work_group_id: null,
    });
  });

  it('clear a deleted version, work group or import run from its lines, keeping the lines', async () => {
    const [{ id: versionId }] = await knex('budget_versions')
      .insert({ fiscal_year: 2026, label: 'Draft' })
      .returning('id');
    const [{ id: groupId }] = await knex('work_groups').insert({ name: 'Custodians' }).returning('id');
    const [{ id: runId }] = await knex('import_runs')
      .insert({ file_name: 'payroll.csv', import_type: 'operating' })
      .returning('id');
    const ids = (
      await knex('line_items')
        .insert(
          [1, 2, 3].map(() => ({
            ...line,
            version_id: versionId,
            work_group_id: groupId,
            import_run_id: runId,
          })),
        )
        .returning('id')
    ).map((r: { id: number }) => r.id);
    await knex('budget_versions').where({ id: versionId }).delete();
    await knex('work_groups').where({ id: groupId }).delete();
    await knex('import_runs').where({ id: runId }).delete();
    const rows = await knex('line_items')
      .whereIn('id', ids)
      .select('version_id', 'work_group_id', 'import_run_id');
    expect(rows).toEqual(ids.map(() => ({ version_id: null, work_group_id: null, import_run_id: null })));
  });

  it('delete the lines of a deleted scenario or budget year, and no others', async () => {
    const [{ id: otherYear }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY30', name: 'FY30 Budget', current_fiscal_year: 2030 })
      .returning('id');
    const [{ id: scenarioId }] = await knex('scenarios')
      .insert({ budget_year_id: otherYear, name: 'Operating', scenario_type: 'operating', is_active: true })
      .returning('id');
    const other = { ...line, budget_year_id: otherYear, fiscal_year: 2030 };
    await knex('line_items').insert([{ ...other, scenario_id: scenarioId }, other, other]);
    const kept = await lineIds({ budget_year_id: yearId });
    await knex('scenarios').where({ id: scenarioId }).delete();
    expect(await lineIds({ budget_year_id: otherYear })).toHaveLength(2);
    await knex('budget_years').where({ id: otherYear }).delete();
    expect(await lineIds({ budget_year_id: otherYear })).toEqual([]);
    expect(await lineIds({ budget_year_id: yearId })).toEqual(kept);
  });

  it('refuse emptying a table lines still name with TRUNCATE', async () => {
    const [{ id: runId }] = await knex('import_runs')
      .insert({ file_name: 'budget.csv', import_type: 'proposed' })
      .returning('id');
    await knex('line_items').insert({ ...line, import_run_id: runId });
    expect(await sqlState(knex.raw('TRUNCATE import_runs'))).toBe('23503');
    expect(await knex('import_runs').where({ id: runId }).first('file_name')).toEqual({
      file_name: 'budget.csv',
    });
  });

  it('refuse changing the id of a row lines name', async () => {
    const [{ id: groupId }] = await knex('work_groups').insert({ name: 'Nurses' }).returning('id');
    await knex('line_items').insert({ ...line, work_group_id: groupId });
    expect(
      await sqlState(
        knex('work_groups')
          .where({ id: groupId })
          .update({ id: groupId + 1000 }),
      ),
    ).toBe('23503');
    expect(
      await sqlState(knex('work_groups').where({ id: groupId }).update({ name: 'School Nurses' })),
    ).toBeNull();
  });
});
