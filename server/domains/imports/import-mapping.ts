import { validationFailed, type IssueDetail } from '@server/errors';
import { cellText, normalizeLabel, type SourceRow } from '@server/lib/import/cells';
import {
  notAmountColumns,
  notAmountsProblems,
  requiredFieldsText,
  type NotAmounts,
} from '@shared/import-words';
import { fieldsFor, SKIP, type ImportField, type ImportKindName } from '@shared/schemas/import';
import { LEDGER_FIELDS, LEDGER_IMPORT_TYPE } from '@shared/schemas/ledger-import';

/**
 * The fields an import kind maps, which of them it requires, and what its refusal of an unmapped
 * required field says besides naming them.
 */
export interface MappingRule {
  fields: readonly ImportField[];
  requiredHint?: string;
}

/** The mapping rule of each kind of import: the payroll's and the budget's fields, or the ledger's. */
export function mappingRule(kind: ImportKindName): MappingRule {
  return kind === LEDGER_IMPORT_TYPE
    ? { fields: LEDGER_FIELDS, requiredHint: 'A ledger file needs an account column and its amounts.' }
    : { fields: fieldsFor(kind) };
}

/** A confirmed mapping turned into column positions. */
export interface ResolvedMapping {
  /** Column index per mapped field. */
  fields: Map<string, number>;
  /** What is saved for this layout: every field, null when skipped. */
  columnMappings: Record<string, string | null>;
  noteColumns: { name: string; index: number }[];
  labels: Record<string, string>;
  /** Normalized header names of the mapped columns (to spot a header repeated in the data). */
  headerNames: Map<number, string>;
}

const skipped = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' || value === SKIP;

/**
 * Checks a mapping against the file's columns and the import kind's fields, for every kind: unknown
 * fields, columns the file does not have and unknown note columns are refused with every problem
 * listed (400); unmapped required fields give 'Please map required fields: ...'.
 */
export function resolveMapping(
  type: ImportKindName,
  columns: readonly string[],
  columnMappings: Record<string, string | null>,
  noteColumns: readonly string[] = [],
): ResolvedMapping {
  const { fields, requiredHint } = mappingRule(type);
  const known = new Set(fields.map((f) => f.field));
  const index = new Map(columns.map((c, i) => [c, i]));
  const details: IssueDetail[] = [];
  for (const [field, column] of Object.entries(columnMappings)) {
    if (!known.has(field)) {
      details.push({ path: `columnMappings.${field}`, message: `Unknown field for a ${type} import` });
    } else if (!skipped(column) && !index.has(column!)) {
      details.push({ path: `columnMappings.${field}`, message: `The file has no column named '${column}'` });
    }
  }
  noteColumns.forEach((column, i) => {
    if (!index.has(column)) {
      details.push({ path: `noteColumns.${i}`, message: `The file has no column named '${column}'` });
    }
  });
  if (details.length) {
    throw validationFailed(details);
  }
  const missing = fields.filter((f) => f.required && skipped(columnMappings[f.field]));
  if (missing.length) {
    throw validationFailed(
      missing.map((f) => ({ path: `columnMappings.${f.field}`, message: 'Required' })),
      `${requiredFieldsText(missing.map((f) => f.label))}${requiredHint ? `. ${requiredHint}` : ''}`,
    );
  }
  const resolved: ResolvedMapping = {
    fields: new Map(),
    columnMappings: {},
    noteColumns: noteColumns.map((name) => ({ name, index: index.get(name)! })),
    labels: Object.fromEntries(fields.map((f) => [f.field, f.label])),
    headerNames: new Map(),
  };
  for (const { field } of fields) {
    const column = columnMappings[field];
    if (skipped(column)) {
      resolved.columnMappings[field] = null;
      continue;
    }
    const i = index.get(column!)!;
    resolved.fields.set(field, i);
    resolved.columnMappings[field] = column!;
    // Generated names ('Column C') never repeat in data, so only real header text is compared.
    if (!/^Column [A-Z]+$/.test(column!)) {
      resolved.headerNames.set(i, normalizeLabel(column!.replace(/ \(\d+\)$/, '')));
    }
  }
  return resolved;
}

/** The columns none of whose first rows' values reads as an amount (shared/import-words.ts). */
export function notAmountsOf(columns: readonly string[], rows: readonly SourceRow[]): NotAmounts {
  return notAmountColumns(
    columns,
    rows.map((r) => ({ row: r.n, cells: columns.map((_, i) => cellText(r.cells[i] ?? null)) })),
  );
}

/**
 * An amount field (the payroll's salary, the budget's amount, the ledger's amounts) mapped to a
 * column none of whose first values is an amount ('TBD' all the way down) is refused with what is
 * wrong, not as unmapped: 'Amount is mapped to column "Budget", but its values are not amounts (row
 * 2: "TBD")'. A column with some amounts imports, its unreadable rows warned one by one (a ledger
 * row's set aside). The analysis sends the same columns for the Map step to say it first.
 */
export function refuseUnreadableAmounts(
  type: ImportKindName,
  mapping: ResolvedMapping,
  columns: readonly string[],
  rows: readonly SourceRow[],
): void {
  const problems = notAmountsProblems(
    mappingRule(type).fields,
    mapping.columnMappings,
    notAmountsOf(columns, rows),
  );
  if (problems.length) {
    throw validationFailed(
      problems.map((p) => ({ path: `columnMappings.${p.field}`, message: p.message })),
      problems.map((p) => p.message).join('; '),
    );
  }
}
