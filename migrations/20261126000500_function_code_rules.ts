import type { Knex } from 'knex';
import { addCheck, sqlList } from './helpers';

/**
 * Function-code rules: an ADMIN's rules that give a line its DESE function code
 * when it has none of its own, by budget category, work group, position (exact title or a pattern)
 * or account (exact or a pattern). Imports apply them to the lines they bring; an ADMIN applies
 * them to existing lines in bulk. Patterns are globs ('*' any run of characters, '?' one),
 * matched case-insensitively against the whole value (shared/code-patterns.ts).
 *
 * One rule per target: a second rule for the same category, work group, title or pattern is a
 * unique violation. Rules that would give one line two codes are refused by the service (it checks
 * the lines), never stored.
 */

export const RULE_KINDS = ['category', 'work_group', 'position', 'account'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('function_code_rules', (t) => {
    t.increments('id').primary();
    t.text('kind').notNullable();
    // The rule goes with what it names: a deleted category or work group takes its rules.
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('CASCADE');
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('CASCADE');
    // position / account: the exact value, or a glob pattern when is_pattern.
    t.text('match_text');
    t.boolean('is_pattern').notNullable().defaultTo(false);
    t.text('function_code').notNullable();
    t.text('note');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['category_id'], 'function_code_rules_category_id_idx');
    t.index(['work_group_id'], 'function_code_rules_work_group_id_idx');
  });
  await addCheck(
    knex,
    'function_code_rules',
    'function_code_rules_kind_check',
    `kind IN (${sqlList(RULE_KINDS)})`,
  );
  await addCheck(
    knex,
    'function_code_rules',
    'function_code_rules_code_check',
    `function_code ~ '^[1-9][0-9]{3}$'`,
  );
  // Exactly the target its kind names, nothing else.
  await addCheck(
    knex,
    'function_code_rules',
    'function_code_rules_target_check',
    `CASE kind
       WHEN 'category' THEN category_id IS NOT NULL AND work_group_id IS NULL AND match_text IS NULL AND NOT is_pattern
       WHEN 'work_group' THEN work_group_id IS NOT NULL AND category_id IS NULL AND match_text IS NULL AND NOT is_pattern
       ELSE category_id IS NULL AND work_group_id IS NULL AND match_text IS NOT NULL
            AND length(btrim(match_text)) BETWEEN 1 AND 200
     END`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX function_code_rules_target_unique ON function_code_rules
       (kind, coalesce(category_id, 0), coalesce(work_group_id, 0), lower(coalesce(match_text, '')))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('function_code_rules');
}
