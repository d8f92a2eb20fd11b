import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { badRequest, unsupportedMediaType } from '@server/errors';
import { cellText, isBlankRow, normalizeLabel, type Cell, type SourceRow } from './cells';
import { cents, checkIncreasing, checkShape, MAX_STEPS, MAX_YEARS, type ReadRow } from './schedule-checks';
import { parseMoney } from './money';
import { detectDelimiter, detectEncoding } from './read-csv';
import { plainCell } from './read-xlsx';
import { checkWorkbookZip, detectFormat } from './sniff';
import { parseFiscalYearCell } from './values';

/**
 * Reading a step-and-lane salary schedule: a .csv or .xlsx with a fiscal_year column
 * (FY25 or 2025), an optional cola column ('2.5%', the COLA the year's row was printed with), a
 * step column, then one column per lane in the order the schedule prints them (Bach, B+15, ...).
 * One row per (fiscal year, step). Every check runs before anything is written, and a refusal names
 * the row and column, so a finance office can fix the file it was sent.
 */

/** Limits far beyond any bargained schedule; a file past them is not a schedule. */
export const MAX_LANES = 40;
export { MAX_STEPS, MAX_YEARS };
const MAX_PROBLEMS = 20;

export interface ScheduleAmount {
  fiscalYear: number;
  step: number;
  lane: string;
  /** Dollars and cents as exact decimal text, '50790.00'. */
  amount: string;
}

export interface ParsedSchedule {
  lanes: string[];
  /** Ascending and consecutive. */
  fiscalYears: number[];
  /** Steps run 1..steps in every year. */
  steps: number;
  /** The printed COLA of each year that has one, as decimal text with 3 places: {2025: '2.500'}. */
  printedCola: Record<number, string>;
  amounts: ScheduleAmount[];
}

/** A schedule file refused: every problem found (at most MAX_PROBLEMS), nothing written. */
function refuse(problems: string[]): never {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw badRequest(
    `The salary schedule was not imported: ${shown[0]}${more}`,
    shown.map((message) => ({ path: 'file', message })),
  );
}

const HEADER_ROLES: [role: 'year' | 'cola' | 'step', test: RegExp][] = [
  ['year', /^(fiscal year|fy|year|fiscalyear)$/],
  ['cola', /^cola( %| percent| pct)?$|^%$/],
  ['step', /^step( #| no| number)?$/],
];

interface Columns {
  year: number;
  cola: number | null;
  step: number;
  /** Each lane's name and column index, in file order. */
  lanes: { name: string; index: number }[];
}

function headerColumns(header: SourceRow): Columns {
  const found: Partial<Record<'year' | 'cola' | 'step', number>> = {};
  const lanes: { name: string; index: number }[] = [];
  const problems: string[] = [];
  // The limit first, on a count: a header of 40,000 lane columns checked each against the lanes
  // before it (quadratic) held the server for 42 s before this limit refused it.
  const filled = header.cells.reduce<number>((n, cell) => n + (cellText(cell) ? 1 : 0), 0);
  if (filled > MAX_LANES + HEADER_ROLES.length) {
    refuse([
      `Row ${header.n}: ${filled.toLocaleString('en-US')} columns; a schedule has fiscal_year, cola and step and at most ${MAX_LANES} lanes`,
    ]);
  }
  const seen = new Set<string>();
  header.cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (!text) {
      return;
    }
    const role = HEADER_ROLES.find(([, test]) => test.test(normalizeLabel(text)))?.[0];
    if (role && found[role] === undefined) {
      found[role] = index;
    } else if (role) {
      problems.push(`Row ${header.n}: the column '${text}' appears twice`);
    } else if (seen.has(text.toLowerCase())) {
      problems.push(`Row ${header.n}: the lane '${text}' appears twice`);
    } else {
      seen.add(text.toLowerCase());
      lanes.push({ name: text, index });
    }
  });
  if (found.year === undefined) {
    problems.push(`Row ${header.n}: no fiscal_year column (the first columns are fiscal_year, cola, step)`);
  }
  if (found.step === undefined) {
    problems.push(`Row ${header.n}: no step column (the first columns are fiscal_year, cola, step)`);
  }
  if (!lanes.length) {
    problems.push(`Row ${header.n}: no lane columns after fiscal_year, cola and step`);
  }
  if (lanes.length > MAX_LANES) {
    problems.push(`Row ${header.n}: ${lanes.length} lanes, more than the ${MAX_LANES} a schedule may have`);
  }
  if (problems.length) {
    refuse(problems);
  }
  return { year: found.year!, cola: found.cola ?? null, step: found.step!, lanes };
}

/** '2.5%', '2.5' or an Excel percent (0.025) as decimal text with 3 places, or a problem. */
function parseCola(cell: Cell): { value: string | null; problem?: string } {
  let text = cellText(cell).replace(/\s+/g, '');
  if (!text) {
    return { value: null };
  }
  // A cell Excel formats as a percent holds the fraction: 2.5% is 0.025.
  const fraction = typeof cell === 'number' && cell > 0 && cell < 1;
  text = text.replace(/%$/, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[1] && !m[2])) {
    return { value: null, problem: `'${cellText(cell)}' is not a percent` };
  }
  let digits = `${m[1] || '0'}${m[2] ?? ''}`;
  let places = (m[2] ?? '').length;
  if (fraction) {
    places -= 2;
    if (places < 0) {
      digits += '0'.repeat(-places);
      places = 0;
    }
  }
  const trimmed = digits.slice(0, digits.length - places) || '0';
  const decimals = digits.slice(digits.length - places).replace(/0+$/, '');
  if (decimals.length > 3) {
    return { value: null, problem: `'${cellText(cell)}' has more than 3 decimals` };
  }
  const whole = BigInt(trimmed);
  if (whole > 100n || (whole === 100n && decimals !== '')) {
    return { value: null, problem: `'${cellText(cell)}' is more than 100%` };
  }
  return { value: `${whole}.${decimals.padEnd(3, '0')}` };
}

function parseStep(cell: Cell): number | null {
  const m = /^(?:step\s*)?(\d{1,3})(?:\.0+)?$/i.exec(cellText(cell));
  const n = m ? Number(m[1]) : 0;
  return n >= 1 ? n : null;
}

function readRows(rows: SourceRow[], columns: Columns, problems: string[]): ReadRow[] {
  const out: ReadRow[] = [];
  for (const row of rows) {
    if (isBlankRow(row.cells)) {
      continue;
    }
    const at = (i: number) => row.cells[i] ?? null;
    const fy = parseFiscalYearCell(at(columns.year));
    const step = parseStep(at(columns.step));
    const cola = columns.cola === null ? { value: null } : parseCola(at(columns.cola));
    const where = `Row ${row.n}`;
    if (fy.value === null) {
      problems.push(
        `${where}, column fiscal_year: ${fy.problem ? `'${cellText(at(columns.year))}' is not a fiscal year (FY25 or 2025)` : 'missing'}`,
      );
    }
    if (step === null) {
      const text = cellText(at(columns.step));
      problems.push(
        `${where}, column step: ${text ? `'${text}' is not a step number (1, 2, 3, ...)` : 'missing'}`,
      );
    }
    if (cola.problem) {
      problems.push(`${where}, column cola: ${cola.problem}`);
    }
    const amounts = columns.lanes.map(({ name, index }) => {
      const cell = at(index);
      const money = parseMoney(cell);
      const column = `${where}, column '${name}'`;
      if (money.value === null && !money.problem) {
        problems.push(`${column}: the amount is missing`);
      } else if (money.value === null) {
        problems.push(`${column}: '${cellText(cell)}' ${money.problem}`);
      } else if (money.exact) {
        problems.push(`${column}: '${cellText(cell)}' has more than 2 decimals`);
      } else if (cents(money.value) <= 0n) {
        problems.push(`${column}: ${money.value} must be more than 0`);
      } else {
        return money.value;
      }
      return '';
    });
    const widest = Math.max(
      ...columns.lanes.map((l) => l.index),
      columns.year,
      columns.step,
      columns.cola ?? 0,
    );
    if (row.cells.slice(widest + 1).some((c) => cellText(c) !== '')) {
      problems.push(`${where}: a value past the last lane column, under no header`);
    }
    if (fy.value !== null && step !== null) {
      out.push({ n: row.n, fiscalYear: fy.value, step, cola: cola.value, amounts });
    }
  }
  return out;
}

/** The rows of a schedule file (the first non-blank row is its header) checked and read. */
export function parseScheduleRows(rows: SourceRow[]): ParsedSchedule {
  const start = rows.findIndex((r) => !isBlankRow(r.cells));
  if (start < 0) {
    refuse(['the file is empty']);
  }
  const columns = headerColumns(rows[start]);
  // A schedule has at most one row per (year, step): a file with far more is something else, and
  // is refused before thousands of rows are checked one by one.
  const body = rows.slice(start + 1).filter((r) => !isBlankRow(r.cells));
  if (body.length > MAX_YEARS * MAX_STEPS) {
    refuse([
      `${body.length} rows, more than a schedule of ${MAX_YEARS} years of ${MAX_STEPS} steps can have`,
    ]);
  }
  const problems: string[] = [];
  const read = readRows(body, columns, problems);
  const { years, steps } = checkShape(read, problems);
  const lanes = columns.lanes.map((l) => l.name);
  checkIncreasing(read, lanes, problems);
  if (problems.length) {
    refuse(problems);
  }
  read.sort((a, b) => a.fiscalYear - b.fiscalYear || a.step - b.step);
  const printedCola: Record<number, string> = {};
  for (const r of read) {
    if (r.cola !== null) {
      printedCola[r.fiscalYear] = r.cola;
    }
  }
  return {
    lanes,
    fiscalYears: years,
    steps,
    printedCola,
    amounts: read.flatMap((r) =>
      r.amounts.map((amount, j) => ({ fiscalYear: r.fiscalYear, step: r.step, lane: lanes[j], amount })),
    ),
  };
}

async function xlsxRows(buffer: Buffer): Promise<SourceRow[]> {
  await checkWorkbookZip(buffer);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (err) {
    throw badRequest(
      `The Excel file could not be read (${String((err as Error)?.message ?? err).split('\n')[0]}). Open it in Excel and save it again.`,
    );
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  const rows: SourceRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, n) => {
    const values = row.values as unknown[];
    rows.push({ n, cells: values.slice(1).map((v) => plainCell(v as never)) });
  });
  return rows;
}

// The longest row a schedule can have: 43 columns of up to about 380 characters each. A longer
// one (a header of 40,000 lane columns) is refused when the parser reaches that length, so the
// request holds the event loop for milliseconds, not for the whole file.
const MAX_ROW_CHARACTERS = 16 * 1024;
// Enough of the file to tell its delimiter (a schedule's whole header and first rows, most often).
const DELIMITER_SAMPLE = 8 * 1024;

function csvRows(buffer: Buffer): SourceRow[] {
  const encoding = detectEncoding(buffer);
  const text = new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding === 'utf16le' ? 'utf-16le' : 'latin1')
    .decode(buffer)
    .replace(/^\ufeff/, '');
  let records: string[][];
  try {
    records = parseCsv(text, {
      // Told from the first lines, as an import's analysis does: over the whole file, once per
      // candidate delimiter, it was most of the time a wide upload held the event loop.
      delimiter: detectDelimiter(text.slice(0, DELIMITER_SAMPLE)),
      relax_column_count: true,
      bom: true,
      max_record_size: MAX_ROW_CHARACTERS,
    });
  } catch (err) {
    const { code, lines } = err as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') {
      // A row longer than any schedule's: refused as it is met, before the rest is read.
      throw badRequest(
        `Row ${lines ?? 1}: longer than ${MAX_ROW_CHARACTERS.toLocaleString('en-US')} characters; a schedule has fiscal_year, cola and step and at most ${MAX_LANES} lanes`,
      );
    }
    throw badRequest(`The CSV file could not be read: ${String((err as Error).message).split('\n')[0]}`);
  }
  return records.map((cells, i) => ({ n: i + 1, cells }));
}

/** A schedule file's bytes, read by content (.csv or .xlsx) and checked; 400/415 with the reason otherwise. */
export async function parseScheduleFile(buffer: Buffer, fileName: string): Promise<ParsedSchedule> {
  const format = detectFormat(buffer.subarray(0, 64 * 1024), path.basename(fileName));
  if (format === 'xls' || format === 'html') {
    throw unsupportedMediaType('Save the salary schedule as .xlsx or .csv and upload it again');
  }
  return parseScheduleRows(format === 'xlsx' ? await xlsxRows(buffer) : csvRows(buffer));
}
