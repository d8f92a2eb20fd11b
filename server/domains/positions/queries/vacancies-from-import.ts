import type { Knex } from 'knex';
import { lineCode } from '@server/sql/line-code';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * An import's open positions (rows with a salary or a title and no name, their lines marked
 * metadata.vacancy by transform-employee.ts) become vacant positions of their fiscal year's roster,
 * in one statement: title, building, function code, category and work group as their line has them
 * (the crosswalk and the building's match already applied), FTE as the line's (NULL or 0 read as
 * 1), and the row's salary kept as a full-time rate (salary / FTE, to the millionth: rate x FTE
 * gives the salary back to the cent), which prices the vacancy (server/sql/position-cost.ts) until
 * someone sets it a step and lane. Each gets a 'created' history entry naming the file's row.
 * Returns the lines made into positions (for the line writer to remove: dropImportedVacancyLines),
 * and the positions' count and salaries.
 */
export async function vacanciesFromImport(
  db: Knex | Knex.Transaction,
  options: { importRunId: number; userId: number | null; actorLabel: string; fileName: string },
): Promise<{ lineIds: number[]; count: number; total: string }> {
  const user = options.userId ?? null;
  const { rows } = await db.raw(
    `WITH src AS MATERIALIZED (
       SELECT nextval((SELECT pg_get_serial_sequence('positions', 'id'))::regclass) AS pid, li.id AS line_id,
              li.budget_year_id, li.fiscal_year, coalesce(nullif(btrim(li.position), ''), 'Position') AS title,
              li.building_id, ${lineCode()} AS dese_code, li.category_id, li.work_group_id,
              coalesce(nullif(li.current_fte, 0), 1)::numeric(5,3) AS fte, li.current_salary AS salary,
              li.metadata->>'importRow' AS import_row
         FROM line_items li
         LEFT JOIN budget_categories c ON c.id = li.category_id
        WHERE li.import_run_id = ? AND li.is_operating AND NOT li.is_projected AND ${activeScope('li')}
          AND li.metadata @> '{"vacancy": true}'
        ORDER BY li.id),
     made AS (
       INSERT INTO positions (id, budget_year_id, fiscal_year, title, building_id, dese_code, category_id,
                              work_group_id, fte, status, vacancy_rate, created_by, updated_by)
       SELECT pid, budget_year_id, fiscal_year, title, building_id, dese_code, category_id, work_group_id,
              fte, 'vacant', round(salary / fte, 6), ?::integer, ?::integer FROM src),
     told AS (
       INSERT INTO position_history (position_id, action, reason, after, user_id, actor_label)
       SELECT pid, 'created',
              'An open position in ' || ?::text || coalesce(' (row ' || import_row || ')', '')
                || CASE WHEN salary IS NULL THEN ', with no salary'
                        ELSE ', budgeted at $' || to_char(salary, 'FM999,999,999,990.00') END,
              jsonb_build_object('fte', fte, 'status', 'vacant'), ?::integer, ? FROM src)
     SELECT coalesce(array_agg(line_id), '{}') AS line_ids, count(*)::int AS n,
            coalesce(sum(salary), 0)::numeric(14,2)::text AS total
       FROM src`,
    [options.importRunId, user, user, options.fileName, user, options.actorLabel],
  );
  const found = rows[0];
  return {
    lineIds: (found.line_ids as (number | string)[]).map(Number),
    count: Number(found.n),
    total: found.total,
  };
}
