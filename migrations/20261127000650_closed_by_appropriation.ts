import type { Knex } from 'knex';
import { sqlList } from './helpers';
import { TRIGGER_FN } from './20261127000500_closed_years';

// Spelled out rather than imported (see 20261121000003): a migration keeps producing the same schema.
const APPROPRIATED = ['TOWN_APPROPRIATED', 'REVISED'];

/**
 * A year closes by itself two appropriations later: a year two stages past appropriation accepts
 * no edits. Read as: once the district has appropriated two newer budgets,
 * fiscal year FY + 2 having reached Town Appropriated (or Revised), FY is read-only history, as
 * if an administrator had closed it at that moment.
 *
 * The rule stays one: budget_year_closed, which budget_year_locked and the lines' write trigger
 * already read (migration 20261127000500), and which the services ask (stageStateOf). It is
 * closed when its latest close or unclose is a close, or when FY + 2 was appropriated after that
 * latest event (or with none): an administrator's unclose after the appropriation reopens it, a
 * close after it closes it again. FY + 2's stages live in its one home budget year
 * (fiscal_year_homes), so any budget year's rows of FY + 2 are that home's.
 *
 * budget_year_closed_by answers the fiscal year whose appropriation closed it (null when open or
 * closed by hand); the trigger (written by 20261127000500's TRIGGER_FN) adds it to its DETAIL
 * ('by:fy:stage:closed:FY+2'), so the 409 says why; a year closed so with no event of its own is Draft.
 */
const CLOSED_BY_FN = `CREATE FUNCTION budget_year_closed_by(p_budget_year integer, p_fiscal_year integer)
  RETURNS integer LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN appropriated.id IS NOT NULL
                 AND (latest.id IS NULL OR (latest.event = 'unclose' AND latest.id < appropriated.id))
                THEN p_fiscal_year + 2 END
      FROM (SELECT min(s.id) AS id FROM budget_stages s
             WHERE s.fiscal_year = p_fiscal_year + 2 AND s.event = 'advance'
               AND s.stage IN (${sqlList(APPROPRIATED)})) appropriated
      LEFT JOIN LATERAL (SELECT s.id, s.event FROM budget_stages s
             WHERE s.budget_year_id = p_budget_year AND s.fiscal_year = p_fiscal_year
               AND s.event IN ('close', 'unclose')
             ORDER BY s.id DESC LIMIT 1) latest ON true
  $$`;

const CLOSED_FN = (appropriation: boolean) => `CREATE OR REPLACE FUNCTION budget_year_closed(
    p_budget_year integer, p_fiscal_year integer)
  RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT s.event = 'close' FROM budget_stages s
                      WHERE s.budget_year_id = p_budget_year AND s.fiscal_year = p_fiscal_year
                        AND s.event IN ('close', 'unclose')
                      ORDER BY s.id DESC LIMIT 1), false)${
                        appropriation
                          ? `\n      OR budget_year_closed_by(p_budget_year, p_fiscal_year) IS NOT NULL`
                          : ''
                      }
  $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(CLOSED_BY_FN);
  await knex.raw(CLOSED_FN(true));
  await knex.raw(TRIGGER_FN(true, true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(TRIGGER_FN(true));
  await knex.raw(CLOSED_FN(false));
  await knex.raw('DROP FUNCTION budget_year_closed_by(integer, integer)');
}
