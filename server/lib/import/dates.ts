import { cellText, isoDay, type Cell } from './cells';
import type { Parsed } from './money';

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const DAY_MS = 86_400_000;
// Excel's day 0 is 1899-12-30 once its 1900 leap-year bug (a 29 Feb 1900 that never was) is passed.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const MAX_SERIAL = Math.round((Date.UTC(MAX_YEAR, 11, 31) - EXCEL_EPOCH) / DAY_MS);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function day(year: number, month: number, dayOfMonth: number): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || dayOfMonth < 1) {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  // Date.UTC rolls 31 April over to 1 May; a real calendar date survives the round trip.
  return date.getUTCMonth() === month - 1 ? isoDay(date) : null;
}

/** Two-digit years as Excel reads them: 00-29 are the 2000s, 30-99 the 1900s. */
const fullYear = (yy: string) =>
  yy.length === 4 ? Number(yy) : Number(yy) + (Number(yy) < 30 ? 2000 : 1900);

/** An Excel serial day number (45292 = 2024-01-01); the time of day is dropped. */
export function excelSerialDay(serial: number): string | null {
  const whole = Math.floor(serial);
  if (whole < 1 || whole > MAX_SERIAL) {
    return null;
  }
  // Serials 1..59 fall before Excel's phantom 29 Feb 1900 and are one day later than the epoch says.
  const ms = EXCEL_EPOCH + (whole < 60 ? whole + 1 : whole) * DAY_MS;
  return isoDay(new Date(ms));
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

const PATTERNS: [RegExp, (m: RegExpExecArray) => string | null][] = [
  // 2024-01-15, 2024-01-15T00:00:00Z, 2024/1/15
  [/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/, (m) => day(+m[1], +m[2], +m[3])],
  // 1/15/2024, 01-15-24, 1.15.2024 (US order, as district systems write them), with an optional time
  [
    /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}.*)?$/,
    (m) => day(fullYear(m[3]), +m[1], +m[2]),
  ],
  // 20240115
  [/^(\d{4})(\d{2})(\d{2})$/, (m) => day(+m[1], +m[2], +m[3])],
  // 45292 or 45292.5: an Excel serial that arrived as text (a CSV saved from Excel)
  [/^(\d{5})(?:\.\d+)?$/, (m) => excelSerialDay(Number(m[1]))],
  // Jan 15, 2024 / January 15 2024
  [
    /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/,
    (m) => (monthIndex(m[1]) ? day(+m[3], monthIndex(m[1]), +m[2]) : null),
  ],
  // 15-Jan-2024, 15 Jan 24
  [
    /^(\d{1,2})[-\s]([A-Za-z]{3,9})[-\s](\d{4}|\d{2})$/,
    (m) => (monthIndex(m[2]) ? day(fullYear(m[3]), monthIndex(m[2]), +m[1]) : null),
  ],
];

/**
 * A date as payroll exports write it, to 'YYYY-MM-DD': Excel dates and serial numbers, ISO,
 * m/d/yyyy and m/d/yy, yyyymmdd, 'Jan 15, 2024' and '15-Jan-2024'. Years outside 1900..2100 and
 * impossible dates (2/30/2024) are problems; blank is null.
 */
export function parseDate(cell: Cell): Parsed<string> {
  if (cell instanceof Date) {
    const text = Number.isNaN(cell.getTime()) ? null : isoDay(cell);
    const year = text ? Number(text.slice(0, 4)) : 0;
    return text && year >= MIN_YEAR && year <= MAX_YEAR
      ? { value: text }
      : { value: null, problem: 'is not a date' };
  }
  if (typeof cell === 'number') {
    // A bare year such as 2024 is a serial of 1905: refuse it rather than store a nonsense date.
    if (Number.isInteger(cell) && cell >= MIN_YEAR && cell <= MAX_YEAR) {
      return { value: null, problem: 'is a year, not a date' };
    }
    const value = excelSerialDay(cell);
    return value ? { value } : { value: null, problem: 'is not a date' };
  }
  const text = cellText(cell);
  if (!text) {
    return { value: null };
  }
  for (const [pattern, build] of PATTERNS) {
    const m = pattern.exec(text);
    if (m) {
      const value = build(m);
      return value ? { value } : { value: null, problem: 'is not a valid date' };
    }
  }
  return { value: null, problem: 'is not a date' };
}
