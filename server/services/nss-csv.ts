import { parse } from 'csv-parse/sync';
import { validationFailed, type IssueDetail } from '@server/errors';
import { parseWrittenMoney, unitsOf } from '@server/lib/money';
import { parseFiscalYear } from '@server/schemas/fiscal-year';
import {
  EOYR_CODE,
  FIGURES,
  sourceKey,
  stateFiguresBody,
  type FigureKey,
  type StateFiguresInput,
} from '@server/schemas/nss';

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

export interface CsvYear {
  fiscalYear: number;
  input: StateFiguresInput;
}

/** The years of a state-figures CSV, checked as the API checks a PUT; throws 400 naming every problem. */
export function parseFiguresCsv(text: string): CsvYear[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    });
  } catch (err) {
    throw validationFailed([
      { path: 'csv', message: `The file is not a readable CSV: ${(err as Error).message}` },
    ]);
  }
  if (!records.length) {
    throw validationFailed([
      { path: 'csv', message: 'The file is empty: the first row must name the columns' },
    ]);
  }
  const header = records[0].map((h) => h.trim().toLowerCase());
  const issues: IssueDetail[] = [];
  const unknown = header.filter((h) => !known(h));
  if (unknown.length) {
    issues.push({
      path: 'csv',
      message: `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
    });
  }
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) {
    issues.push({
      path: 'csv',
      message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    });
  }
  const twice = header.filter((h, i) => header.indexOf(h) !== i);
  if (twice.length) {
    issues.push({ path: 'csv', message: `Column given twice: ${[...new Set(twice)].join(', ')}` });
  }
  if (issues.length) {
    throw validationFailed(issues);
  }
  if (records.length < 2) {
    throw validationFailed([{ path: 'csv', message: 'The file has no rows of figures under its header' }]);
  }
  const years: CsvYear[] = [];
  const seen = new Set<number>();
  records.slice(1).forEach((cells, i) => {
    const rowNo = i + 2;
    const at = (column: string) => `row ${rowNo}, ${column}`;
    const cell = (column: string) => cells[header.indexOf(column)]?.trim() ?? '';
    const fiscalYear = parseFiscalYear(cell('fiscal_year'));
    if (fiscalYear === null) {
      issues.push({ path: at('fiscal_year'), message: `Not a fiscal year: ‘${cell('fiscal_year')}’` });
      return;
    }
    if (seen.has(fiscalYear)) {
      issues.push({ path: at('fiscal_year'), message: `FY${fiscalYear} is in the file twice` });
      return;
    }
    seen.add(fiscalYear);
    const money = (column: string): number | undefined => {
      const written = parseWrittenMoney(cell(column));
      if (written.problem || written.exact) {
        issues.push({
          path: at(column),
          message: written.exact
            ? `‘${cell(column)}’ has more than 2 decimals`
            : `‘${cell(column)}’ ${written.problem ?? 'is not an amount'}`,
        });
        return undefined;
      }
      return written.value === null ? undefined : Number(written.value);
    };
    const source = (column: string) => cell(`${column}_source`) || cell('source') || null;
    const enrollmentText = cell('foundation_enrollment').replace(/,/g, '');
    const enrollment = /^-?\d+(\.\d+)?$/.test(enrollmentText) ? Number(enrollmentText) : Number.NaN;
    if (Number.isNaN(enrollment) || unitsOf(enrollmentText, 2) === null) {
      issues.push({
        path: at('foundation_enrollment'),
        message: `‘${cell('foundation_enrollment')}’ is not a number of pupils with at most 2 decimals`,
      });
    }
    const values: Record<string, unknown> = { foundationEnrollment: enrollment };
    for (const f of FIGURES) {
      if (f.key !== 'foundationEnrollment' && header.includes(f.column)) {
        values[f.key] = money(f.column);
      }
      values[sourceKey(f.key)] = source(f.column);
    }
    const municipal = header
      .map((h) => MUNICIPAL.exec(h))
      .filter((m): m is RegExpExecArray => m !== null && m[2] === undefined && cell(m[0]) !== '')
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
        if (!issues.some((d) => d.path === at(column))) {
          const written = header.includes(column) ? cell(column) : '';
          issues.push({
            path: at(column),
            message: written ? `${issue.message} (‘${written}’)` : issue.message,
          });
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
