import type { Knex } from 'knex';
import { lineCode } from '@server/sql/line-code';
import { activeScope } from '@server/sql/line-items-scope';

/** Whose lines: a budget year's, a fiscal year's, an import run's (any together), and who makes them. */
interface FromLines {
  budgetYearId?: number;
  fiscalYear?: number;
  /** Only the lines this import run wrote. */
  importRunId?: number;
  userId?: number | null;
  actorLabel: string;
}

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
 * imports nothing but SQL fragments, and names no column a later migration added unless asked for
 * vacancies) and by the demo seed.
 *
 * The ids' sequence is looked up once (a subquery), not per row: per row, the lookup was 0.4 s of a
 * 100,000-person import.
 */
export async function positionsFromLines(db: Knex | Knex.Transaction, options: FromLines): Promise<number> {
  return (await fromLines(db, options)).count;
}

/**
 * An import's open positions (rows with a salary or a title and no name, their lines marked
 * metadata.vacancy by transform-employee.ts) become vacant positions of their fiscal year's roster,
 * by positionsFromLines' one statement: no holder, and the row's salary kept as a full-time rate
 * (salary / FTE, to the millionth: rate x FTE gives the salary back to the cent), which prices the
 * vacancy (server/sql/position-cost.ts) until someone sets it a step and lane or clears the rate.
 * Each 'created' history entry names the file's row. Returns the lines made into positions (for
 * the line writer to remove: dropImportedVacancyLines) and how many.
 */
export async function vacanciesFromLines(
  db: Knex | Knex.Transaction,
  options: { importRunId: number; userId: number | null; actorLabel: string; fileName: string },
): Promise<{ lineIds: number[]; count: number }> {
  return fromLines(db, options, { fileName: options.fileName });
}

/** The one statement: people's lines as filled positions, or (`vacancy`) open positions as vacant ones. */
async function fromLines(
  db: Knex | Knex.Transaction,
  options: FromLines,
  vacancy?: { fileName: string },
): Promise<{ lineIds: number[]; count: number }> {
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
  if (vacancy) {
    where.push(`li.metadata @> '{"vacancy": true}'`);
  }
  const user = options.userId ?? null;
  // A person's line is held by their position; an open position's line is no one's (its caller
  // removes it), and its salary is the position's rate.
  const made = vacancy
    ? { status: 'vacant', rateColumn: ', vacancy_rate', rate: ', round(salary / fte, 6)' }
    : { status: 'filled', rateColumn: '', rate: '' };
  const held = vacancy
    ? ''
    : `held AS (
       INSERT INTO position_holders (position_id, line_item_id, fte_share) SELECT pid, line_id, fte FROM src),`;
  const told = vacancy
    ? `'An open position in ' || ?::text || coalesce(' (row ' || import_row || ')', '')
         || CASE WHEN salary IS NULL THEN ', with no salary'
                 ELSE ', budgeted at $' || to_char(salary, 'FM999,999,999,990.00') END,
       jsonb_build_object('fte', fte, 'status', 'vacant')`
    : `'Made from the employee line of ' || coalesce(person, 'line ' || line_id),
       jsonb_build_object('lineItemId', line_id, 'fte', fte, 'status', 'filled')`;
  const { rows } = await db.raw(
    `WITH src AS MATERIALIZED (
       SELECT nextval((SELECT pg_get_serial_sequence('positions', 'id'))::regclass) AS pid, li.id AS line_id, li.budget_year_id,
              li.fiscal_year, coalesce(nullif(btrim(li.position), ''), 'Position') AS title, li.building_id,
              ${lineCode()} AS dese_code,
              li.category_id, li.work_group_id, coalesce(nullif(li.current_fte, 0), 1)::numeric(5,3) AS fte,
              nullif(btrim(concat_ws(' ', li.first_name, li.last_name)), '') AS person,
              li.current_salary AS salary${vacancy ? `, li.metadata->>'importRow' AS import_row` : ''}
         FROM line_items li
         LEFT JOIN budget_categories c ON c.id = li.category_id
        WHERE li.is_operating AND NOT li.is_projected AND ${activeScope('li')}
          AND NOT EXISTS (SELECT 1 FROM position_holders x WHERE x.line_item_id = li.id)
          ${where.map((w) => `AND ${w}`).join(' ')}
        ORDER BY li.id),
     made AS (
       INSERT INTO positions (id, budget_year_id, fiscal_year, title, building_id, dese_code, category_id,
                              work_group_id, fte, status${made.rateColumn}, created_by, updated_by)
       SELECT pid, budget_year_id, fiscal_year, title, building_id, dese_code, category_id, work_group_id,
              fte, '${made.status}'${made.rate}, ?::integer, ?::integer FROM src),
     ${held}
     told AS (
       INSERT INTO position_history (position_id, action, reason, after, user_id, actor_label)
       SELECT pid, 'created', ${told}, ?::integer, ? FROM src)
     SELECT ${vacancy ? `coalesce(array_agg(line_id), '{}')` : `'{}'::int[]`} AS line_ids, count(*)::int AS n FROM src`,
    [...bindings, user, user, ...(vacancy ? [vacancy.fileName] : []), user, options.actorLabel],
  );
  return { lineIds: (rows[0].line_ids as (number | string)[]).map(Number), count: Number(rows[0].n) };
}
