import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { AppContext } from '@server/context';
import { compareFunctionCodes } from '@shared/function-code';
import { validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { DeseCode } from '@shared/schemas/dese-codes';

/**
 * The state's chart of function codes, shipped with the app: one row per code of DESE's lists, its
 * name in each list the file records (name_fy2009, name_fy2025; empty when that list lacks it).
 */
export const DESE_CODES_FILE = path.resolve(import.meta.dirname, '../../../fixtures/dese_function_codes.csv');

interface Chart {
  codes: Map<string, DeseCode>;
  /** The fiscal years of DESE's lists the file records (its name_fyYYYY columns), oldest first. */
  lists: number[];
  /** Each code's lists: the years whose name_fyYYYY it has. */
  listedIn: Map<string, number[]>;
}

let cache: Chart | null = null;

/** The file read once per process: it changes only with a release. */
function chart(): Chart {
  if (cache) {
    return cache;
  }
  const rows = parse(readFileSync(DESE_CODES_FILE, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  const lists = Object.keys(rows[0] ?? {})
    .map((column) => /^name_fy(\d{4})$/.exec(column)?.[1])
    .filter((year) => year !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const codes = new Map<string, DeseCode>();
  const listedIn = new Map<string, number[]>();
  for (const row of rows) {
    if (row.level === 'detail') {
      codes.set(row.code, { code: row.code, name: row.name, parentName: row.parent_name });
      listedIn.set(
        row.code,
        lists.filter((year) => row[`name_fy${year}`]),
      );
    }
  }
  cache = { codes, lists, listedIn };
  return cache;
}

/**
 * The detail-level DESE function codes ('2305' -> Teachers, Classroom) of every list the file
 * records, retired ones included (a line may still carry one). Category and rollup rows (TCHR,
 * IIII) are not codes a line or category can carry, so they are left out.
 */
export function deseCodes(): Map<string, DeseCode> {
  return chart().codes;
}

export function isDeseCode(code: string): boolean {
  return deseCodes().has(code);
}

/**
 * The year of DESE's list a fiscal year is read with. The file records DESE's FY2009 and FY2025
 * lists; the FY2023 and FY2024 lists lack the codes FY2025's lacks (fixtures/SOURCES.md: 2310 is
 * 'FY2009-only'), so a year takes the first list recorded at or after it, a year after the newest
 * list the newest.
 */
export function deseListYear(fiscalYear: number): number {
  const { lists } = chart();
  return lists.find((year) => year >= fiscalYear) ?? lists[lists.length - 1];
}

/** Whether a detail code is in force in a fiscal year: DESE's list for the year names it. */
export function isCurrentDeseCode(code: string, fiscalYear: number): boolean {
  return chart().listedIn.get(code)?.includes(deseListYear(fiscalYear)) ?? false;
}

/**
 * The detail codes a fiscal year's DESE report lists, in code order: those in force that year, and
 * any other code of the chart a line of the year carries (`carried`), current: false, so those
 * lines show and can be recoded rather than vanish.
 */
export function reportCodes(
  fiscalYear: number,
  carried: ReadonlySet<string>,
): { code: DeseCode; current: boolean }[] {
  return [...deseCodes().values()]
    .sort((a, b) => compareFunctionCodes(a.code, b.code))
    .map((code) => ({ code, current: isCurrentDeseCode(code.code, fiscalYear) }))
    .filter((c) => c.current || carried.has(c.code.code));
}

/**
 * Every DESE function code for the pickers, in code order; asked about a fiscal year, each with
 * whether it is in force that year (isCurrentDeseCode, as the year's DESE report reads it). The
 * pickers of a line's, a position's or a rule's code offer the codes in force and show a retired
 * one only where it is already chosen: this is where they learn which is which.
 */
export function listDeseCodes(_app: AppContext, actor: Actor, input: { fiscalYear?: number } = {}) {
  authorize(actor, 'referenceData.read');
  const { fiscalYear } = input;
  const codes = [...deseCodes().values()].sort((a, b) => compareFunctionCodes(a.code, b.code));
  return {
    codes:
      fiscalYear === undefined
        ? codes
        : codes.map((code) => ({ ...code, current: isCurrentDeseCode(code.code, fiscalYear) })),
  };
}

export const DESE_SERIES_FILE = path.resolve(
  import.meta.dirname,
  '../../../fixtures/dese_function_series.csv',
);

let series: Map<string, string> | null = null;

/**
 * The nine series of DESE's chart (1000 Administration ... 9000 Programs With Other Systems), as
 * DESE's guide names them (fixtures/dese_function_series.csv), read once per process.
 */
export function deseSeries(): Map<string, string> {
  if (!series) {
    const rows = parse(readFileSync(DESE_SERIES_FILE, 'utf8'), {
      columns: true,
      skip_empty_lines: true,
      trim: true,
    }) as { code: string; name: string }[];
    series = new Map(rows.map((r) => [r.code, r.name]));
  }
  return series;
}

/** The name of a detail or series code, or null when it is not in the chart. */
export function functionName(code: string): string | null {
  return deseCodes().get(code)?.name ?? deseSeries().get(code) ?? null;
}

/**
 * A code a line or rule may be given: a detail code of DESE's chart. A series code (2000) or a
 * code not in the chart is a 400 naming the field and the value, so nothing is written.
 */
export function requireChartCode(code: string, field = 'functionCode'): string {
  const value = code.trim();
  if (deseCodes().has(value)) {
    return value;
  }
  const seriesName = deseSeries().get(value);
  const message = seriesName
    ? `${value} is the ${seriesName} series, not a function code: choose one of its codes (${[
        ...deseCodes().keys(),
      ]
        .filter((c) => c[0] === value[0])
        .slice(0, 4)
        .join(', ')}, ...)`
    : `Function code '${value}' is not in DESE's chart of accounts (fixtures/dese_function_codes.csv)`;
  throw validationFailed([{ path: field, message }]);
}
