import type { Knex } from 'knex';
import { positionsFromLines } from '../server/domains/positions/queries/from-lines';
import { addCheck, fiscalYearRange, sqlList } from './helpers';

/**
 * Positions apart from the people who fill them (docs/ARCHITECTURE.md, 'Positions').
 *
 * - positions: a budgeted job of a fiscal year's roster, in the year's home budget year (like its
 *   lines). Building NULL is District Wide. FTE to the thousandth, above 0 and at most 1.5. A
 *   vacancy's own step and lane (both or neither). `version` is the optimistic-concurrency token
 *   every write names.
 * - position_holders: who fills it, for what share. No foreign key to line_items (a key would cost
 *   every deleted line a lookup, and line_items keeps its references per statement, migration
 *   20261127000100); a statement trigger on line_items instead removes the holders of deleted lines,
 *   leaves a position they held alone vacant and writes its history.
 * - position_history: created, filled, vacated, FTE changed... with who, when, why, before and after.
 * - vacancy_placements: the district's step and lane a work group's vacancy is budgeted at.
 *
 * Then every live employee line becomes one filled position held by that person
 * (server/domains/positions/queries/from-lines.ts): the FTE and dollars add up as before.
 */
export const POSITION_STATUSES = ['filled', 'vacant', 'posted', 'frozen', 'closed'];
export const POSITION_ACTIONS = [
  'created',
  'filled',
  'vacated',
  'fte_changed',
  'status_changed',
  'moved',
  'updated',
  'closed',
  'deleted',
  'migrated',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('positions', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    t.text('title').notNullable();
    t.integer('building_id').references('id').inTable('buildings').onDelete('NO ACTION');
    t.text('dese_code');
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('NO ACTION');
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('SET NULL');
    t.decimal('fte', 5, 3).notNullable();
    t.text('status').notNullable();
    t.integer('vacancy_step');
    t.text('vacancy_lane');
    t.text('notes');
    t.integer('version').notNullable().defaultTo(1);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['budget_year_id', 'fiscal_year'], 'positions_year_idx');
    t.index(['building_id'], 'positions_building_idx');
    t.index(['category_id'], 'positions_category_idx');
    t.index(['work_group_id'], 'positions_work_group_idx');
  });
  await addCheck(knex, 'positions', 'positions_fy_check', fiscalYearRange('fiscal_year'));
  await addCheck(knex, 'positions', 'positions_fte_check', 'fte > 0 AND fte <= 1.5');
  await addCheck(knex, 'positions', 'positions_status_check', `status IN (${sqlList(POSITION_STATUSES)})`);
  await addCheck(knex, 'positions', 'positions_title_check', 'length(btrim(title)) BETWEEN 1 AND 200');
  await addCheck(
    knex,
    'positions',
    'positions_vacancy_placement_check',
    '(vacancy_step IS NULL AND vacancy_lane IS NULL) OR (vacancy_step >= 1 AND vacancy_lane IS NOT NULL)',
  );

  await knex.schema.createTable('position_holders', (t) => {
    t.integer('position_id').notNullable().references('id').inTable('positions').onDelete('CASCADE');
    t.integer('line_item_id').notNullable();
    t.decimal('fte_share', 5, 3).notNullable();
    t.primary(['position_id', 'line_item_id']);
    t.index(['line_item_id'], 'position_holders_line_idx');
  });
  await addCheck(
    knex,
    'position_holders',
    'position_holders_share_check',
    'fte_share > 0 AND fte_share <= 1.5',
  );

  await knex.schema.createTable('position_history', (t) => {
    t.bigIncrements('id').primary();
    t.integer('position_id').notNullable().references('id').inTable('positions').onDelete('CASCADE');
    t.text('action').notNullable();
    t.text('reason');
    t.jsonb('before');
    t.jsonb('after');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('actor_label');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.index(['position_id'], 'position_history_position_idx');
  });
  await addCheck(
    knex,
    'position_history',
    'position_history_action_check',
    `action IN (${sqlList(POSITION_ACTIONS)})`,
  );

  await knex.schema.createTable('vacancy_placements', (t) => {
    t.integer('work_group_id').primary().references('id').inTable('work_groups').onDelete('CASCADE');
    t.integer('step').notNullable();
    t.text('lane').notNullable();
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await addCheck(knex, 'vacancy_placements', 'vacancy_placements_step_check', 'step >= 1');

  // A deleted employee line leaves the positions it held: its holder rows go, a position nobody
  // holds any more becomes vacant (not deleted: the job is still there), and the history says so.
  await knex.raw(`CREATE FUNCTION position_holders_line_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH gone AS (
        DELETE FROM position_holders h USING deleted_lines d WHERE h.line_item_id = d.id
        RETURNING h.position_id, h.line_item_id, h.fte_share),
      emptied AS (
        UPDATE positions p SET status = 'vacant', version = p.version + 1, updated_at = now()
         WHERE p.id IN (SELECT position_id FROM gone) AND p.status = 'filled'
           AND NOT EXISTS (SELECT 1 FROM position_holders x WHERE x.position_id = p.id
                             AND x.line_item_id NOT IN (SELECT line_item_id FROM gone))
        RETURNING p.id)
      INSERT INTO position_history (position_id, action, reason, before, after)
      SELECT g.position_id, 'vacated', 'The employee line was deleted',
             jsonb_build_object('lineItemId', g.line_item_id, 'fteShare', g.fte_share),
             CASE WHEN g.position_id IN (SELECT id FROM emptied) THEN jsonb_build_object('status', 'vacant') END
        FROM gone g;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER position_holders_line_deleted AFTER DELETE ON line_items
    REFERENCING OLD TABLE AS deleted_lines FOR EACH STATEMENT EXECUTE FUNCTION position_holders_line_deleted()`);

  await positionsFromLines(knex, { actorLabel: 'migration' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS position_holders_line_deleted ON line_items');
  await knex.raw('DROP FUNCTION IF EXISTS position_holders_line_deleted()');
  await knex.schema.dropTableIfExists('vacancy_placements');
  await knex.schema.dropTableIfExists('position_history');
  await knex.schema.dropTableIfExists('position_holders');
  await knex.schema.dropTableIfExists('positions');
}
