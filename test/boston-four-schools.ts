import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ApiResponse, TestApp } from './app';
import { analyze, type UploadResponse } from './factories';
import { csvRecords, exportCents, realFile, skipWithout } from './real-files';
import { suggestedMapping } from './worlds/import.suite';

/**
 * The real Boston payroll of four schools (Curley K-8, Boston Latin, Condon K-8, Charlestown High)
 * of the 2024 earnings report, as the crosswalk tests put it through the crosswalk: read here with
 * the tests' own parser (test/real-files.ts: records, quotes, money to BigInt cents), never with the
 * importer's code, and the rules a finance office would make for its 20 most common titles.
 */

export const BOSTON = realFile('boston_employee_earnings_report_2024.csv');
/** Skipped without ../shared locally, required under CI. */
export const SKIP_BOSTON = skipWithout(BOSTON);

export const SCHOOLS = ['Curley K-8', 'Boston Latin', 'Condon K-8', 'Charlestown High'];

export interface BostonRow {
  title: string;
  school: string;
  /** Regular pay in cents; a blank cell is zero. */
  cents: bigint;
}

/** What a title's rule gives, decided here by the title's words (the first pattern that fits). */
export type Kind = 'teachers' | 'paras' | 'support';
const PLACEMENT: [RegExp, Kind, string][] = [
  [/para|monitor|before\/after/i, 'paras', '2330'],
  [/teacher/i, 'teachers', '2305'],
  [/specialist/i, 'teachers', '2310'],
  [/coach/i, 'teachers', '2352'],
  [/librarian/i, 'teachers', '2340'],
  [/nurse/i, 'support', '3200'],
  [/counselor|social worker/i, 'support', '2710'],
  [/psycholog/i, 'support', '2800'],
  [/liaison/i, 'support', '3100'],
  [/clerk|sec\b|technician|asst \(|manager/i, 'support', '2250'],
];
/** A title's kind and DESE function code; a title no pattern fits is school leadership (2210). */
export function placement(title: string): { kind: Kind; deseCode: string } {
  const hit = PLACEMENT.find(([re]) => re.test(title));
  return hit ? { kind: hit[1], deseCode: hit[2] } : { kind: 'support', deseCode: '2210' };
}

// The file, read once: the four schools' lines kept as they are, for a file of their own.
const text = SKIP_BOSTON ? '' : readFileSync(BOSTON, 'utf8');
/** The whole city file's lines (this file has no line breaks inside a field). */
export const lines = text.split(/\r?\n/).filter((l) => l !== '');
/** One line's fields. */
export const fields = (line: string) => csvRecords(line)[0];
const header = SKIP_BOSTON ? [] : fields(lines[0]);
/** A column's index in the city file. */
export const col = (name: string) => header.indexOf(name);
const kept: string[] = [];
/** The four schools' rows. */
export const rows: BostonRow[] = [];
for (const line of lines.slice(1)) {
  const f = fields(line);
  if (SCHOOLS.includes(f[col('DEPARTMENT_NAME')])) {
    kept.push(line);
    rows.push({
      title: f[col('TITLE')].trim(),
      school: f[col('DEPARTMENT_NAME')],
      cents: exportCents(f[col('REGULAR')]),
    });
  }
}
/** The four schools' file: the city file's header and their lines. */
export const schoolsFile = [lines[0], ...kept].join('\n');

/** Rows and salaries per title. */
export const byTitle = new Map<string, { count: number; cents: bigint }>();
for (const r of rows) {
  const t = byTitle.get(r.title) ?? { count: 0, cents: 0n };
  t.count += 1;
  t.cents += r.cents;
  byTitle.set(r.title, t);
}
/** Titles, most rows first (ties by title). */
export const ranked = [...byTitle.entries()].sort(
  (a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1),
);
/** The 20 most common titles: the ones the crosswalk gets a rule for. */
export const top20 = new Set(ranked.slice(0, 20).map(([title]) => title));
export const sum = (list: readonly BostonRow[]) => list.reduce((total, r) => total + r.cents, 0n);
/** Rows a rule places (a category, a work group and a code) and rows it does not. */
export const categorized = rows.filter((r) => top20.has(r.title));
export const uncategorized = rows.filter((r) => !top20.has(r.title));

/**
 * How a finance office maps the city file: the analysis's suggestions, with REGULAR pay as the
 * salary and DEPARTMENT_NAME as the building. The CLI's flags for the same are BOSTON_CLI_MAP.
 */
export function bostonMapping(analysis: UploadResponse): Record<string, string | null> {
  return { ...suggestedMapping(analysis), currentSalary: 'REGULAR', locationCode: 'DEPARTMENT_NAME' };
}
export const BOSTON_CLI_MAP = ['--map', 'currentSalary=REGULAR', '--map', 'locationCode=DEPARTMENT_NAME'];

/**
 * The four schools' file analyzed and imported as the operating payroll of `target` through the
 * API, as a person does in the import wizard; the caller checks the answer (its status and counts).
 */
export async function importBostonPayroll(
  t: TestApp,
  token: string,
  target: { budgetYearId: number; versionId: number },
): Promise<ApiResponse> {
  const analysis = await analyze(t, token, { name: 'boston-four-schools.csv', data: schoolsFile });
  expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
  return t.api('post', '/import/execute', {
    token,
    body: {
      fileName: analysis.body.fileName,
      columnMappings: bostonMapping(analysis),
      importType: 'operating',
      ...target,
    },
  });
}

/**
 * Budget year FY25 made through the API (POST /budget-years) over the fiscal years given, and the
 * id of its FY2025 version, where the payroll (paid in FY2025) is imported.
 */
export async function createFy25BudgetYear(
  t: TestApp,
  token: string,
  span: { firstFiscalYear: string; lastFiscalYear: string },
): Promise<{ budgetYearId: number; versionId: number }> {
  const year = await t.api('post', '/budget-years', { token, body: { label: 'FY25', ...span } });
  expect(year.status, JSON.stringify(year.body)).toBe(201);
  const version = year.body.versions.find((v: { fiscalYear: number }) => v.fiscalYear === 2025);
  return { budgetYearId: year.body.budgetYear.id, versionId: version.id };
}
