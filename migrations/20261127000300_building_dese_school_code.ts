import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * A building's DESE school code: the eight-digit code the state gives each school (Curley K-8 is
 * 00350020: district 0035, school 0020), entered at setup where known. Optional, and no two
 * buildings share one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('buildings', (t) => {
    t.text('dese_school_code');
  });
  await addCheck(
    knex,
    'buildings',
    'buildings_dese_school_code_check',
    `dese_school_code IS NULL OR dese_school_code ~ '^[0-9]{8}$'`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX buildings_dese_school_code_unique ON buildings (dese_school_code) WHERE dese_school_code IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('buildings', (t) => {
    t.dropColumn('dese_school_code');
  });
}
