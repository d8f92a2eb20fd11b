import { z } from 'zod';
import { fiscalYearLabel, fiscalYearsText } from '@shared/budget-math';

/**
 * Fiscal years. A fiscal year is an integer named after the calendar year it ends in:
 * 2026 = FY26 = July 2025 through June 2026.
 * This file is the only place that parses fiscal-year labels; everything else stores integers.
 */

/** The range of years we accept: FY50..FY99 map to 1950..1999, so nothing earlier can be spelled. */
export const MIN_FISCAL_YEAR = 1950;
export const MAX_FISCAL_YEAR = 2149;

const inRange = (year: number): number | null =>
  Number.isInteger(year) && year >= MIN_FISCAL_YEAR && year <= MAX_FISCAL_YEAR ? year : null;

/** Two digits after an 'FY' prefix: under 50 is the 2000s, 50 and above the 1900s ('FY99' is 1999). */
const fromTwoDigits = (yy: number): number => (yy < 50 ? 2000 + yy : 1900 + yy);

const FY_LABEL = /^FY\s*'?(\d{2}|\d{4})$/i;
// '2025-2026', '2025-26', 'FY2025-26', '2025/2026', '2025–2026' (en dash, as spreadsheets write it).
const RANGE_LABEL = /^(?:FY\s*)?(\d{4})\s*[-/\u2013]\s*(\d{2}|\d{4})$/i;
const BARE_YEAR = /^\d{4}$/;

/**
 * Parses a fiscal-year label into its integer year, or returns null when the input is not one.
 *
 * - 'FY26', 'fy 26', "FY'26" -> 2026; 'FY99' -> 1999; 'FY2026' -> 2026
 * - '2025-2026', '2025-26', 'FY2025-26' -> 2026 (a range gives its second part, which must be the
 *   year after the first: a range of several years is not a fiscal year)
 * - '2026' or 2026 -> 2026
 * - anything else (blank, '26', 'FY', 'FY2026x', 2026.5, NaN, years outside 1950..2149) -> null
 */
export function parseFiscalYear(label: string | number): number | null {
  if (typeof label === 'number') {
    return inRange(label);
  }
  if (typeof label !== 'string') {
    return null;
  }
  const text = label.trim();
  const fy = FY_LABEL.exec(text);
  if (fy) {
    const digits = fy[1];
    return inRange(digits.length === 2 ? fromTwoDigits(Number(digits)) : Number(digits));
  }
  const range = RANGE_LABEL.exec(text);
  if (range) {
    const first = Number(range[1]);
    let second = Number(range[2]);
    if (range[2].length === 2) {
      // '1999-00' is 2000: take the century of the first year and roll over when it wraps.
      second += Math.floor(first / 100) * 100;
      if (second < first) {
        second += 100;
      }
    }
    return second === first + 1 ? inRange(second) : null;
  }
  if (BARE_YEAR.test(text)) {
    return inRange(Number(text));
  }
  return null;
}

// The label's one home is the budget arithmetic (no zod: the web's small bundles use it too).
export { fiscalYearLabel, fiscalYearsText };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The fiscal year a date falls in: July onward counts as the next year (2025-07-01 -> 2026,
 * 2025-06-30 -> 2025). A 'YYYY-MM-DD' string is read by its digits, so no time zone can move it
 * across June 30; a Date is read in UTC, matching how date-only strings become Dates. Returns null
 * for an unreadable date.
 */
export function fiscalYearFromDate(date: Date | string): number | null {
  let year: number;
  let month: number; // 1..12
  if (typeof date === 'string') {
    const m = ISO_DATE.exec(date.trim());
    if (!m) {
      return null;
    }
    year = Number(m[1]);
    month = Number(m[2]);
    if (month < 1 || month > 12) {
      return null;
    }
  } else {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
      return null;
    }
    year = date.getUTCFullYear();
    month = date.getUTCMonth() + 1;
  }
  return month >= 7 ? year + 1 : year;
}

/**
 * A fiscal year in request input: a label or a number, parsed to the integer year. Use it for
 * bodies, query strings and CLI flags so every entry point accepts the same spellings.
 */
export const fiscalYearInput = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const year = parseFiscalYear(value);
  if (year === null) {
    ctx.addIssue({ code: 'custom', message: `Invalid fiscal year: ${String(value)}` });
    return z.NEVER;
  }
  return year;
});

/**
 * Why a fiscal year's plan is refused in a budget year other than its home (docs/ARCHITECTURE.md,
 * 'One home for each fiscal year'): the database trigger's refusal and the services' alike. The year
 * is named as every screen names it ('FY27', fiscalYearLabel), so the refusal reads as the header did.
 */
export function secondHomeMessage(fiscalYear: number, homeLabel: string, refusedLabel?: string): string {
  const elsewhere = refusedLabel ? `, not in budget year ${refusedLabel}` : '';
  const fy = fiscalYearLabel(fiscalYear);
  return `${fy} is planned in budget year ${homeLabel}, its one home: import, stage and plan ${fy} there${elsewhere}`;
}
