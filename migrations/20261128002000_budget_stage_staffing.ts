import type { Knex } from 'knex';

/**
 * A stage's staffing as frozen when the year entered it (FTE by building, function code and work
 * group, filled and vacant; no pay, no names), so the staffing summary can say what changed since
 * the previous stage as the lines' snapshots do for money. Written by the stages domain with the
 * snapshot; gone with its stage.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('budget_stage_staffing', (t) => {
    t.integer('stage_id').primary().references('id').inTable('budget_stages').onDelete('CASCADE');
    t.jsonb('staffing').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('budget_stage_staffing');
}
