import { EMPLOYEE_ROW_COLUMNS, PROPOSED_ROW_COLUMNS } from '@shared/schemas/line-item-rows';

/**
 * The SQL of the line-item DTOs, both forms from one field list: the object form (row_to_json over
 * columns aliased to their camelCase names) and the grids' compact form (a JSON array of the same
 * fields in the order of schemas/line-item-rows.ts). queries/line-items.ts reads lines with them.
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
  ['oneTime', 'li.one_time', 'flag'],
  ['fundId', 'li.fund_id', 'int'],
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

export const EMPLOYEE_COLUMNS = EMPLOYEE_FIELDS.map(objectColumn).join(', ');
export const PROPOSED_COLUMNS = PROPOSED_FIELDS.map(objectColumn).join(', ');
export const EMPLOYEE_ROW = rowArray(EMPLOYEE_FIELDS, EMPLOYEE_ROW_COLUMNS);
export const PROPOSED_ROW = rowArray(PROPOSED_FIELDS, PROPOSED_ROW_COLUMNS);

/** The lines with the building and category the DTOs name. */
export const FROM = `line_items_all li
  LEFT JOIN buildings b ON b.id = li.building_id
  LEFT JOIN budget_categories c ON c.id = li.category_id`;
