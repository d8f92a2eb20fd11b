import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { AnyLineItem, EmployeeLineItem, ProposedLineItem } from '@server/schemas/line-items';
import { activeScope } from './line-items-scope';
import { gridSignature } from './line-items-signature';

/**
 * Reading line items. The DTOs of SPEC section 3 are built by PostgreSQL (row_to_json over columns
 * aliased to their camelCase names: compact JSON, one text per row): a budget of 50,000 employee
 * lines reaches the client as text that Node only joins, never parses or re-serialises. Every other
 * read (one line, a bulk audit) uses the same select lists, so the DTO is defined exactly once.
 */

/** Timestamps as ISO 8601 in UTC, like Date.prototype.toISOString. */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const COMMON_HEAD = `li.id, li.budget_year_id AS "budgetYearId", li.scenario_id AS "scenarioId",
  li.version_id AS "versionId", li.fiscal_year AS "fiscalYear"`;
const COMMON_TAIL = `li.building_id AS "buildingId",
  CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('name', b.name) END AS building,
  li.notes, li.metadata, li.import_run_id AS "importRunId",
  ${iso('li.created_at')} AS "createdAt", ${iso('li.updated_at')} AS "updatedAt"`;

/** The employee DTO (employeeLineItemSchema), field order as in the schema. Needs FROM below. */
const EMPLOYEE_COLUMNS = `${COMMON_HEAD}, true AS "isOperating", li.is_projected AS "isProjected",
  li.first_name AS "firstName", li.last_name AS "lastName", li.position,
  li.current_salary AS "currentSalary", li.next_year_salary AS "nextYearSalary",
  li.next_year_salary_manual AS "nextYearSalaryManual", li.current_fte AS "currentFTE",
  li.location_code AS "locationCode", li.dese_code AS "deseCode", li.department,
  li.work_group_id AS "workGroupId", li.work_group AS "workGroup", li.job_class AS "jobClass",
  li.hire_date::text AS "hireDate", li.date_of_departure::text AS "dateOfDeparture",
  coalesce(li.employee_status, 'Active') AS "employeeStatus", li.budget_status AS "budgetStatus",
  li.category_id AS "categoryId", ${COMMON_TAIL}`;

/** The proposed DTO (proposedLineItemSchema). */
const PROPOSED_COLUMNS = `${COMMON_HEAD}, false AS "isOperating", li.is_projected AS "isProjected",
  li.account_description AS "accountDescription", li.name, li.account_line AS "accountLine",
  li.dese_categories AS "deseCategories", li.dese_code AS "deseCode", li.amount,
  li.category_id AS "categoryId",
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('name', c.name, 'color', c.color) END AS category,
  ${COMMON_TAIL}`;

const FROM = `line_items li
  LEFT JOIN buildings b ON b.id = li.building_id
  LEFT JOIN budget_categories c ON c.id = li.category_id`;

/**
 * Which lines GET /line-items/budget returns (one of the SPEC's four combinations, already
 * validated): a scenario's lines, or the lines in the active scope (queries/line-items-scope.ts).
 */
export interface LineItemFilter {
  scenarioId?: number;
  budgetYearId?: number;
  fiscalYear?: number;
  isOperating?: boolean;
}

function filterSql(
  f: LineItemFilter,
  isOperating: boolean | undefined,
): { where: string; bindings: Knex.Value[] } {
  const parts = ['true'];
  const bindings: Knex.Value[] = [];
  if (isOperating !== undefined) {
    parts.push('li.is_operating = ?');
    bindings.push(isOperating);
  }
  const add = (sql: string, value: Knex.Value) => {
    parts.push(sql);
    bindings.push(value);
  };
  if (f.scenarioId !== undefined) {
    add('li.scenario_id = ?', f.scenarioId);
  } else {
    parts.push(activeScope());
  }
  if (f.budgetYearId !== undefined) {
    add('li.budget_year_id = ?', f.budgetYearId);
  }
  if (f.fiscalYear !== undefined) {
    add('li.fiscal_year = ?', f.fiscalYear);
  }
  return { where: parts.join(' AND '), bindings };
}

/**
 * Grid order, as output columns beside the JSON (see gridRows): employees by name, proposed lines
 * by category then account line.
 */
const EMPLOYEE_KEYS =
  'lower(li.last_name) AS k1, lower(li.first_name) AS k2, li.fiscal_year AS k3, li.id AS k4';
const PROPOSED_KEYS =
  'c.display_order AS k1, c.name AS k2, li.account_line AS k3, li.fiscal_year AS k4, li.id AS k5';

/** A line as a grid read returns it: id, row version (xmin: new with every write) and DTO JSON. */
export interface GridRow {
  id: number;
  version: string;
  json: string;
}

/**
 * Lines of one kind in grid order, with their DTO JSON unless `withJson` is false (then json is '').
 * The JSON is built in a LATERAL row beside the sort keys and sorted with them, so PostgreSQL's
 * parallel workers build it (row_to_json is most of the cost of a 50,000-line read); row_to_json
 * over the sorted rows instead runs in one process after the Gather. See allowParallelRead.
 */
async function gridRows(
  db: Db,
  where: string,
  bindings: readonly Knex.Value[],
  isOperating: boolean,
  withJson = true,
): Promise<GridRow[]> {
  const columns = isOperating ? EMPLOYEE_COLUMNS : PROPOSED_COLUMNS;
  const keys = isOperating ? EMPLOYEE_KEYS : PROPOSED_KEYS;
  const order = isOperating ? 'k1, k2, k3, k4' : 'k1, k2, k3, k4, k5';
  const json = withJson ? 'row_to_json(dto)::text' : "''";
  const lateral = withJson ? `CROSS JOIN LATERAL (SELECT ${columns}) dto` : '';
  const result = await db.raw<{ rows: GridRow[] }>(
    `SELECT id, version, json
       FROM (SELECT li.id, li.xmin::text AS version, ${json} AS json, ${keys}
               FROM ${FROM} ${lateral}
              WHERE ${where}) t
      ORDER BY ${order}`,
    bindings,
  );
  return result.rows;
}

/** One JSON text per line of one kind, in grid order. */
async function rowsJson(
  db: Db,
  where: string,
  bindings: readonly Knex.Value[],
  isOperating: boolean,
): Promise<string[]> {
  return (await gridRows(db, where, bindings, isOperating)).map((r) => r.json);
}

/**
 * Lets the rest of the transaction read a whole budget with parallel workers: PostgreSQL's default
 * costs never plan them for tens of thousands of rows, and the sort of 34 MB of JSON would spill to
 * disk under the default work_mem. SET LOCAL ends with the transaction.
 */
export async function allowParallelRead(trx: Db): Promise<void> {
  // set_config(..., true) is SET LOCAL as a function: all four in one round trip.
  await trx.raw(`SELECT set_config('work_mem', '128MB', true), set_config('parallel_setup_cost', '0', true),
    set_config('parallel_tuple_cost', '0', true), set_config('min_parallel_table_scan_size', '0', true)`);
}

/** The kinds a filter reads: without isOperating (a scenario's lines) both, employees first. */
function kindsOf(filter: LineItemFilter): boolean[] {
  return filter.isOperating === undefined ? [true, false] : [filter.isOperating];
}

/** The lines of a filter (what GET /line-items/budget returns) in grid order, with their JSON. */
export async function gridLines(db: Db, filter: LineItemFilter, withJson = true): Promise<GridRow[]> {
  const rows: GridRow[] = [];
  for (const kind of kindsOf(filter)) {
    const { where, bindings } = filterSql(filter, kind);
    rows.push(...(await gridRows(db, where, bindings, kind, withJson)));
  }
  return rows;
}

/** The same lines in the same order with their versions only (json ''): a cheap check for changes. */
export function gridVersions(db: Db, filter: LineItemFilter): Promise<GridRow[]> {
  return gridLines(db, filter, false);
}

/** The given lines with their JSON, in no particular order. */
export async function gridLinesByIds(db: Db, ids: readonly number[]): Promise<GridRow[]> {
  const rows: GridRow[] = [];
  for (const kind of [true, false]) {
    rows.push(...(await gridRows(db, 'li.is_operating = ? AND li.id = ANY(?)', [kind, [...ids]], kind)));
  }
  return rows;
}

/** The `{"lineItems":[...]}` body of a filter, as JSON text. */
export async function lineItemsJson(db: Db, filter: LineItemFilter): Promise<string> {
  return lineItemsBody((await gridLines(db, filter)).map((r) => r.json));
}

/** The `{"lineItems":[...]}` body around DTO JSON texts. */
export function lineItemsBody(jsons: readonly string[]): string {
  return `{"lineItems":[${jsons.join(',')}]}`;
}

/** The fingerprint of what lineItemsJson would return for the filter (see gridSignature). */
export function lineItemsSignature(db: Db, filter: LineItemFilter): Promise<string> {
  const { where, bindings } = filterSql(filter, filter.isOperating);
  return gridSignature(db, where, bindings);
}

/** DTOs of the given lines, in id order (parsed: for audit rows and write responses). */
export async function lineItemsByIds(db: Db, ids: readonly number[]): Promise<AnyLineItem[]> {
  if (!ids.length) {
    return [];
  }
  const items: AnyLineItem[] = [];
  for (const kind of [true, false]) {
    const texts = await rowsJson(db, 'li.is_operating = ? AND li.id = ANY(?)', [kind, [...ids]], kind);
    items.push(...texts.map((t) => JSON.parse(t) as AnyLineItem));
  }
  return items.sort((a, b) => a.id - b.id);
}

/** One line's DTO, or undefined. */
export async function lineItemById(db: Db, id: number): Promise<AnyLineItem | undefined> {
  return (await lineItemsByIds(db, [id]))[0];
}

/** Employee lines flagged for review (metadata.needsReview), by name; the partial index serves it. */
export async function needsReviewJson(db: Db, budgetYearId: number, fiscalYear?: number): Promise<string> {
  let where = 'li.is_operating = ? AND li.budget_year_id = ? AND li.needs_review';
  const bindings: Knex.Value[] = [true, budgetYearId];
  if (fiscalYear !== undefined) {
    where += ' AND li.fiscal_year = ?';
    bindings.push(fiscalYear);
  }
  return lineItemsBody(await rowsJson(db, where, bindings, true));
}

/** The few columns the write rules need, locked for the rest of the transaction. */
export interface LineKeyRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  is_operating: boolean;
  employee_status: string | null;
  current_salary: number | null;
  next_year_salary: number | null;
  next_year_salary_manual: boolean;
  scenario_id: number | null;
}

/** Locks and returns the listed lines (FOR UPDATE), in id order; missing ids are simply absent. */
export function lockLines(db: Db, ids: readonly number[]): Promise<LineKeyRow[]> {
  return db<LineKeyRow>('line_items')
    .select(
      'id',
      'budget_year_id',
      'fiscal_year',
      'is_operating',
      'employee_status',
      'current_salary',
      'next_year_salary',
      'next_year_salary_manual',
      'scenario_id',
    )
    .whereIn('id', [...ids])
    .orderBy('id')
    .forUpdate();
}

export type { EmployeeLineItem, ProposedLineItem };
