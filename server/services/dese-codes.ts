import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import type { DeseCode } from '@server/schemas/dese-codes';

/** The state's chart of function codes, shipped with the app. */
export const DESE_CODES_FILE = path.resolve(import.meta.dirname, '../../fixtures/dese_function_codes.csv');

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
  return { codes: [...deseCodes().values()].sort((a, b) => a.code.localeCompare(b.code)) };
}
