import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../test/db';
import { sqlState } from '../test/use-db';

/**
 * The positions tables' references, checked once per statement since their foreign keys went:
 * every rule the keys held still holds, refusals with the same SQLSTATE (23503) and constraint name.
 */
describe('positions references (checked per statement)', () => {
  let db: DbHandle;
  let knex: Knex;
  let yearId: number;
  let position: Record<string, unknown>;

  const ids = async (table: string, where: Record<string, unknown>) =>
    (await knex(table).where(where).orderBy('id').select('id')).map((r: { id: number }) => r.id);
  const insertPosition = async (values: Record<string, unknown> = {}) =>
    (
      await knex('positions')
        .insert({ ...position, ...values })
        .returning('id')
    )[0].id as number;

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    [{ id: yearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026 })
      .returning('id');
    position = { budget_year_id: yearId, fiscal_year: 2026, title: 'Teacher', fte: 1, status: 'vacant' };
  });
  afterAll(() => db?.close());

  it('refuse a position, holder or history entry naming a row that does not exist, naming the key', async () => {
    const missing = 999_999;
    for (const column of ['budget_year_id', 'building_id', 'category_id', 'work_group_id', 'created_by']) {
      expect(await sqlState(knex('positions').insert({ ...position, [column]: missing }))).toBe('23503');
    }
    const many = Array.from({ length: 20 }, () => ({ ...position }));
    many[13] = { ...position, updated_by: missing };
    const err = await knex('positions')
      .insert(many)
      .catch((e: { code: string; constraint: string; detail: string }) => e);
    expect(err).toMatchObject({
      code: '23503',
      constraint: 'positions_updated_by_foreign',
      detail: `Key (updated_by)=(${missing}) is not present in table "users".`,
    });
    expect(await ids('positions', { budget_year_id: yearId })).toEqual([]);
    const holder = { position_id: missing, line_item_id: 1, fte_share: 1 };
    expect(await sqlState(knex('position_holders').insert(holder))).toBe('23503');
    const entry = { position_id: missing, action: 'created' };
    expect(await sqlState(knex('position_history').insert(entry))).toBe('23503');
    const id = await insertPosition();
    expect(
      await sqlState(knex('position_history').insert({ ...entry, position_id: id, user_id: missing })),
    ).toBe('23503');
    await knex('positions').where({ id }).delete();
  });

  it('accept rows naming positions written in the same statement, and refuse an update to a missing row', async () => {
    const { rows } = await knex.raw(
      `WITH made AS (INSERT INTO positions (budget_year_id, fiscal_year, title, fte, status)
                     VALUES (?, 2026, 'Nurse', 1, 'vacant') RETURNING id),
            told AS (INSERT INTO position_history (position_id, action) SELECT id, 'created' FROM made)
       SELECT id FROM made`,
      [yearId],
    );
    const id = rows[0].id as number;
    expect(await ids('position_history', { position_id: id })).toHaveLength(1);
    expect(await sqlState(knex('positions').where({ id }).update({ work_group_id: 424_242 }))).toBe('23503');
    expect(await sqlState(knex('positions').where({ id }).update({ title: 'School Nurse' }))).toBeNull();
    await knex('positions').where({ id }).delete();
  });

  it('delete a deleted position’s holders and history, and a deleted budget year’s positions', async () => {
    const [{ id: otherYear }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY30', name: 'FY30 Budget', current_fiscal_year: 2030 })
      .returning('id');
    const kept = await insertPosition();
    const gone = await insertPosition({ budget_year_id: otherYear, fiscal_year: 2030 });
    for (const id of [kept, gone]) {
      await knex('position_holders').insert({ position_id: id, line_item_id: id, fte_share: 1 });
      await knex('position_history').insert({ position_id: id, action: 'created' });
    }
    await knex('budget_years').where({ id: otherYear }).delete();
    expect(await ids('positions', {})).toEqual([kept]);
    expect((await knex('position_holders').select('position_id')).map((r) => r.position_id)).toEqual([kept]);
    expect((await knex('position_history').select('position_id')).map((r) => r.position_id)).toEqual([kept]);
    await knex('positions').where({ id: kept }).delete();
    expect(Number((await knex('position_holders').count({ n: '*' }).first())?.n)).toBe(0);
    expect(Number((await knex('position_history').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('clear a deleted work group or user from positions and history, and refuse deleting a building or category still named', async () => {
    const [{ id: groupId }] = await knex('work_groups').insert({ name: 'Custodians' }).returning('id');
    const [{ id: userId }] = await knex('users')
      .insert({ name: 'Admin', email: 'admin@example.org', password_hash: 'x', role: 'ADMIN' })
      .returning('id');
    const [{ id: buildingId }] = await knex('buildings').insert({ name: 'High School' }).returning('id');
    const [{ id: categoryId }] = await knex('budget_categories').insert({ name: 'Teachers' }).returning('id');
    const id = await insertPosition({
      work_group_id: groupId,
      created_by: userId,
      updated_by: userId,
      building_id: buildingId,
      category_id: categoryId,
    });
    await knex('position_history').insert({ position_id: id, action: 'created', user_id: userId });
    await knex('work_groups').where({ id: groupId }).delete();
    await knex('users').where({ id: userId }).delete();
    expect(await knex('positions').where({ id }).first('work_group_id', 'created_by', 'updated_by')).toEqual({
      work_group_id: null,
      created_by: null,
      updated_by: null,
    });
    expect(await knex('position_history').where({ position_id: id }).first('user_id')).toEqual({
      user_id: null,
    });
    expect(await sqlState(knex('buildings').where({ id: buildingId }).delete())).toBe('23503');
    expect(await sqlState(knex('budget_categories').where({ id: categoryId }).delete())).toBe('23503');
    await knex('position_holders').insert({ position_id: id, line_item_id: 1, fte_share: 1 });
    expect(await sqlState(knex.raw('TRUNCATE positions'))).toBe('23503');
    expect(
      await sqlState(
        knex('buildings')
          .where({ id: buildingId })
          .update({ id: buildingId + 1000 }),
      ),
    ).toBe('23503');
    await knex('positions').where({ id }).delete();
    expect(await sqlState(knex('buildings').where({ id: buildingId }).delete())).toBeNull();
  });
});
