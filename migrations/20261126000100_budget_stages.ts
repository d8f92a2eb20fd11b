import type { Knex } from 'knex';
import { addCheck, fiscalYearRange, sqlList } from './helpers';

// Spelled out rather than imported (see 20261121000003): a migration keeps producing the same schema.
const STAGES = [
  'DRAFT',
  'SUPERINTENDENT_RECOMMENDED',
  'SCHOOL_COMMITTEE_ADOPTED',
  'TOWN_APPROPRIATED',
  'REVISED',
];
const LOCKING = ['SCHOOL_COMMITTEE_ADOPTED', 'TOWN_APPROPRIATED', 'REVISED'];

/**
 * Budget stages: each fiscal year of a budget year moves from Draft through the
 * superintendent's recommendation, the school committee's vote and the town's appropriation to
 * revisions. Every move is an event row with a frozen copy of the year's lines
 * (budget_stage_lines) and totals; a reopen is an event row without one. Neither table can be
 * updated, and rows go only with their budget year: a snapshot never changes afterwards.
 *
 * From the committee's vote on, the year's lines are locked: a statement trigger on line_items and
 * projected_lines refuses any write into a locked year (SQLSTATE BY001, translated to a 409 by
 * server/errors.ts) until an administrator reopens it, whichever path writes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('budget_stages', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    // 'advance': the year entered `stage` (a snapshot); 'reopen': an admin unlocked it for changes.
    t.text('event').notNullable();
    t.text('stage').notNullable();
    // The date of the vote or meeting, as entered; created_at is when it was recorded.
    t.date('stage_date').notNullable();
    t.text('note');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('created_by_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // { proposedTotal, proposedCount, employeeCount, salaryTotal, nextYearSalaryTotal } as numeric text.
    t.jsonb('totals');
    t.index(['budget_year_id', 'fiscal_year', 'id'], 'budget_stages_year_idx');
  });
  await addCheck(knex, 'budget_stages', 'budget_stages_fy_check', fiscalYearRange('fiscal_year'));
  await addCheck(knex, 'budget_stages', 'budget_stages_event_check', `event IN ('advance', 'reopen')`);
  await addCheck(knex, 'budget_stages', 'budget_stages_stage_check', `stage IN (${sqlList(STAGES)})`);
  await addCheck(knex, 'budget_stages', 'budget_stages_note_check', 'note IS NULL OR length(note) <= 2000');

  await knex.raw(`CREATE TABLE budget_stage_lines (
    -- Deferred: a snapshot's lines are written first and its totals summed from them, then the
    -- stage row (whose totals thus never need an update) goes in under the id they were given.
    stage_id integer NOT NULL REFERENCES budget_stages(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    line_id integer NOT NULL,
    is_operating boolean NOT NULL,
    is_projected boolean NOT NULL,
    first_name text, last_name text, position text, work_group text, employee_status text,
    current_fte numeric(4,2), current_salary numeric(14,2), next_year_salary numeric(14,2),
    name text, account_description text, account_line text, amount numeric(14,2),
    dese_code text,
    category_id integer, category_name text,
    building_id integer, building_name text,
    PRIMARY KEY (stage_id, line_id))`);

  // Whether a year's lines are locked: its latest event entered a stage from the vote on.
  await knex.raw(`CREATE FUNCTION budget_year_locked(p_budget_year integer, p_fiscal_year integer)
    RETURNS boolean LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT s.event = 'advance' AND s.stage IN (${sqlList(LOCKING)})
                         FROM budget_stages s
                        WHERE s.budget_year_id = p_budget_year AND s.fiscal_year = p_fiscal_year
                        ORDER BY s.id DESC LIMIT 1), false)
    $$`);

  // One function for both tables and all three operations; each trigger names its transition tables
  // (INSERT has only new rows, DELETE only old ones).
  await knex.raw(`CREATE FUNCTION refuse_writes_to_locked_years() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE hit record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM budget_stages WHERE event = 'advance' AND stage IN (${sqlList(LOCKING)})) THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        SELECT y.* INTO hit FROM (SELECT DISTINCT budget_year_id, fiscal_year FROM new_rows) y
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT y.* INTO hit FROM (SELECT DISTINCT budget_year_id, fiscal_year FROM old_rows) y
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      ELSE
        SELECT y.* INTO hit FROM (SELECT budget_year_id, fiscal_year FROM new_rows
                                  UNION SELECT budget_year_id, fiscal_year FROM old_rows) y
         WHERE budget_year_locked(y.budget_year_id, y.fiscal_year) LIMIT 1;
      END IF;
      IF hit.fiscal_year IS NOT NULL THEN
        -- DETAIL 'budget year:fiscal year:stage', from which server/errors.ts writes the message.
        RAISE EXCEPTION 'budget year % fiscal year % is locked', hit.budget_year_id, hit.fiscal_year
          USING ERRCODE = 'BY001', DETAIL = hit.budget_year_id || ':' || hit.fiscal_year || ':' ||
            (SELECT s.stage FROM budget_stages s WHERE s.budget_year_id = hit.budget_year_id
                AND s.fiscal_year = hit.fiscal_year ORDER BY s.id DESC LIMIT 1);
      END IF;
      RETURN NULL;
    END $$`);
  for (const table of ['line_items', 'projected_lines']) {
    await knex.raw(`CREATE TRIGGER ${table}_locked_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_writes_to_locked_years()`);
    await knex.raw(`CREATE TRIGGER ${table}_locked_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION refuse_writes_to_locked_years()`);
    await knex.raw(`CREATE TRIGGER ${table}_locked_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_writes_to_locked_years()`);
  }

  // Immutable: no UPDATE ever; a DELETE only when the budget year itself is gone (its cascade).
  await knex.raw(`CREATE FUNCTION refuse_stage_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
      END IF;
      IF TG_TABLE_NAME = 'budget_stages' THEN
        IF EXISTS (SELECT 1 FROM budget_years WHERE id = OLD.budget_year_id) THEN
          RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
        END IF;
      ELSIF EXISTS (SELECT 1 FROM budget_stages WHERE id = OLD.stage_id) THEN
        RAISE EXCEPTION 'budget stages and their snapshots never change' USING ERRCODE = 'BY002';
      END IF;
      RETURN OLD;
    END $$`);
  await knex.raw(`CREATE TRIGGER budget_stages_immutable BEFORE UPDATE OR DELETE ON budget_stages
    FOR EACH ROW EXECUTE FUNCTION refuse_stage_changes()`);
  await knex.raw(`CREATE TRIGGER budget_stage_lines_immutable BEFORE UPDATE OR DELETE ON budget_stage_lines
    FOR EACH ROW EXECUTE FUNCTION refuse_stage_changes()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['line_items', 'projected_lines']) {
    for (const op of ['insert', 'update', 'delete']) {
      await knex.raw(`DROP TRIGGER ${table}_locked_${op} ON ${table}`);
    }
  }
  await knex.raw('DROP FUNCTION refuse_writes_to_locked_years()');
  await knex.raw('DROP TABLE budget_stage_lines');
  await knex.raw('DROP TABLE budget_stages');
  await knex.raw('DROP FUNCTION refuse_stage_changes()');
  await knex.raw('DROP FUNCTION budget_year_locked(integer, integer)');
}
