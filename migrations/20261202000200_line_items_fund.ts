import type { Knex } from 'knex';
import { PROJECTED_AS } from './20261124000500_projected_lines';
import { VIEW_WITH_ONE_TIME } from './20261127000400_roll_forward';
import {
  REFERENCES,
  dropParentTriggers,
  installCheckFunction,
  installParentTriggers,
  type Reference,
} from './20261127000100_line_items_set_references';

const FUND: Reference = { column: 'fund_id', table: 'funds', onDelete: 'NO ACTION' };

/** line_items_all with fund_id (a projected line's is its source line's), in line_items' column order. */
export const VIEW_WITH_FUND = `CREATE VIEW line_items_all AS
  SELECT ${PROJECTED_AS.map(([c]) => `li.${c}`).join(', ')}, li.one_time, li.fund_id, li.xmin::text::bigint AS row_version
    FROM line_items li
  UNION ALL
  SELECT ${PROJECTED_AS.map(([c, v]) => `${v} AS ${c}`).join(', ')}, false AS one_time, s.fund_id AS fund_id,
         p.xmin::text::bigint + s.xmin::text::bigint AS row_version
    FROM projected_lines p JOIN line_items s ON s.id = p.source_line_id`;

/**
 * Every line on a fund: line_items.fund_id, null meaning the general fund (the one every install
 * has), so an import or a writer that names no fund puts its lines there without a lookup. The
 * reference is checked once per statement with line_items' others (migration 20261127000100): a
 * fund that does not exist is refused (23503), and a fund lines are on cannot be deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE line_items ADD COLUMN fund_id integer');
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw(VIEW_WITH_FUND);
  await installCheckFunction(knex, [...REFERENCES, FUND]);
  await installParentTriggers(knex, FUND);
}

export async function down(knex: Knex): Promise<void> {
  await dropParentTriggers(knex, FUND);
  await installCheckFunction(knex, REFERENCES);
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw(VIEW_WITH_ONE_TIME);
  await knex.raw('ALTER TABLE line_items DROP COLUMN fund_id');
}
