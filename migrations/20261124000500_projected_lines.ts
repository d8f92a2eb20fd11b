import type { Knex } from 'knex';
import { fiscalYearRange } from './helpers';

/**
 * Projected employee lines stored apart (docs/ARCHITECTURE.md, 'Where projected
 * lines are stored'). Generate Projections writes five years of a district's employees at once
 * (245,000 rows at 50,000 employees); as whole line_items rows, each paid seven foreign-key checks
 * and ten index entries, 8.4 s of a 9.4 s run. A projected line differs from the line it was
 * projected from only in its year, salaries and step, so projected_lines holds those and the
 * source line's id, with no foreign key (the source line, in the same budget year and scenario,
 * already satisfies them) and one index beside the primary key.
 *
 * Readers see every line through the view line_items_all: line_items as it is, then each projected
 * line with the source line's descriptive columns, in line_items' column order, plus row_version
 * (xmin for a stored line; for a projected one the sum of its own and its source's, which grows
 * whenever either is written, as transaction ids only grow): the grids' cache key. Ids come from line_items' sequence, so an id names one line in either table, and an edit
 * of a projected line moves it into line_items under the same id first (the line writer).
 * Deleting a source line deletes the lines projected from it (a statement trigger: a foreign key
 * would be the per-row check this table exists to avoid).
 */

/** line_items' columns in table order, and what a projected line has for each (`p` the projected row, `s` its source). */
export const PROJECTED_AS: [column: string, value: string][] = [
  ['id', 'p.id'],
  ['budget_year_id', 'p.budget_year_id'],
  ['scenario_id', 'p.scenario_id'],
  ['version_id', 'NULL::integer'],
  ['fiscal_year', 'p.fiscal_year'],
  ['is_operating', 'true'],
  ['is_projected', 'true'],
  ['first_name', 's.first_name'],
  ['last_name', 's.last_name'],
  ['position', 's.position'],
  ['current_salary', 'p.current_salary'],
  ['next_year_salary', 'p.next_year_salary'],
  ['next_year_salary_manual', 'false'],
  ['current_fte', 's.current_fte'],
  ['location_code', 's.location_code'],
  ['department', 's.department'],
  ['work_group_id', 's.work_group_id'],
  ['work_group', 's.work_group'],
  ['job_class', 's.job_class'],
  ['hire_date', 'NULL::date'],
  ['date_of_departure', 'NULL::date'],
  ['employee_status', `'Active'::text`],
  ['budget_status', 's.budget_status'],
  ['account_description', 'NULL::text'],
  ['name', 'NULL::text'],
  ['account_line', 'NULL::text'],
  ['dese_categories', 'NULL::text'],
  ['amount', 'NULL::numeric(14,2)'],
  ['dese_code', 's.dese_code'],
  ['category_id', 's.category_id'],
  ['building_id', 's.building_id'],
  ['notes', 's.notes'],
  ['metadata', `jsonb_build_object('projectedFrom', p.projected_from, 'sourceLineId', p.source_line_id)`],
  ['import_run_id', 'NULL::integer'],
  ['needs_review', 'false'],
  ['created_at', 'p.created_at'],
  ['updated_at', 'p.updated_at'],
  ['salary_step', 'p.salary_step'],
  ['salary_lane', 's.salary_lane'],
  ['salary_placement', 's.salary_placement'],
];

export const LINE_ITEMS_ALL_VIEW = `CREATE VIEW line_items_all AS
  SELECT ${PROJECTED_AS.map(([c]) => `li.${c}`).join(', ')}, li.xmin::text::bigint AS row_version
    FROM line_items li
  UNION ALL
  SELECT ${PROJECTED_AS.map(([c, v]) => `${v} AS ${c}`).join(', ')},
         p.xmin::text::bigint + s.xmin::text::bigint AS row_version
    FROM projected_lines p JOIN line_items s ON s.id = p.source_line_id`;

// Columns a projected line copied from its source: rows still equal to their source on all of
// them move to projected_lines; a projected line someone edited stays in line_items as it is.
const COPIED = [
  'budget_year_id',
  'scenario_id',
  'first_name',
  'last_name',
  'position',
  'current_fte',
  'location_code',
  'department',
  'work_group_id',
  'work_group',
  'job_class',
  'budget_status',
  'dese_code',
  'category_id',
  'building_id',
  'notes',
  'salary_lane',
  'salary_placement',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE projected_lines (
    id integer PRIMARY KEY DEFAULT nextval('line_items_id_seq'),
    source_line_id integer NOT NULL,
    budget_year_id integer NOT NULL,
    scenario_id integer,
    fiscal_year integer NOT NULL CHECK (${fiscalYearRange('fiscal_year')}),
    projected_from integer NOT NULL,
    current_salary numeric(14,2),
    next_year_salary numeric(14,2),
    salary_step integer CHECK (salary_step IS NULL OR salary_step >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  // Every reader asks for a budget year's fiscal year (the grids, the projections' counts).
  await knex.raw('CREATE INDEX projected_lines_year_idx ON projected_lines (budget_year_id, fiscal_year)');
  await knex.raw(LINE_ITEMS_ALL_VIEW);
  await knex.raw(`CREATE FUNCTION delete_projected_of_deleted_lines() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM projected_lines p USING deleted d WHERE p.source_line_id = d.id;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER line_items_delete_projected AFTER DELETE ON line_items
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION delete_projected_of_deleted_lines()`);
  // Projected employee lines already written move over, where they still equal their source line.
  const same = COPIED.map((c) => `li.${c} IS NOT DISTINCT FROM s.${c}`).join(' AND ');
  await knex.raw(`WITH moved AS (
      DELETE FROM line_items li USING line_items s
       WHERE li.is_projected AND li.is_operating AND NOT li.next_year_salary_manual
         AND jsonb_typeof(li.metadata -> 'sourceLineId') = 'number' AND jsonb_typeof(li.metadata -> 'projectedFrom') = 'number'
         AND s.id = (li.metadata ->> 'sourceLineId')::int AND NOT s.is_projected AND ${same}
       RETURNING li.*
    )
    INSERT INTO projected_lines (id, source_line_id, budget_year_id, scenario_id, fiscal_year, projected_from,
           current_salary, next_year_salary, salary_step, created_at, updated_at)
    SELECT id, (metadata ->> 'sourceLineId')::int, budget_year_id, scenario_id, fiscal_year,
           (metadata ->> 'projectedFrom')::int, current_salary, next_year_salary, salary_step, created_at, updated_at
      FROM moved`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`INSERT INTO line_items (${PROJECTED_AS.map(([c]) => c)
    .filter((c) => c !== 'needs_review')
    .join(', ')})
    SELECT ${PROJECTED_AS.map(([c]) => c)
      .filter((c) => c !== 'needs_review')
      .join(', ')} FROM line_items_all WHERE id IN (SELECT id FROM projected_lines)`);
  await knex.raw('DROP TRIGGER line_items_delete_projected ON line_items');
  await knex.raw('DROP FUNCTION delete_projected_of_deleted_lines()');
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw('DROP TABLE projected_lines');
}
