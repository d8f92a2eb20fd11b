import type { ImportType } from '@shared/schemas/import';
import { fiscalYearLabel } from '@shared/budget-math';
import type { FundMatcher } from './fund-match';
import { cellText, normalizeLabel, type Cell } from './cells';
import type { BuildingMatcher, CategoryMatcher, WorkGroupMatcher } from './match';
import type { CrosswalkImport, CrosswalkRowHit } from './crosswalk';
import { reviewCausesOf } from '@server/lib/review-causes';
import { parseMoney } from './money';
import { parseFiscalYearCell, parseText } from './values';

/**
 * Shared parts of turning a file row into a line_items row: the COPY column list, the context a
 * row is read in, and the rules for rows that are skipped (totals, repeated headers).
 */

/** The line_items columns an import writes, in COPY order (both kinds use the same list). */
export const COPY_COLUMNS = [
  'budget_year_id',
  'scenario_id',
  'version_id',
  'fiscal_year',
  'is_operating',
  'first_name',
  'last_name',
  'position',
  'current_salary',
  'next_year_salary',
  'next_year_salary_manual',
  'current_fte',
  'location_code',
  'department',
  'work_group_id',
  'work_group',
  'job_class',
  'hire_date',
  'date_of_departure',
  'employee_status',
  'account_description',
  'name',
  'account_line',
  'dese_categories',
  'amount',
  'dese_code',
  'category_id',
  'building_id',
  'notes',
  'metadata',
  'import_run_id',
  'fund_id',
] as const;

export type CopyColumn = (typeof COPY_COLUMNS)[number];
export type LineValues = Partial<Record<CopyColumn, string | null>>;

export interface TransformContext {
  type: ImportType;
  /** Column index of each mapped field. */
  mapping: ReadonlyMap<string, number>;
  /** Field labels for warnings ('Current Salary'). */
  labels: Readonly<Record<string, string>>;
  /** Columns whose values are appended to notes as 'Column: value'. */
  noteColumns: readonly { name: string; index: number }[];
  /** Normalized header names of the mapped columns, to spot a header repeated mid-file. */
  headerNames: ReadonlyMap<number, string>;
  /** budget_year_id, scenario_id, version_id and import_run_id as text, and the default fiscal year. */
  fixed: { budgetYearId: string; scenarioId: string | null; versionId: string | null; importRunId: string };
  defaultFiscalYear: number;
  buildings: BuildingMatcher;
  categories: CategoryMatcher;
  workGroups: WorkGroupMatcher;
  /** The district's funds: a Fund column or (budget imports) the account string's fund segment. */
  funds?: FundMatcher;
  /** The position crosswalk (operating imports): fills what a row lacks from the rules. */
  crosswalk?: CrosswalkImport;
  /** Leave out rows whose filled building cell names none of the district's buildings. */
  onlyDistrictBuildings?: boolean;
}

/**
 * A row's amount (the salary of an employee line, the amount of a proposed line) for the
 * reconciliation: the file's exact value and what the line stores, with the reason they differ.
 */
export interface RowMoney {
  /** The file's value, exactly (more than two decimals kept); null when blank or unreadable. */
  file: string | null;
  /** What the line stores; null for nothing. */
  stored: string | null;
  /** Why `stored` differs from `file`. */
  reason?: string;
  /** The cell held something that is not an amount (the row carries a warning). */
  unreadable?: boolean;
  /** An open position's salary: its vacant position holds it as a rate, no line does. */
  held?: boolean;
}

export type RowOutcome =
  | { kind: 'blank' }
  | {
      kind: 'skip';
      reason: string;
      /** The amount a skipped row carries, exactly (null when none). */
      amount?: string | null;
      /** Set on total rows: their label. Their amounts are compared with the import, never summed. */
      totalLabel?: string;
      /** Set on rows left out for their building (onlyDistrictBuildings): the building cell's text. */
      leftOut?: string;
    }
  | {
      kind: 'line';
      values: LineValues;
      warnings: string[];
      name: string;
      fiscalYear: number;
      money: RowMoney;
      /** What the position crosswalk gave the row (the preview shows it). */
      crosswalk?: CrosswalkRowHit | null;
    };

/** The exact amount in a row's money cell (null when blank or not an amount), for skipped rows. */
export function exactAmount(cell: Cell): string | null {
  const parsed = parseMoney(cell);
  return parsed.exact ?? parsed.value;
}

/**
 * A money field read for a line, with a warning when it cannot be read and when more than two
 * decimals were rounded to the cent (the original and the rounded value, so a person can check).
 */
export function moneyField(
  ctx: TransformContext,
  cells: readonly Cell[],
  field: string,
  warnings: string[],
): RowMoney {
  const cell = fieldCell(ctx, cells, field);
  const parsed = parseMoney(cell);
  if (parsed.problem) {
    warnings.push(problemText(ctx, field, cell, parsed.problem));
    return { file: null, stored: null, unreadable: true };
  }
  if (parsed.exact !== undefined) {
    warnings.push(`${problemText(ctx, field, cell, 'has more than 2 decimals')}; rounded to ${parsed.value}`);
    return { file: parsed.exact, stored: parsed.value, reason: 'rounded to the cent' };
  }
  return { file: parsed.value, stored: parsed.value };
}

/** The cell a field is mapped to in this row (null when the field is not mapped). */
export function fieldCell(ctx: TransformContext, cells: readonly Cell[], field: string): Cell {
  const index = ctx.mapping.get(field);
  return index === undefined ? null : (cells[index] ?? null);
}

/** A text field, with a warning when it had to be cut short. */
export function textField(ctx: TransformContext, cells: readonly Cell[], field: string, warnings: string[]) {
  const { value, truncated } = parseText(fieldCell(ctx, cells, field));
  if (truncated) {
    warnings.push(`${ctx.labels[field]} was longer than 500 characters and was shortened`);
  }
  return value;
}

/** "Current Salary '$12,x' is not an amount": the warning text for a value that could not be read. */
export function problemText(ctx: TransformContext, field: string, cell: Cell, problem: string): string {
  const raw = cellText(cell);
  return `${ctx.labels[field]} '${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}' ${problem}`;
}

const TOTAL_WORDS = /^(grand\s+|sub-?)?totals?$/i;
const TOTAL_PREFIX = /^(GRAND\s+|SUB-?)?TOTALS?\b|^(grand\s+|sub-?)?totals?\s*[:\u2013-]/;
const TOTAL_SUFFIX = /\s(sub-?)?totals?$/i;

/** 'TOTAL', 'Grand Total', 'TOTAL EXPENSES', 'Total:', 'School Total'; not 'Total Care Services'. */
export function isTotalLabel(text: string): boolean {
  const t = text.trim();
  return TOTAL_WORDS.test(t) || TOTAL_PREFIX.test(t) || TOTAL_SUFFIX.test(t);
}

/** A page header repeated in the data (exports often print one per page). */
export function isRepeatedHeader(ctx: TransformContext, cells: readonly Cell[]): boolean {
  let same = 0;
  for (const [index, name] of ctx.headerNames) {
    const cell = cells[index];
    // A cheap length test first: this runs on every row of the file.
    if (
      name &&
      typeof cell === 'string' &&
      Math.abs(cell.length - name.length) <= 4 &&
      normalizeLabel(cell) === name
    ) {
      same += 1;
    }
  }
  return same >= 2 || (same === 1 && ctx.headerNames.size === 1);
}

/** Notes: the Notes field, then each note column as 'Column: value', joined by '; '. */
export function buildNotes(ctx: TransformContext, cells: readonly Cell[], warnings: string[]): string | null {
  const parts: string[] = [];
  const notes = textField(ctx, cells, 'notes', warnings);
  if (notes) {
    parts.push(notes);
  }
  for (const { name, index } of ctx.noteColumns) {
    const { value } = parseText(cells[index] ?? null);
    if (value) {
      parts.push(`${name}: ${value}`);
    }
  }
  const joined = parts.join('; ');
  return joined ? joined.slice(0, 4000) : null;
}

const QUOTES = /"/g;

/** One COPY line in CSV format: NULL is an empty unquoted field, every value is quoted. */
export function copyLine(values: LineValues): string {
  // The fields joined once: appending to one string made a chain of pieces per row that the
  // garbage collector then walked and the COPY flattened (a third of a large import's own time).
  const fields = new Array<string>(COPY_COLUMNS.length);
  for (let i = 0; i < COPY_COLUMNS.length; i += 1) {
    const v = values[COPY_COLUMNS[i]];
    fields[i] =
      v === null || v === undefined ? '' : v.indexOf('"') >= 0 ? `"${v.replace(QUOTES, '""')}"` : `"${v}"`;
  }
  return `${fields.join(',')}\n`;
}

/** The row's fiscal year: its own Fiscal Year cell when mapped and readable, else the default. */
export function rowFiscalYear(ctx: TransformContext, cells: readonly Cell[], warnings: string[]): number {
  const cell = fieldCell(ctx, cells, 'fiscalYear');
  const parsed = parseFiscalYearCell(cell);
  if (parsed.problem) {
    warnings.push(
      `${problemText(ctx, 'fiscalYear', cell, parsed.problem)}; ${fiscalYearLabel(ctx.defaultFiscalYear)} used`,
    );
  }
  return parsed.value ?? ctx.defaultFiscalYear;
}

/** 'District Wide' (the app's name for no building, in its grids and exports). */
export function isDistrictWide(text: string): boolean {
  return /^district[\s-]*wide$/i.test(text.trim());
}

/** A row's building: its id as text (null = District Wide), and the cell's text when it names none. */
export interface RowPlace {
  id: string | null;
  unmatched: string | null;
}

/**
 * The building a location cell names (one lookup in the matcher); 'District Wide' itself is no
 * building, unless the district has a building of that name, and is not unmatched either.
 */
export function placeOf(ctx: TransformContext, location: string | null): RowPlace {
  if (!location) {
    return { id: null, unmatched: null };
  }
  const id = ctx.buildings.match(location);
  if (id !== null) {
    return { id: String(id), unmatched: null };
  }
  return { id: null, unmatched: isDistrictWide(location) ? null : location };
}

/** The building_id a line stores, with a warning when its cell matches no building. */
export function rowBuilding(place: RowPlace, warnings: string[]): string | null {
  if (place.unmatched !== null) {
    warnings.push(`Building '${place.unmatched}' matches no building; left as District Wide`);
  }
  return place.id;
}

/**
 * The metadata every imported line carries: the review flag, the warnings and the causes they name
 * (a flag for a fixable cause clears itself once fixed: server/lib/review-causes.ts), and its row.
 */
export function metadataJson(
  warnings: readonly string[],
  row: number,
  fundNamed = false,
  vacancy = false,
): string {
  // Most rows are clean: a template, not a JSON.stringify per row. An open position always has its
  // warning, so it is never a clean row.
  return warnings.length
    ? JSON.stringify({
        needsReview: true,
        importWarnings: warnings,
        reviewCauses: reviewCausesOf(warnings),
        importRow: row,
        ...(fundNamed ? { fundNamed } : {}),
        ...(vacancy ? { vacancy } : {}),
      })
    : `{"needsReview":false,"importWarnings":[],"importRow":${row}${fundNamed ? ',"fundNamed":true' : ''}}`;
}
