import type { Knex } from 'knex';
import { LINE_ITEMS_ALL_VIEW, PROJECTED_AS } from './20261124000500_projected_lines';

/** line_items_all with one_time (false for a projected line, always an employee's), in line_items' column order. */
export const VIEW_WITH_ONE_TIME = `CREATE VIEW line_items_all AS
  SELECT ${PROJECTED_AS.map(([c]) => `li.${c}`).join(', ')}, li.one_time, li.xmin::text::bigint AS row_version
    FROM line_items li
  UNION ALL
  SELECT ${PROJECTED_AS.map(([c, v]) => `${v} AS ${c}`).join(', ')}, false AS one_time,
         p.xmin::text::bigint + s.xmin::text::bigint AS row_version
    FROM projected_lines p JOIN line_items s ON s.id = p.source_line_id`;

/**
 * The stages' immutability guard (migration 20261126000100), with or without the one exception undo
 * needs: the stage whose id the transaction set in `budget.undo_stage`, and its frozen lines.
 */
const stageGuard = (undo: boolean) => `CREATE OR REPLACE FUNCTION refuse_stage_changes() RETURNS trigger
  LANGUAGE plpgsql AS $$
    DECLARE undo text := ${undo ? "current_setting('budget.undo_stage', true)" : 'NULL'};
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
      END IF;
      IF TG_TABLE_NAME = 'budget_stages' THEN
        IF undo IS NOT NULL AND undo = OLD.id::text THEN
          RETURN OLD;
        END IF;
        IF EXISTS (SELECT 1 FROM budget_years WHERE id = OLD.budget_year_id) THEN
          RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
        END IF;
      ELSIF undo IS NOT NULL AND undo = OLD.stage_id::text THEN
        RETURN OLD;
      ELSIF EXISTS (SELECT 1 FROM budget_stages WHERE id = OLD.stage_id) THEN
        RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
      END IF;
      RETURN OLD;
    END $$`;

/**
 * Roll forward (server/domains/roll-forward): the next fiscal year's budget started from a year's.
 * - line_items.one_time: a proposed line the district means for one year only (a roof, a one-time
 *   grant match); roll forward leaves it out.
 * - roll_forwards: one row per roll forward, naming where it came from and what it wrote, so undo
 *   removes exactly that while the new year is still Draft and unedited.
 * - The stages' immutability guard lets one transaction delete the first snapshot a roll forward
 *   wrote, and only it: undo sets `budget.undo_stage` to that stage's id for its transaction
 *   (set_config(..., true)); any other delete or update is still refused (BY002).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE line_items ADD COLUMN one_time boolean NOT NULL DEFAULT false');
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw(VIEW_WITH_ONE_TIME);
  await knex.raw(`CREATE TABLE roll_forwards (
    id serial PRIMARY KEY,
    from_budget_year_id integer REFERENCES budget_years(id) ON DELETE SET NULL,
    from_fiscal_year integer NOT NULL,
    to_budget_year_id integer REFERENCES budget_years(id) ON DELETE SET NULL,
    to_fiscal_year integer NOT NULL CHECK (to_fiscal_year = from_fiscal_year + 1),
    created_budget_year boolean NOT NULL,
    stage_id integer,
    totals jsonb NOT NULL,
    carried jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    undone_at timestamptz,
    undone_by integer REFERENCES users(id) ON DELETE SET NULL)`);
  await knex.raw('CREATE INDEX roll_forwards_to_idx ON roll_forwards (to_fiscal_year, id)');
  await knex.raw(stageGuard(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(stageGuard(false));
  await knex.raw('DROP TABLE roll_forwards');
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw(LINE_ITEMS_ALL_VIEW);
  await knex.raw('ALTER TABLE line_items DROP COLUMN one_time');
}
