import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * Which lines residents' figures sum: every fund's ('all', what the page has always shown) or the
 * general fund's alone ('general', the money the town appropriates). The admin's choice is a draft
 * setting like the others (public_dashboard_configs) and Publish copies it to what residents see
 * (public_dashboard_published); each published year's snapshot also records the choice its figures
 * were taken with. Pages published before this read 'all', which is what they summed.
 */
const TABLES = ['public_dashboard_configs', 'public_dashboard_published'];

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN funds text NOT NULL DEFAULT 'all'`);
    await addCheck(knex, table, `${table}_funds_check`, `funds IN ('all', 'general')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN funds`);
  }
}
