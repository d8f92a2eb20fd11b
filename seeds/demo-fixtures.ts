import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import path from 'node:path';

/**
 * Real public reference data the demo district is built on, read from fixtures/ at the repo root:
 * DESE function codes (fixtures/dese_function_codes.csv) and the Lunenburg teachers' salary
 * schedule FY25-FY27 (fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv).
 */

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');

/** A CSV file's records keyed by its header (csv-parse, as the importers read CSV). */
export function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true, trim: false }) as Record<string, string>[];
}

export interface DeseCode {
  code: string;
  name: string;
  /** DESE spending category, e.g. TCHR. */
  parentCode: string;
  /** e.g. 'Teachers' or 'Instructional Materials, Equipment and Technology'. */
  parentName: string;
}

/** The detail-level DESE function codes, keyed by code ('2305' -> Teachers, Classroom). */
export function loadDeseCodes(): Map<string, DeseCode> {
  const rows = parseCsv(readFileSync(path.join(FIXTURES, 'dese_function_codes.csv'), 'utf8'));
  const codes = new Map<string, DeseCode>();
  for (const row of rows) {
    if (row.level === 'detail') {
      codes.set(row.code, {
        code: row.code,
        name: row.name,
        parentCode: row.parent_code,
        parentName: row.parent_name,
      });
    }
  }
  return codes;
}

export const LANES = [
  'Bach',
  'B+15',
  'B+30',
  'Masters',
  'M+15',
  'M+30',
  'M+45',
  'M+60',
  'M+75',
  'Doctorate',
] as const;
export type Lane = (typeof LANES)[number];
export const TOP_STEP = 13;

export interface SalarySchedule {
  /** Fiscal years covered, ascending (2025, 2026, 2027). */
  years: number[];
  /** COLA percent printed on each year's schedule (2.5, 4.0, 3.5). */
  cola: Map<number, number>;
  /** Annual salary in whole dollars for a fiscal year, step (1..13) and lane. */
  salary(fiscalYear: number, step: number, lane: Lane): number;
}

/** The teachers' salary schedule: 3 fiscal years x 13 steps x 10 lanes. */
export function loadTeacherSchedule(): SalarySchedule {
  const rows = parseCsv(
    readFileSync(path.join(FIXTURES, 'lunenburg_teacher_salary_schedule_fy25_fy27.csv'), 'utf8'),
  );
  const table = new Map<string, number>();
  const cola = new Map<number, number>();
  for (const row of rows) {
    const year = 2000 + Number(row.fiscal_year.replace(/^FY/, ''));
    cola.set(year, Number(row.cola.replace('%', '')));
    for (const lane of LANES) {
      table.set(`${year}|${row.step}|${lane}`, Number(row[lane]));
    }
  }
  return {
    years: [...cola.keys()].sort(),
    cola,
    salary(fiscalYear, step, lane) {
      const value = table.get(`${fiscalYear}|${step}|${lane}`);
      if (value === undefined) {
        throw new Error(`No salary for FY${fiscalYear % 100} step ${step} ${lane}`);
      }
      return value;
    },
  };
}
