import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { AppContext } from '@server/context';
import { compareFunctionCodes } from '@shared/function-code';
import { validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { DeseCode } from '@shared/schemas/dese-codes';

/** The state's chart of function codes, shipped with the app. */
export const DESE_CODES_FILE = path.resolve(import.meta.dirname, '../../../fixtures/dese_function_codes.csv');

let cache: Map<string, DeseCode> | null = null;

/**
 * The detail-level DESE function codes ('2305' -> Teachers, Classroom), read from the CSV once per
 * process: the file changes only with a release. Category and rollup rows (TCHR, IIII) are not
 * codes a line or category can carry, so they are left out.
 */
export function deseCodes(): Map<string, DeseCode> {
  if (cache) {
    return cache;
  }
  const rows = parse(readFileSync(DESE_CODES_FILE, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  const codes = new Map<string, DeseCode>();
  for (const row of rows) {
    if (row.level === 'detail') {
      codes.set(row.code, { code: row.code, name: row.name, parentName: row.parent_name });
    }
  }
  cache = codes;
  return codes;
}

export function isDeseCode(code: string): boolean {
  return deseCodes().has(code);
}

/** Every DESE function code for the category picker, in code order. */
export function listDeseCodes(_app: AppContext, actor: Actor) {
  authorize(actor, 'referenceData.read');
  return { codes: [...deseCodes().values()].sort((a, b) => compareFunctionCodes(a.code, b.code)) };
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
