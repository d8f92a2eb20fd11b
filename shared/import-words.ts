import { fiscalYearLabel } from '@shared/budget-math';
import { formatDateTime } from '@shared/day-words';
import { formatMoney, formatNumber, parseWrittenMoney } from '@shared/money';
import type { ImportResult, ImportType } from '@shared/schemas/import';
import { LEDGER_AMOUNT_FIELDS } from '@shared/schemas/ledger-import';

/**
 * 'FY26 already has 504 employees ($35,312,345): these 200 rows are added to them, not in their
 * place.', or null when the year holds none. An import replaces only projected lines, so a year's
 * stored lines stay and the file's join them: the count of rows alone read as a replacement (QA's
 * 200-row payroll took FY26 from 504 employees to 704). The wizard's preview and the CLI say it.
 */
export function addedToYearText(
  result: Pick<ImportResult, 'alreadyStored' | 'fiscalYears' | 'imported'>,
  importType: ImportType,
): string | null {
  const held = result.alreadyStored;
  // Rows a Fiscal Year column sends to other years only are not added to this one.
  if (!held.count || !result.fiscalYears.includes(held.fiscalYear)) {
    return null;
  }
  const fy = fiscalYearLabel(held.fiscalYear);
  const noun = importType === 'operating' ? 'employee' : 'budget line';
  const rows =
    result.fiscalYears.length === 1
      ? `these ${formatNumber(result.imported)} row${result.imported === 1 ? ' is' : 's are'}`
      : `this file's ${fy} rows are`;
  return (
    `${fy} already has ${formatNumber(held.count)} ${noun}${held.count === 1 ? '' : 's'} ` +
    `(${formatMoney(held.total)}): ${rows} added to them, not in their place.`
  );
}

/**
 * 'Next-year salaries: 6,845 computed by the automatic rule, 0 kept from the file. Of the 25,530
 * rows, the rule flags 24,417 for review: ...', or null when the rule saw no row. The rule's flags
 * are a share of all the rows, not a third group beside the two: a row computed at 0% COLA is both
 * computed and flagged, and '6,845 by the automatic rule ... 24,417 flagged' read as more rows
 * than the file had. The wizard's preview and result and the CLI's summary say it.
 */
export function nextYearSalariesText(
  result: Pick<ImportResult, 'imported' | 'nextYearSalaries'>,
): string | null {
  const n = result.nextYearSalaries;
  if (!n.automatic && !n.manual && !n.flagged) {
    return null;
  }
  const flagged = n.flagged
    ? ` Of the ${formatNumber(result.imported)} rows, the rule flags ${formatNumber(n.flagged)} for review: no work group, so none computed, or computed at 0% COLA.`
    : '';
  return (
    `Next-year salaries: ${formatNumber(n.automatic)} computed by the automatic rule, ` +
    `${formatNumber(n.manual)} kept from the file.${flagged}`
  );
}

/** An earlier import of byte-identical file, as an analysis lists it. */
export interface EarlierImport {
  createdAt: string;
  user: string | null;
  importedCount: number;
  budgetYearId?: number | null;
  budgetYear?: string | null;
  /** The fiscal year its lines went to (the version's, or where a Fiscal Year column sent them). */
  fiscalYear?: number | null;
}

/**
 * The earlier imports of the same bytes into one budget year's fiscal year(s) (the analysis lists
 * every year's): the same payroll into FY28 of a budget year that plans FY26-FY28 adds FY28's lines,
 * it does not repeat its FY26 import. The years are where the rows go (the dry run's fiscalYears):
 * a Fiscal Year column may send them elsewhere than the version's year.
 */
export const importsInto = <T extends EarlierImport>(
  previous: readonly T[],
  budgetYearId: number,
  fiscalYears: number | readonly number[],
): T[] => {
  const years: readonly number[] = typeof fiscalYears === 'number' ? [fiscalYears] : fiscalYears;
  return previous.filter(
    (p) => p.budgetYearId === budgetYearId && p.fiscalYear != null && years.includes(p.fiscalYear),
  );
};

/** Where an earlier import went: 'FY26', or 'FY28 of budget year FY26' when its fiscal year is another. */
export function importedIntoText(p: EarlierImport): string {
  const fy = p.fiscalYear ? fiscalYearLabel(p.fiscalYear) : null;
  if (!p.budgetYear) {
    return fy ?? 'this budget year';
  }
  return fy && fy !== p.budgetYear ? `${fy} of budget year ${p.budgetYear}` : p.budgetYear;
}

const earlierRun = (p: EarlierImport) =>
  `on ${formatDateTime(p.createdAt)} by ${p.user ?? 'an unknown user'} (${formatNumber(p.importedCount)} line${p.importedCount === 1 ? '' : 's'})`;

/**
 * 'This file was imported into FY26 on Nov 3, 2026, 3:00 PM by finance@example.org (412 lines); importing
 * it again adds them a second time.' A payroll's or a budget's lines are added beside the year's,
 * never in their place, so the same bytes twice count every line twice: the wizard's confirm step,
 * the API's refusal (ALREADY_IMPORTED) and the CLI say it with these words.
 */
export function repeatImportText(previous: readonly EarlierImport[]): string {
  const year = previous[0] ? importedIntoText(previous[0]) : 'this budget year';
  const runs = previous.map(earlierRun).join(' and ');
  return `This file was imported into ${year} ${runs}; importing it again adds them a second time.`;
}

/** The code of the 409 that refuses the same file of the same kind into the same budget year and fiscal year again. */
export const ALREADY_IMPORTED = 'ALREADY_IMPORTED';

const REQUIRED_FIELDS = 'Please map required fields:';

/** 'Please map required fields: Last Name, Current Salary': a required field left unmapped. */
export const requiredFieldsText = (labels: readonly string[]) => `${REQUIRED_FIELDS} ${labels.join(', ')}`;

/** Whether a refusal's message is requiredFieldsText's (a hint may follow), as the CLI's `--map` reads it. */
export const isRequiredFieldsText = (message: string) => message.startsWith(REQUIRED_FIELDS);

/**
 * The amounts a row is read by, whose column must hold some: the payroll's Current Salary and its
 * optional Next Year Salary (a column of 'TBD' was warned row by row, every employee left to the
 * automatic rule), the budget's Amount and the ledger's five stored amounts (original, transfers,
 * revised, expended, encumbered; a ledger row whose amount is text is set aside, so a column of
 * text set every row aside and the import blamed the account pattern).
 */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'currentSalary',
  'nextYearSalary',
  'amount',
  ...LEDGER_AMOUNT_FIELDS,
]);

/**
 * The first value of a mapped amount column when none of its values (the first rows) reads as an
 * amount, or null when one does or the column is blank: a column of 'TBD' is mapped but unreadable,
 * which is not the same mistake as leaving the field unmapped. Read by the one parser of written
 * money, as the import reads each row.
 */
export function unreadableAmounts(
  values: Iterable<{ row: number; text: string }>,
): { row: number; text: string } | null {
  let first: { row: number; text: string } | null = null;
  for (const value of values) {
    const parsed = parseWrittenMoney(value.text);
    if (parsed.value !== null) {
      return null;
    }
    if (parsed.problem && !first) {
      first = value;
    }
  }
  return first;
}

/** 'Amount is mapped to column "Budget", but its values are not amounts (row 2: "TBD")'. */
export function notAmountsText(label: string, column: string, first: { row: number; text: string }): string {
  const text = first.text.length > 40 ? `${first.text.slice(0, 40)}…` : first.text;
  return `${label} is mapped to column "${column}", but its values are not amounts (row ${first.row}: "${text}")`;
}

/** The first value of each column none of whose first values reads as an amount, by column. */
export type NotAmounts = Record<string, { row: number; text: string }>;

/**
 * The columns of the first rows (cells as text) none of whose values reads as an amount, each with
 * its first value: the analysis sends them so the Map step can say what the import would refuse,
 * and the import reads the same rows again (unreadableAmounts).
 */
export function notAmountColumns(
  columns: readonly string[],
  rows: readonly { row: number; cells: readonly string[] }[],
): NotAmounts {
  const found: NotAmounts = {};
  columns.forEach((column, i) => {
    const first = unreadableAmounts(rows.map((r) => ({ row: r.row, text: r.cells[i] ?? '' })));
    if (first) {
      found[column] = first;
    }
  });
  return found;
}

/**
 * The amount fields (AMOUNT_FIELDS) mapped to a column of NotAmounts, each with its words: what the
 * import refuses (import-mapping.ts) and the wizard's Map step says before it is asked.
 */
export function notAmountsProblems(
  fields: readonly { field: string; label: string }[],
  mapping: Readonly<Record<string, string | null | undefined>>,
  notAmounts: Readonly<NotAmounts>,
): { field: string; message: string }[] {
  return fields.flatMap(({ field, label }) => {
    const column = mapping[field];
    if (!column || !AMOUNT_FIELDS.has(field) || !Object.hasOwn(notAmounts, column)) {
      return [];
    }
    return [{ field, message: notAmountsText(label, column, notAmounts[column]) }];
  });
}
