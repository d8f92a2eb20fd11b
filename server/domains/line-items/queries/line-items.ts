import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { AnyLineItem, EmployeeLineItem, ProposedLineItem } from '@shared/schemas/line-items';
import { EMPLOYEE_ROW_COLUMNS, PROPOSED_ROW_COLUMNS } from '@shared/schemas/line-item-rows';
import { EMPLOYEE_COLUMNS, EMPLOYEE_ROW, FROM, PROPOSED_COLUMNS, PROPOSED_ROW } from './line-item-dto-sql';
import { activeScope } from '@server/sql/line-items-scope';
import { gridSignature } from './line-items-signature';
import { needsReviewWhere } from './needs-review';

/**
 * Reading line items. The line-item DTOs are built by PostgreSQL (row_to_json over columns
 * aliased to their camelCase names: compact JSON, one text per row): a budget of 50,000 employee
 * lines reaches the client as text that Node only joins, never parses or re-serialises. Every other
 * read (one line, a bulk audit) uses the same select lists, so the DTO is defined exactly once.
 * The grids read the compact form (`format=rows`, schemas/line-item-rows.ts): each line a JSON
 * array of the same fields, built from the same list (./line-item-dto-sql.ts).
 */

export { lockLines, type LineKeyRow } from './line-locks';

/** The two forms of GET /line-items/budget: `{ lineItems: [{...}] }`, or the grids' compact one. */
export type LineItemsFormat = 'objects' | 'rows';

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

export type { EmployeeLineItem, ProposedLineItem };
