import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { badRequest, unsupportedMediaType } from '@server/errors';
import { isBlankRow, type SourceRow } from './cells';
import { checkIncreasing, checkShape, MAX_STEPS, MAX_YEARS } from './schedule-checks';
import { headerColumns, MAX_LANES, readRows, refuse } from './schedule-rows';
import { detectDelimiter, detectEncoding } from './read-csv';
import { plainCell } from './read-xlsx';
import { checkWorkbookZip, detectFormat } from './sniff';

/**
 * Reading a step-and-lane salary schedule: a .csv or .xlsx with a fiscal_year column
 * (FY25 or 2025), an optional cola column ('2.5%', the COLA the year's row was printed with), a
 * step column, then one column per lane in the order the schedule prints them (Bach, B+15, ...).
 * One row per (fiscal year, step). Every check runs before anything is written, and a refusal names
 * the row and column, so a finance office can fix the file it was sent.
 */

export { MAX_LANES, MAX_STEPS, MAX_YEARS };

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
