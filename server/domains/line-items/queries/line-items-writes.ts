import type { Db } from '@server/db/index';

/**
 * Writing line items: column mapping, inserts, updates and deletes (their audit rows go through
 * server/db/audit.ts). Private to the line writer (server/domains/line-items/, enforced by
 * eslint.config.js): every change to a line goes through it, so the status rule, the next-year
 * salary rule and the audit always apply.
 */

// Id lists go to PostgreSQL as bind parameters, at most 65,535 per statement.
const ID_CHUNK = 5000;

/** camelCase input field -> line_items column, for every field an API call may write. */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  position: 'position',
  currentSalary: 'current_salary',
  nextYearSalary: 'next_year_salary',
  currentFTE: 'current_fte',
  locationCode: 'location_code',
  deseCode: 'dese_code',
  department: 'department',
  workGroupId: 'work_group_id',
  workGroup: 'work_group',
  jobClass: 'job_class',
  hireDate: 'hire_date',
  dateOfDeparture: 'date_of_departure',
  employeeStatus: 'employee_status',
  budgetStatus: 'budget_status',
  notes: 'notes',
  buildingId: 'building_id',
  categoryId: 'category_id',
  accountDescription: 'account_description',
  name: 'name',
  accountLine: 'account_line',
  deseCategories: 'dese_categories',
  amount: 'amount',
  /** A proposed line meant for one year only: roll forward leaves it out. */
  oneTime: 'one_time',
  /** The fund that pays a proposed line; null is the general fund. */
  fundId: 'fund_id',
} as const;
export type WritableField = keyof typeof COLUMNS;

/** Maps the defined fields of an input to columns; undefined fields are left out. */
export function toColumns(input: Partial<Record<WritableField, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as WritableField];
    if (value !== undefined) {
      out[column] = value;
    }
  }
  return out;
}

/** Inserts one line and returns its id. */
export async function insertLine(db: Db, values: Record<string, unknown>): Promise<number> {
  const [row] = await db('line_items').insert(values).returning('id');
  return row.id as number;
}

/**
 * `values` plus, when they set work_group_id, the placement columns cleared on every line whose
 * group that changes. A step and lane are cells of the schedule attached to the line's work group
 * (salary-rule.ts reads them through it), so on another group's schedule they mean nothing. In an
 * UPDATE every SET expression reads the row as it was, so the CASE sees the old work_group_id; a
 * line already in the group keeps its placement. Every write that moves an existing line to another
 * work group goes through this (updateLines).
 */
export function withPlacementFollowingGroup(
  db: Db,
  values: Record<string, unknown>,
): Record<string, unknown> {
  if (values.work_group_id === undefined) {
    return values;
  }
  const keep = (column: string) =>
    db.raw(`CASE WHEN work_group_id IS NOT DISTINCT FROM CAST(? AS integer) THEN ?? END`, [
      values.work_group_id as number | null,
      column,
    ]);
  return {
    ...values,
    salary_step: keep('salary_step'),
    salary_lane: keep('salary_lane'),
    salary_placement: keep('salary_placement'),
  };
}

/**
 * Updates the listed lines with the same column values (and updated_at). `metadataPatch` is merged
 * into the JSON metadata rather than replacing it, so import warnings survive a review. A new work
 * group clears the placement (withPlacementFollowingGroup); callers recompute the next-year salary.
 */
export async function updateLines(
  db: Db,
  ids: readonly number[],
  values: Record<string, unknown>,
  metadataPatch?: Record<string, unknown>,
): Promise<number> {
  if (!ids.length) {
    return 0;
  }
  const patch: Record<string, unknown> = {
    ...withPlacementFollowingGroup(db, values),
    updated_at: db.fn.now(),
  };
  if (metadataPatch) {
    patch.metadata = db.raw(`metadata || ?::jsonb`, [JSON.stringify(metadataPatch)]);
  }
  let n = 0;
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    n += await db('line_items')
      .whereIn('id', ids.slice(i, i + ID_CHUNK))
      .update(patch);
  }
  return n;
}

// line_items' columns a projected line takes from the view (all but the generated needs_review).
const STORED_COLUMNS = `id, budget_year_id, scenario_id, version_id, fiscal_year, is_operating, is_projected,
  first_name, last_name, position, current_salary, next_year_salary, next_year_salary_manual, current_fte,
  location_code, department, work_group_id, work_group, job_class, hire_date, date_of_departure,
  employee_status, budget_status, account_description, name, account_line, dese_categories, amount, dese_code,
  category_id, building_id, notes, metadata, import_run_id, created_at, updated_at, salary_step, salary_lane,
  salary_placement`;

/**
 * Moves the listed lines that are stored in projected_lines into line_items under the same ids,
 * as the view line_items_all shows them, so that an edit, placement, merge or delete of a projected
 * line changes a row of its own (and no longer follows its source line). Returns how many moved.
 */
export async function materializeProjected(db: Db, ids: readonly number[]): Promise<number> {
  if (!ids.length) {
    return 0;
  }
  const { rows } = await db.raw<{ rows: { n: number }[] }>(
    `WITH moving AS (SELECT ${STORED_COLUMNS} FROM line_items_all
                      WHERE id = ANY(?::int[]) AND id IN (SELECT id FROM projected_lines WHERE id = ANY(?::int[]))),
          gone AS (DELETE FROM projected_lines p USING moving m WHERE p.id = m.id RETURNING p.id),
          moved AS (INSERT INTO line_items (${STORED_COLUMNS}) SELECT ${STORED_COLUMNS} FROM moving RETURNING id)
     SELECT count(*)::int AS n FROM moved`,
    [[...ids], [...ids]],
  );
  return Number(rows[0].n);
}

/** Deletes the listed lines; returns the ids actually deleted. */
export async function deleteLines(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await db('line_items')
      .whereIn('id', ids.slice(i, i + ID_CHUNK))
      .del()
      .returning('id');
    out.push(...rows.map((r: { id: number }) => r.id));
  }
  return out;
}
