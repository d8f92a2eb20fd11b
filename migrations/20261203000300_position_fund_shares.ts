import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * The funds that pay a position, by FTE share: a position with no rows here is the general fund's
 * whole; with rows, their shares add up to exactly its FTE (the position writer checks that in the
 * write's transaction: server/domains/positions/fund-shares.ts).
 *
 * No foreign keys: the positions tables keep their references per statement (migration
 * 20261128003000), and a key from here would refuse what they allow (TRUNCATE positions, a
 * positions table taken down and made again). Statement triggers keep the same rules instead: a
 * share names a position and a fund that exist (23503 otherwise), a deleted position's shares go
 * with it, and a fund that pays a share is not deleted (23503; the API says so first, with a count).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('position_fund_shares', (t) => {
    t.integer('position_id').notNullable();
    t.integer('fund_id').notNullable();
    t.decimal('fte', 5, 3).notNullable();
    t.primary(['position_id', 'fund_id']);
    t.index(['fund_id'], 'position_fund_shares_fund_idx');
  });
  await addCheck(knex, 'position_fund_shares', 'position_fund_shares_fte_check', 'fte > 0 AND fte <= 1.5');
  await knex.raw(`CREATE FUNCTION position_fund_shares_check() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE missing text;
    BEGIN
      PERFORM 1 FROM funds f WHERE f.id IN (SELECT fund_id FROM new_rows) FOR KEY SHARE;
      SELECT 'position ' || n.position_id INTO missing FROM new_rows n
       WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.id = n.position_id) LIMIT 1;
      IF missing IS NULL THEN
        SELECT 'fund ' || n.fund_id INTO missing FROM new_rows n
         WHERE NOT EXISTS (SELECT 1 FROM funds f WHERE f.id = n.fund_id) LIMIT 1;
      END IF;
      IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'insert or update on table "position_fund_shares": % does not exist', missing
          USING ERRCODE = 'foreign_key_violation', TABLE = 'position_fund_shares';
      END IF;
      RETURN NULL;
    END $$`);
  for (const event of ['INSERT', 'UPDATE']) {
    await knex.raw(`CREATE TRIGGER position_fund_shares_check_${event.toLowerCase()} AFTER ${event} ON position_fund_shares
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION position_fund_shares_check()`);
  }
  await knex.raw(`CREATE FUNCTION positions_fund_shares_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM position_fund_shares WHERE position_id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER positions_fund_shares_cascade AFTER DELETE ON positions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION positions_fund_shares_cascade()`);
  await knex.raw(`CREATE FUNCTION funds_fund_shares_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM position_fund_shares s WHERE s.fund_id IN (SELECT id FROM old_rows)) THEN
        RAISE EXCEPTION 'delete on table "funds": the fund pays a share of a position'
          USING ERRCODE = 'foreign_key_violation', TABLE = 'funds';
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER funds_fund_shares_refuse AFTER DELETE ON funds
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funds_fund_shares_refuse()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS funds_fund_shares_refuse ON funds');
  await knex.raw('DROP FUNCTION IF EXISTS funds_fund_shares_refuse()');
  await knex.raw('DROP TRIGGER IF EXISTS positions_fund_shares_cascade ON positions');
  await knex.raw('DROP FUNCTION IF EXISTS positions_fund_shares_cascade()');
  await knex.schema.dropTable('position_fund_shares');
  await knex.raw('DROP FUNCTION IF EXISTS position_fund_shares_check()');
}
