import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * ai_analyses: each AI budget-cut analysis that succeeded, kept so it can be reopened
 * without calling the model (and paying for it) again. The result is the checked one the server
 * built (suggestions that survived validation, totals recomputed), never the model's raw answer.
 * A failed analysis writes nothing. Who ran it is kept after the user is deleted as a null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ai_analyses', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    // The fiscal year whose lines were sent (the budget year's current one at the time).
    t.integer('fiscal_year').notNullable();
    t.decimal('target_amount', 14, 2).notNullable();
    t.jsonb('priorities').notNullable();
    t.text('model').notNullable();
    t.integer('input_tokens').notNullable().defaultTo(0);
    t.integer('output_tokens').notNullable().defaultTo(0);
    t.jsonb('result').notNullable();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await addCheck(knex, 'ai_analyses', 'ai_analyses_fy_check', fiscalYearRange('fiscal_year'));
  await addCheck(knex, 'ai_analyses', 'ai_analyses_target_check', 'target_amount > 0');
  await addCheck(knex, 'ai_analyses', 'ai_analyses_tokens_check', 'input_tokens >= 0 AND output_tokens >= 0');
  // The recent analyses of a budget year, newest first.
  await knex.raw(
    'CREATE INDEX ai_analyses_year_idx ON ai_analyses (budget_year_id, created_at DESC, id DESC)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ai_analyses');
}
