import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { AnyLineItem, EmployeeLineItem, ProposedLineItem } from '@shared/schemas/line-items';
import { EMPLOYEE_ROW_COLUMNS, PROPOSED_ROW_COLUMNS } from '@shared/schemas/line-item-rows';
import { activeScope } from '@server/sql/line-items-scope';
import { gridSignature } from './line-items-signature';
import { needsReviewWhere } from './needs-review';

/**
 * Reading line items. The line-item DTOs are built by PostgreSQL (row_to_json over columns
 * aliased to their camelCase names: compact JSON, one text per row): a budget of 50,000 employee
 * lines reaches the client as text that Node only joins, never parses or re-serialises. Every other
 * read (one line, a bulk audit) uses the same select lists, so the DTO is defined exactly once.
 * The grids read the compact form (`format=rows`, schemas/line-item-rows.ts): each line a JSON
 * array of the same fields, built from the same list below.
 */

/** Timestamps as ISO 8601 in UTC, like Date.prototype.toISOString. */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * How a DTO field is written. Both forms derive from this: `int`, `text`, `flag` (boolean) and
 * `json` (jsonb) are their own JSON; `number` is numeric (the object form keeps its scale, 1.00; the
 * compact form the shortest text of the same double, 1); `time` is timestamptz (ISO text, or
 * milliseconds since 1970 truncated as to_char's MS is); `building` and `category` are the joined
 * rows (objects, or the compact name and [name, color]); `const` is a literal of the kind.
 */
type FieldKind = 'int' | 'number' | 'text' | 'flag' | 'json' | 'time' | 'building' | 'category' | 'const';
type Field = readonly [name: string, sql: string, kind: FieldKind];

/** Where a line came from (schemas LINE_SOURCES): projected, else written by an import, else typed in. */
const SOURCE = `CASE WHEN li.is_projected THEN 'projected' WHEN li.import_run_id IS NOT NULL THEN 'imported'
       ELSE 'entered' END`;

const COMMON_HEAD: Field[] = [
  ['id', 'li.id', 'int'],
  ['budgetYearId', 'li.budget_year_id', 'int'],
  ['scenarioId', 'li.scenario_id', 'int'],
  ['versionId', 'li.version_id', 'int'],
  ['fiscalYear', 'li.fiscal_year', 'int'],
];
const COMMON_TAIL: Field[] = [
  ['buildingId', 'li.building_id', 'int'],
  ['building', 'b', 'building'],
  ['notes', 'li.notes', 'text'],
  ['metadata', 'li.metadata', 'json'],
  ['importRunId', 'li.import_run_id', 'int'],
  ['source', SOURCE, 'text'],
  ['createdAt', 'li.created_at', 'time'],
  ['updatedAt', 'li.updated_at', 'time'],
];

/** The employee DTO (employeeLineItemSchema), fields in the schema's order. Needs FROM below. */
const EMPLOYEE_FIELDS: Field[] = [
  ...COMMON_HEAD,
  ['isOperating', 'true', 'const'],
  ['isProjected', 'li.is_projected', 'flag'],
  ['firstName', 'li.first_name', 'text'],
  ['lastName', 'li.last_name', 'text'],
  ['position', 'li.position', 'text'],
  ['currentSalary', 'li.current_salary', 'number'],
  ['nextYearSalary', 'li.next_year_salary', 'number'],
  ['nextYearSalaryManual', 'li.next_year_salary_manual', 'flag'],
  ['currentFTE', 'li.current_fte', 'number'],
  ['locationCode', 'li.location_code', 'text'],
  ['deseCode', 'li.dese_code', 'text'],
  ['department', 'li.department', 'text'],
  ['workGroupId', 'li.work_group_id', 'int'],
  ['workGroup', 'li.work_group', 'text'],
  ['jobClass', 'li.job_class', 'text'],
  ['hireDate', 'li.hire_date::text', 'text'],
  ['dateOfDeparture', 'li.date_of_departure::text', 'text'],
  ['employeeStatus', "coalesce(li.employee_status, 'Active')", 'text'],
  ['budgetStatus', 'li.budget_status', 'text'],
  ['categoryId', 'li.category_id', 'int'],
  ['salaryStep', 'li.salary_step', 'int'],
  ['salaryLane', 'li.salary_lane', 'text'],
  ['salaryPlacement', 'li.salary_placement', 'text'],
  ...COMMON_TAIL,
];

/** The proposed DTO (proposedLineItemSchema). */
const PROPOSED_FIELDS: Field[] = [
  ...COMMON_HEAD,
  ['isOperating', 'false', 'const'],
  ['isProjected', 'li.is_projected', 'flag'],
  ['accountDescription', 'li.account_description', 'text'],
  ['name', 'li.name', 'text'],
  ['accountLine', 'li.account_line', 'text'],
  ['deseCategories', 'li.dese_categories', 'text'],
  ['deseCode', 'li.dese_code', 'text'],
  ['amount', 'li.amount', 'number'],
  ['categoryId', 'li.category_id', 'int'],
  ['category', 'c', 'category'],
  ...COMMON_TAIL,
];

/** A field as a column of the object form's LATERAL row (row_to_json names the key after it). */
function objectColumn([name, sql, kind]: Field): string {
  switch (kind) {
    case 'time':
      return `${iso(sql)} AS "${name}"`;
    case 'building':
      return `CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('name', b.name) END AS "${name}"`;
    case 'category':
      return `CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('name', c.name, 'color', c.color) END AS "${name}"`;
    default:
      return `${sql} AS "${name}"`;
  }
}

/** A field as the JSON text of one value of the compact form (never NULL: concat_ws skips NULLs). */
function rowValue([, sql, kind]: Field): string {
  switch (kind) {
    case 'int':
    case 'json':
      return `coalesce((${sql})::text, 'null')`;
    case 'number':
      // Exact: numeric(14,2) has at most 14 significant digits, a double holds 15.
      return `coalesce((${sql})::float8::text, 'null')`;
    case 'text':
      return `coalesce(to_json(${sql})::text, 'null')`;
    case 'flag':
      return `CASE WHEN ${sql} THEN '1' ELSE '0' END`;
    case 'time':
      return `coalesce(floor(extract(epoch FROM ${sql}) * 1000)::bigint::text, 'null')`;
    case 'building':
      return `CASE WHEN b.id IS NULL THEN 'null' ELSE coalesce(to_json(b.name)::text, 'null') END`;
    case 'category':
      return `CASE WHEN c.id IS NULL THEN 'null'
        ELSE '[' || coalesce(to_json(c.name)::text, 'null') || ',' || coalesce(to_json(c.color)::text, 'null') || ']' END`;
    case 'const':
      throw new Error('A constant is not sent in the compact form');
  }
}

/** The compact form's array for one line: the fields of `columns` (the wire list) in its order. */
function rowArray(fields: readonly Field[], columns: readonly string[]): string {
  const byName = new Map(fields.map((f) => [f[0], f]));
  const values = columns.map((column) => {
    const field = byName.get(column);
    if (!field) {
      throw new Error(`No SQL for the line column ${column}`);
    }
    return rowValue(field);
  });
  return `'[' || concat_ws(',', ${values.join(', ')}) || ']'`;
}

const EMPLOYEE_COLUMNS = EMPLOYEE_FIELDS.map(objectColumn).join(', ');
const PROPOSED_COLUMNS = PROPOSED_FIELDS.map(objectColumn).join(', ');
const EMPLOYEE_ROW = rowArray(EMPLOYEE_FIELDS, EMPLOYEE_ROW_COLUMNS);
const PROPOSED_ROW = rowArray(PROPOSED_FIELDS, PROPOSED_ROW_COLUMNS);

/** The two forms of GET /line-items/budget: `{ lineItems: [{...}] }`, or the grids' compact one. */
export type LineItemsFormat = 'objects' | 'rows';

const FROM = `line_items_all li
  LEFT JOIN buildings b ON b.id = li.building_id
  LEFT JOIN budget_categories c ON c.id = li.category_id`;

/**
 * Which lines GET /line-items/budget returns (one of four filter combinations, already
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

/** A line as a grid read returns it: id, kind, row version (new with every write) and its JSON. */
export interface GridRow {
  id: number;
  isOperating: boolean;
  version: string;
  json: string;
}

/**
 * Lines of one kind in grid order, with their JSON in `format` unless `withJson` is false (then json
 * is ''). The JSON is built beside the sort keys and sorted with them (the object form in a LATERAL
 * row), so PostgreSQL's parallel workers build it (it is most of the cost of a 50,000-line read);
 * building it over the sorted rows instead runs in one process after the Gather. See
 * allowParallelRead.
 */
async function gridRows(
  db: Db,
  where: string,
  bindings: readonly Knex.Value[],
  isOperating: boolean,
  format: LineItemsFormat,
  withJson = true,
): Promise<GridRow[]> {
  const keys = isOperating ? EMPLOYEE_KEYS : PROPOSED_KEYS;
  const order = isOperating ? 'k1, k2, k3, k4' : 'k1, k2, k3, k4, k5';
  let json = "''";
  let lateral = '';
  if (withJson && format === 'rows') {
    json = isOperating ? EMPLOYEE_ROW : PROPOSED_ROW;
  } else if (withJson) {
    json = 'row_to_json(dto)::text';
    lateral = `CROSS JOIN LATERAL (SELECT ${isOperating ? EMPLOYEE_COLUMNS : PROPOSED_COLUMNS}) dto`;
  }
  const result = await db.raw<{ rows: GridRow[] }>(
    `SELECT id, ${isOperating} AS "isOperating", version, json
       FROM (SELECT li.id, li.row_version::text AS version, ${json} AS json, ${keys}
               FROM ${FROM} ${lateral}
              WHERE ${where}) t
      ORDER BY ${order}`,
    bindings,
  );
  return result.rows;
}

/** One DTO JSON text per line of one kind, in grid order. */
async function rowsJson(
  db: Db,
  where: string,
  bindings: readonly Knex.Value[],
  isOperating: boolean,
): Promise<string[]> {
  return (await gridRows(db, where, bindings, isOperating, 'objects')).map((r) => r.json);
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
export async function gridLines(
  db: Db,
  filter: LineItemFilter,
  format: LineItemsFormat = 'objects',
  withJson = true,
): Promise<GridRow[]> {
  const rows: GridRow[] = [];
  for (const kind of kindsOf(filter)) {
    const { where, bindings } = filterSql(filter, kind);
    rows.push(...(await gridRows(db, where, bindings, kind, format, withJson)));
  }
  return rows;
}

/** The same lines in the same order with their versions only (json ''): a cheap check for changes. */
export function gridVersions(db: Db, filter: LineItemFilter): Promise<GridRow[]> {
  return gridLines(db, filter, 'objects', false);
}

/** The given lines with their JSON in `format`, in no particular order. */
export async function gridLinesByIds(
  db: Db,
  ids: readonly number[],
  format: LineItemsFormat = 'objects',
): Promise<GridRow[]> {
  const rows: GridRow[] = [];
  for (const kind of [true, false]) {
    rows.push(
      ...(await gridRows(db, 'li.is_operating = ? AND li.id = ANY(?)', [kind, [...ids]], kind, format)),
    );
  }
  return rows;
}

/** The body of GET /line-items/budget for a filter in `format`, as JSON text. */
export async function lineItemsJson(
  db: Db,
  filter: LineItemFilter,
  format: LineItemsFormat = 'objects',
): Promise<string> {
  return gridBody(await gridLines(db, filter, format), format);
}

/** The `{"lineItems":[...]}` body around DTO JSON texts. */
export function lineItemsBody(jsons: readonly string[]): string {
  return `{"lineItems":[${jsons.join(',')}]}`;
}

const columnsJson = (columns: readonly string[]) => JSON.stringify(columns);
const ROWS_HEAD = `{"employees":{"columns":${columnsJson(EMPLOYEE_ROW_COLUMNS)},"rows":[`;
const ROWS_MIDDLE = `]},"proposed":{"columns":${columnsJson(PROPOSED_ROW_COLUMNS)},"rows":[`;

/**
 * The body of GET /line-items/budget around grid rows in grid order (rows of the format): the
 * object form, or the compact one (schemas lineItemRowsResponse) with employee lines, then proposed.
 */
export function gridBody(rows: readonly GridRow[], format: LineItemsFormat): string {
  if (format === 'objects') {
    return lineItemsBody(rows.map((r) => r.json));
  }
  const employees: string[] = [];
  const proposed: string[] = [];
  for (const row of rows) {
    (row.isOperating ? employees : proposed).push(row.json);
  }
  return `${ROWS_HEAD}${employees.join(',')}${ROWS_MIDDLE}${proposed.join(',')}]}}`;
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
  // The same rule as the dashboard's count (./needs-review.ts), so the two always agree.
  const { where, bindings } = needsReviewWhere(budgetYearId, fiscalYear);
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

const KEY_COLUMNS = [
  'id',
  'budget_year_id',
  'fiscal_year',
  'is_operating',
  'employee_status',
  'current_salary',
  'next_year_salary',
  'next_year_salary_manual',
  'scenario_id',
] as const;

/**
 * Locks and returns the listed lines (FOR UPDATE), in id order; missing ids are simply absent. A
 * projected line stored in projected_lines is locked there and read through line_items_all (the
 * line writer moves it into line_items before changing it).
 */
export async function lockLines(db: Db, ids: readonly number[]): Promise<LineKeyRow[]> {
  const stored = await db<LineKeyRow>('line_items')
    .select(...KEY_COLUMNS)
    .whereIn('id', [...ids])
    .orderBy('id')
    .forUpdate();
  const found = new Set(stored.map((r) => r.id));
  const rest = ids.filter((id) => !found.has(id));
  if (!rest.length) {
    return stored;
  }
  const lean: { id: number }[] = await db('projected_lines').whereIn('id', rest).forUpdate().select('id');
  if (!lean.length) {
    return stored;
  }
  const projected = await db<LineKeyRow>('line_items_all')
    .select(...KEY_COLUMNS)
    .whereIn(
      'id',
      lean.map((r) => r.id),
    );
  return [...stored, ...projected].sort((a, b) => a.id - b.id);
}

export type { EmployeeLineItem, ProposedLineItem };
