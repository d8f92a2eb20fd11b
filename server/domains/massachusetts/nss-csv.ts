import { parse } from 'csv-parse/sync';
import { validationFailed, type IssueDetail } from '@server/errors';
import { parseWrittenMoney, ungroupedDecimal, unitsOf } from '@shared/money';
import { fiscalYearLabel } from '@shared/budget-math';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import {
  EOYR_CODE,
  FIGURES,
  sourceKey,
  stateFiguresBody,
  type FigureKey,
  type StateFiguresInput,
  MAX_MUNICIPAL_LINES,
} from '@shared/schemas/nss';

/**
 * The state figures as a CSV file, one row per fiscal year (docs/MASSACHUSETTS.md):
 *
 *   fiscal_year, foundation_enrollment, foundation_budget, required_local_contribution,
 *   chapter70_aid, required_nss            required
 *   carry_forward                          optional (DESE's sign: negative is a shortfall carried in)
 *   source                                 optional, the source note of every figure of the row
 *   <figure>_source                        optional, one figure's own source note
 *   municipal_<line>, municipal_<line>_source   optional, the town's spending on an EOYR line (5200)
 *
 * Amounts as finance offices write them ('$1,234,567.00', '(120,000)'). A file with a column
 * missing or one not listed, or a value that cannot be read, is refused as a whole with every
 * problem named (row and column); nothing is written.
 */

const REQUIRED = ['fiscal_year', ...FIGURES.filter((f) => f.key !== 'carryForward').map((f) => f.column)];
const FIGURE_BY_COLUMN = new Map<string, FigureKey>(FIGURES.map((f) => [f.column, f.key]));
const MUNICIPAL = /^municipal_(\d+)(_source)?$/;

/**
 * The widest file read: fiscal_year and source, each figure with its own source note, and each
 * municipal line a year may have with its own. A wider header is refused as soon as it is read,
 * before any row: 9,006 columns held the server for seconds before their refusal.
 */
export const MAX_FIGURE_COLUMNS = 2 + 2 * FIGURES.length + 2 * MAX_MUNICIPAL_LINES;

function known(column: string): boolean {
  if (column === 'fiscal_year' || column === 'source' || FIGURE_BY_COLUMN.has(column)) {
    return true;
  }
  if (column.endsWith('_source') && FIGURE_BY_COLUMN.has(column.slice(0, -'_source'.length))) {
    return true;
  }
  const m = MUNICIPAL.exec(column);
  return m !== null && EOYR_CODE.test(m[1]);
}

function readCsv(text: string, options: { to?: number } = {}): string[][] {
  try {
    return parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false, ...options });
  } catch (err) {
    throw validationFailed([
      { path: 'csv', message: `The file is not a readable CSV: ${(err as Error).message}` },
    ]);
  }
}

/**
 * The header, read alone and checked before any row is: its width first, then its columns. Each
 * column is looked up in a Map from then on (a search of the header per cell grew with the square
 * of the columns).
 */
function readHeader(text: string): { header: string[]; columnIndex: Map<string, number> } {
  const [first] = readCsv(text, { to: 1 });
  if (!first) {
    throw validationFailed([
      { path: 'csv', message: 'The file is empty: the first row must name the columns' },
    ]);
  }
  if (first.length > MAX_FIGURE_COLUMNS) {
    throw validationFailed([
      {
        path: 'csv',
        message:
          `The header has ${first.length.toLocaleString('en-US')} columns; a state-figures file has at most ` +
          `${MAX_FIGURE_COLUMNS} (fiscal_year, source, each figure and its source note, and ` +
          `${MAX_MUNICIPAL_LINES} municipal lines with theirs)`,
      },
    ]);
  }
  const header = first.map((h) => h.trim().toLowerCase());
  const columnIndex = new Map<string, number>();
  const twice = new Set<string>();
  header.forEach((h, i) => (columnIndex.has(h) ? twice.add(h) : columnIndex.set(h, i)));
  const issues: IssueDetail[] = [];
  const unknown = header.filter((h) => !known(h));
  if (unknown.length) {
    issues.push({
      path: 'csv',
      message: `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
    });
  }
  const missing = REQUIRED.filter((c) => !columnIndex.has(c));
  if (missing.length) {
    issues.push({
      path: 'csv',
      message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    });
  }
  if (twice.size) {
    issues.push({ path: 'csv', message: `Column given twice: ${[...twice].join(', ')}` });
  }
  if (issues.length) {
    throw validationFailed(issues);
  }
  return { header, columnIndex };
}

export interface CsvYear {
  fiscalYear: number;
  input: StateFiguresInput;
}

/** The years of a state-figures CSV, checked as the API checks a PUT; throws 400 naming every problem. */
export function parseFiguresCsv(text: string): CsvYear[] {
  const csv = text.replace(/^\uFEFF/, '');
  const { header, columnIndex } = readHeader(csv);
  const records = readCsv(csv);
  if (records.length < 2) {
    throw validationFailed([{ path: 'csv', message: 'The file has no rows of figures under its header' }]);
  }
  const municipalColumns = header
    .map((h) => MUNICIPAL.exec(h))
    .filter((m): m is RegExpExecArray => m !== null && m[2] === undefined);
  const issues: IssueDetail[] = [];
  const reported = new Set<string>();
  const report = (path: string, message: string) => {
    issues.push({ path, message });
    reported.add(path);
  };
  const years: CsvYear[] = [];
  const seen = new Set<number>();
  records.slice(1).forEach((cells, i) => {
    const rowNo = i + 2;
    const at = (column: string) => `row ${rowNo}, ${column}`;
    const cell = (column: string) => {
      const position = columnIndex.get(column);
      return position === undefined ? '' : (cells[position]?.trim() ?? '');
    };
    const fiscalYear = parseFiscalYear(cell('fiscal_year'));
    if (fiscalYear === null) {
      report(at('fiscal_year'), `Not a fiscal year: ‘${cell('fiscal_year')}’`);
      return;
    }
    if (seen.has(fiscalYear)) {
      report(at('fiscal_year'), `${fiscalYearLabel(fiscalYear)} is in the file twice`);
      return;
    }
    seen.add(fiscalYear);
    const money = (column: string): number | undefined => {
      const written = parseWrittenMoney(cell(column));
      if (written.problem || written.exact) {
        report(
          at(column),
          written.exact
            ? `‘${cell(column)}’ has more than 2 decimals`
            : `‘${cell(column)}’ ${written.problem ?? 'is not an amount'}`,
        );
        return undefined;
      }
      return written.value === null ? undefined : Number(written.value);
    };
    const source = (column: string) => cell(`${column}_source`) || cell('source') || null;
    // Thousands grouped by three as a count is written ('1,500'); a misplaced comma ('1,50,0') is
    // refused, not read as 1500. A minus sign is left for the schema to refuse by its own words.
    const enrollmentText = cell('foundation_enrollment');
    const sign = enrollmentText.startsWith('-') ? '-' : '';
    const digits = ungroupedDecimal(enrollmentText.slice(sign.length));
    const enrollment = digits === null ? Number.NaN : Number(`${sign}${digits}`);
    if (digits === null || unitsOf(digits, 2) === null) {
      report(
        at('foundation_enrollment'),
        `‘${enrollmentText}’ is not a number of pupils (1500 or 1,500, at most 2 decimals)`,
      );
    }
    const values: Record<string, unknown> = { foundationEnrollment: enrollment };
    for (const f of FIGURES) {
      if (f.key !== 'foundationEnrollment' && columnIndex.has(f.column)) {
        values[f.key] = money(f.column);
      }
      values[sourceKey(f.key)] = source(f.column);
    }
    const municipal = municipalColumns
      .filter((m) => cell(m[0]) !== '')
      .map((m) => ({ eoyrCode: m[1], amount: money(m[0]), source: source(m[0]) }));
    const parsed = stateFiguresBody.safeParse({ ...values, municipal });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [key, index] = issue.path;
        const column =
          key === 'municipal' && typeof index === 'number'
            ? `municipal_${municipal[index].eoyrCode}`
            : (FIGURES.find((f) => f.key === key)?.column ?? String(key));
        // An amount already refused above (unreadable) is not reported again as missing.
        if (!reported.has(at(column))) {
          const written = cell(column);
          report(at(column), written ? `${issue.message} (‘${written}’)` : issue.message);
        }
      }
      return;
    }
    years.push({ fiscalYear, input: parsed.data });
  });
  if (issues.length) {
    throw validationFailed(issues);
  }
  return years;
}
