import type { Knex } from 'knex';
import { addCheck, sqlList } from './helpers';

/**
 * The position crosswalk: an ADMIN's rules that give a job title a work group, a
 * personnel budget category and a DESE function code (server/lib/crosswalk.ts reads them). Rules
 * are the district's, not a budget year's: a title means the same job every year.
 *
 * - match_type: exact (the title), glob ('*teacher*') or regex; pattern as written.
 * - A rule gives at least one of the three. Work groups and categories a rule names cannot be
 *   deleted while it does (NO ACTION: the 23503 every other reference gives).
 * - One rule per match type and pattern, ignoring case and surrounding spaces.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('position_crosswalk_rules', (t) => {
    t.increments('id').primary();
    t.text('match_type').notNullable();
    t.text('pattern').notNullable();
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('NO ACTION');
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('NO ACTION');
    t.text('dese_code');
    t.text('note');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['work_group_id'], 'position_crosswalk_rules_work_group_idx');
    t.index(['category_id'], 'position_crosswalk_rules_category_idx');
  });
  await addCheck(
    knex,
    'position_crosswalk_rules',
    'position_crosswalk_rules_match_type_check',
    `match_type IN (${sqlList(['exact', 'glob', 'regex'])})`,
  );
  await addCheck(
    knex,
    'position_crosswalk_rules',
    'position_crosswalk_rules_pattern_check',
    `length(btrim(pattern)) BETWEEN 1 AND 200`,
  );
  await addCheck(
    knex,
    'position_crosswalk_rules',
    'position_crosswalk_rules_gives_check',
    'work_group_id IS NOT NULL OR category_id IS NOT NULL OR dese_code IS NOT NULL',
  );
  await addCheck(
    knex,
    'position_crosswalk_rules',
    'position_crosswalk_rules_dese_code_check',
    `dese_code IS NULL OR dese_code ~ '^[0-9]{4}$'`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX position_crosswalk_rules_pattern_unique ON position_crosswalk_rules (match_type, lower(btrim(pattern)))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('position_crosswalk_rules');
}
