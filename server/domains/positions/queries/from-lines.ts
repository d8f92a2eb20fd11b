import type { Knex } from 'knex';
import { lineCode } from '@server/sql/line-code';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * Employee lines become positions: each live employee line (operating, not projected, in the
 * budgets that count) that holds no position yet becomes one filled position with that person as
 * its only holder, for their whole FTE. Nothing is lost: the position's FTE is the line's (NULL or
 * 0 read as 1, as the salary rule reads it), so its cost (server/sql/position-cost.ts) is exactly
 * the person's next-year salary, and the year's FTE and dollars add up as the lines did.
 *
 * Title: the line's job title, else 'Position'. Function code: the line's, else its category's (as
 * every report reads a line's code). One statement for any number of lines; each position gets a
 * 'created' history entry naming the line. Used by the migration that introduced positions (so it
 * imports nothing but SQL fragments) and by the demo seed.
 *
 * The ids' sequence is looked up once (a subquery), not per row: per row, the lookup was 0.4 s of a
 * 100,000-person import.
 */
export async function positionsFromLines(
  db: Knex | Knex.Transaction,
  options: {
    budgetYearId?: number;
    fiscalYear?: number;
    /** Only the lines this import run wrote. */
    importRunId?: number;
    userId?: number | null;
    actorLabel: string;
  },
): Promise<number> {
  const where: string[] = [];
  const bindings: (number | string | null)[] = [];
  if (options.importRunId !== undefined) {
    where.push('li.import_run_id = ?');
    bindings.push(options.importRunId);
  }
  if (options.budgetYearId !== undefined) {
    where.push('li.budget_year_id = ?');
    bindings.push(options.budgetYearId);
  }
  if (options.fiscalYear !== undefined) {
    where.push('li.fiscal_year = ?');
    bindings.push(options.fiscalYear);
  }
  const user = options.userId ?? null;
  const { rows } = await db.raw(
    `WITH src AS MATERIALIZED (
       SELECT nextval((SELECT pg_get_serial_sequence('positions', 'id'))::regclass) AS pid, li.id AS line_id, li.budget_year_id,
              li.fiscal_year, coalesce(nullif(btrim(li.position), ''), 'Position') AS title, li.building_id,
              ${lineCode()} AS dese_code,
              li.category_id, li.work_group_id, coalesce(nullif(li.current_fte, 0), 1)::numeric(5,3) AS fte,
              nullif(btrim(concat_ws(' ', li.first_name, li.last_name)), '') AS person
         FROM line_items li
         LEFT JOIN budget_categories c ON c.id = li.category_id
        WHERE li.is_operating AND NOT li.is_projected AND ${activeScope('li')}
          AND NOT EXISTS (SELECT 1 FROM position_holders x WHERE x.line_item_id = li.id)
          ${where.map((w) => `AND ${w}`).join(' ')}
        ORDER BY li.id),
     made AS (
       INSERT INTO positions (id, budget_year_id, fiscal_year, title, building_id, dese_code, category_id,
                              work_group_id, fte, status, created_by, updated_by)
       SELECT pid, budget_year_id, fiscal_year, title, building_id, dese_code, category_id, work_group_id,
              fte, 'filled', ?::integer, ?::integer FROM src),
     held AS (
       INSERT INTO position_holders (position_id, line_item_id, fte_share) SELECT pid, line_id, fte FROM src),
     told AS (
       INSERT INTO position_history (position_id, action, reason, after, user_id, actor_label)
       SELECT pid, 'created', 'Made from the employee line of ' || coalesce(person, 'line ' || line_id),
              jsonb_build_object('lineItemId', line_id, 'fte', fte, 'status', 'filled'), ?::integer, ? FROM src)
     SELECT count(*)::int AS n FROM src`,
    [...bindings, user, user, user, options.actorLabel],
  );
  return Number(rows[0].n);
}
