import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../test/db';
import { sqlState } from '../test/use-db';

/**
 * position_fund_shares' references, kept by statement triggers as the positions tables keep theirs:
 * a share names a position and a fund that exist, a deleted position's shares go with it, a fund
 * that pays a share is not deleted, and TRUNCATE positions is refused by the positions' own rule.
 */
describe('position fund shares (references checked per statement)', () => {
  let db: DbHandle;
  let knex: Knex;
  let position: number;
  let grant: number;

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    const [{ id: yearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026 })
      .returning('id');
    [{ id: position }] = await knex('positions')
      .insert({
        budget_year_id: yearId,
        fiscal_year: 2026,
        title: 'Reading Specialist',
        fte: 1,
        status: 'vacant',
      })
      .returning('id');
    [{ id: grant }] = await knex('funds')
      .insert({ name: 'Title I', code: '2401', kind: 'federal_grant', counts_toward_nss: false })
      .returning('id');
  });
  afterAll(() => db?.close());

  it('refuses a share naming a position or fund that does not exist', async () => {
    expect(
      await sqlState(knex('position_fund_shares').insert({ position_id: 999_999, fund_id: grant, fte: 1 })),
    ).toBe('23503');
    expect(
      await sqlState(
        knex('position_fund_shares').insert({ position_id: position, fund_id: 999_999, fte: 1 }),
      ),
    ).toBe('23503');
    expect(await knex('position_fund_shares').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('keeps a fund that pays a share, and drops the shares of a deleted position', async () => {
    await knex('position_fund_shares').insert({ position_id: position, fund_id: grant, fte: 1 });
    expect(await sqlState(knex('funds').where({ id: grant }).delete())).toBe('23503');
    expect(await knex('funds').where({ id: grant }).first()).toBeTruthy();
    await knex('positions').where({ id: position }).delete();
    expect(await knex('position_fund_shares').where({ position_id: position })).toEqual([]);
    await knex('funds').where({ id: grant }).delete();
    expect(await knex('funds').where({ id: grant }).first()).toBeUndefined();
  });
});
