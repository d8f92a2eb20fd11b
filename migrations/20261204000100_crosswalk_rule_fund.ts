import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * A crosswalk rule may name the fund that pays a title's lines (issue 'Funds', part 2: the
 * crosswalk can set a line's fund). An import gives it to a row whose file names no fund; a fund
 * a rule names cannot be deleted (RESTRICT: the funds service refuses first, in words). A rule
 * giving only a fund gives something.
 */
const GIVES = 'work_group_id IS NOT NULL OR category_id IS NOT NULL OR dese_code IS NOT NULL';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE position_crosswalk_rules ADD COLUMN fund_id integer REFERENCES funds(id) ON DELETE RESTRICT',
  );
  await knex.raw('ALTER TABLE position_crosswalk_rules DROP CONSTRAINT position_crosswalk_rules_gives_check');
  await addCheck(
    knex,
    'position_crosswalk_rules',
    'position_crosswalk_rules_gives_check',
    `${GIVES} OR fund_id IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('position_crosswalk_rules')
    .whereNull('work_group_id')
    .whereNull('category_id')
    .whereNull('dese_code')
    .del();
  await knex.raw('ALTER TABLE position_crosswalk_rules DROP CONSTRAINT position_crosswalk_rules_gives_check');
  await knex.raw('ALTER TABLE position_crosswalk_rules DROP COLUMN fund_id');
  await addCheck(knex, 'position_crosswalk_rules', 'position_crosswalk_rules_gives_check', GIVES);
}
