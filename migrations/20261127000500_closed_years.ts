import type { Knex } from 'knex';
import { sqlList } from './helpers';

// Spelled out rather than imported (see 20261121000003): a migration keeps producing the same schema.
const LOCKING = ['SCHOOL_COMMITTEE_ADOPTED', 'TOWN_APPROPRIATED', 'REVISED'];

/**
 * Closed years: a past fiscal year an administrator closes is read-only
 * history. A close is a stage event ('close', recording the stage it closed at), undone by an
 * 'unclose' with a reason; both are rows of budget_stages, which never change.
 *
 * The one lock rule stays budget_year_locked: a year is locked when it is closed (its latest
 * close or unclose is a close), or when its latest advance or reopen entered a locking stage.
 * The write trigger on line_items and projected_lines thus refuses a closed year's lines too, and
 * adds ':closed' to its DETAIL so the 409 says the year is closed (server/errors.ts).
 */
const LOCKED_FN = (closeEvents: boolean) => `CREATE OR REPLACE FUNCTION budget_year_locked(
    p_budget_year integer, p_fiscal_year integer)
  RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT ${closeEvents ? 'budget_year_closed(p_budget_year, p_fiscal_year) OR ' : ''}coalesce(
      (SELECT s.event = 'advance' AND s.stage IN (${sqlList(LOCKING)})
         FROM budget_stages s
        WHERE s.budget_year_id = p_budget_year AND s.fiscal_year = p_fiscal_year
          ${closeEvents ? `AND s.event IN ('advance', 'reopen')` : ''}
        ORDER BY s.id DESC LIMIT 1), false)
  $$`;

/**
 * The write trigger. `closedBy` (migration 20261127000650) adds the year whose appropriation closed
 * it to the DETAIL, and a year with no event of its own (closed by that appropriation) reads as Draft.
 */
export const TRIGGER_FN = (
  closeEvents: boolean,
  closedBy = false,
  // Migration 20261206000200: the years written are found first (MATERIALIZED), then the lock
  // rule is asked once per year; without the fence PostgreSQL pushed the rule's call below the
  // DISTINCT, once per row written.
  fenced = false,
) => {
  const years = (rows: string) =>
    fenced
      ? `WITH y AS MATERIALIZED (${rows}) SELECT y.* INTO hit FROM y`
      : `SELECT y.* INTO hit FROM (${rows}) y`;
  return `CREATE OR REPLACE FUNCTION refuse_writes_to_locked_years()
  RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE hit record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM budget_stages WHERE (event = 'advance' AND stage IN (${sqlList(LOCKING)}))
                     ${closeEvents ? `OR event = 'close'` : ''}) THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        ${years('SELECT DISTINCT budget_year_id, fiscal_year FROM new_rows')}
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      ELSIF TG_OP = 'DELETE' THEN
        ${years('SELECT DISTINCT budget_year_id, fiscal_year FROM old_rows')}
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      ELSE
        ${years(`SELECT budget_year_id, fiscal_year FROM new_rows
                                  UNION SELECT budget_year_id, fiscal_year FROM old_rows`)}
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      END IF;
      IF hit.fiscal_year IS NOT NULL THEN
        -- DETAIL 'budget year:fiscal year:stage[:closed]', from which server/errors.ts writes the message.
        RAISE EXCEPTION 'budget year % fiscal year % is locked', hit.budget_year_id, hit.fiscal_year
          USING ERRCODE = 'BY001', DETAIL = hit.budget_year_id || ':' || hit.fiscal_year || ':' ||
            ${closedBy ? 'coalesce(' : ''}(SELECT s.stage FROM budget_stages s WHERE s.budget_year_id = hit.budget_year_id
                AND s.fiscal_year = hit.fiscal_year ORDER BY s.id DESC LIMIT 1)${closedBy ? ", 'DRAFT')" : ''}${
                  closeEvents
                    ? ` ||
            CASE WHEN budget_year_closed(hit.budget_year_id, hit.fiscal_year) THEN ':closed' ELSE '' END`
                    : ''
                }${
                  closedBy
                    ? ` ||
            coalesce(':' || budget_year_closed_by(hit.budget_year_id, hit.fiscal_year), '')`
                    : ''
                };
      END IF;
      RETURN NULL;
    END $$`;
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE budget_stages DROP CONSTRAINT budget_stages_event_check');
  await knex.raw(`ALTER TABLE budget_stages ADD CONSTRAINT budget_stages_event_check
    CHECK (event IN ('advance', 'reopen', 'close', 'unclose'))`);
  // Closed: the year's latest close or unclose is a close.
  await knex.raw(`CREATE FUNCTION budget_year_closed(p_budget_year integer, p_fiscal_year integer)
    RETURNS boolean LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT s.event = 'close' FROM budget_stages s
                        WHERE s.budget_year_id = p_budget_year AND s.fiscal_year = p_fiscal_year
                          AND s.event IN ('close', 'unclose')
                        ORDER BY s.id DESC LIMIT 1), false)
    $$`);
  await knex.raw(LOCKED_FN(true));
  await knex.raw(TRIGGER_FN(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(TRIGGER_FN(false));
  await knex.raw(LOCKED_FN(false));
  await knex.raw('DROP FUNCTION budget_year_closed(integer, integer)');
  // Close events cannot be deleted (budget stages never change): refuse a down that would lose them.
  await knex.raw(`ALTER TABLE budget_stages DROP CONSTRAINT budget_stages_event_check`);
  await knex.raw(`ALTER TABLE budget_stages ADD CONSTRAINT budget_stages_event_check
    CHECK (event IN ('advance', 'reopen'))`);
}
