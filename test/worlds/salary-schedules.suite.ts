import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import type { RuleWorld, UploadResponse } from '../factories';

/**
 * Shared by the salary-schedule route tests: the real Lunenburg teacher schedule read on the test's
 * own terms (a plain comma split into BigInt cents, never the parser under test) and a multipart
 * upload as a browser sends it.
 */

/** The repository's copy of ../shared/fixtures/real/lunenburg_teacher_salary_schedule_fy25_fy27.csv. */
export const LUNENBURG_PATH = path.resolve(
  import.meta.dirname,
  '../../fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv',
);
export const LUNENBURG_TEXT = readFileSync(LUNENBURG_PATH, 'utf8');

export interface IndependentSchedule {
  lanes: string[];
  years: number[];
  /** Cents by `${fiscalYear}|${step}|${lane}`. */
  cells: Map<string, bigint>;
  at(fiscalYear: number, step: number, lane: string): bigint;
}

export function readIndependently(csv = LUNENBURG_TEXT): IndependentSchedule {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const lanes = header.split(',').slice(3);
  const cells = new Map<string, bigint>();
  const years = new Set<number>();
  for (const line of lines) {
    const [fy, , step, ...amounts] = line.split(',');
    const year = 2000 + Number(fy.replace('FY', ''));
    years.add(year);
    amounts.forEach((a, j) => cells.set(`${year}|${Number(step)}|${lanes[j]}`, BigInt(a) * 100n));
  }
  const at = (fiscalYear: number, step: number, lane: string) => {
    const v = cells.get(`${fiscalYear}|${step}|${lane}`);
    if (v === undefined) {
      throw new Error(`No cell ${fiscalYear} step ${step} ${lane}`);
    }
    return v;
  };
  return { lanes, years: [...years].sort(), cells, at };
}

/** Cents as the dollars a test inserts: 6547400n -> '65474.00'. */
export const dollars = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** POST /cola/schedules/import as multipart; the JSON answer. */
export async function uploadSchedule(
  t: TestApp,
  token: string | undefined,
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string> = {},
): Promise<UploadResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  if (file) {
    form.append('file', new Blob([file.data as BlobPart]), file.name);
  }
  const res = await fetch(`${t.url}/api/cola/schedules/import`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  if (res.status === 500) {
    throw new Error(`500 from the import: ${text}`);
  }
  return { status: res.status, body };
}

/** The real file with line `row` (1 = header) changed by `edit` (null removes it). */
export function editedLunenburg(row: number, edit: (cells: string[]) => string[] | null): string {
  const lines = LUNENBURG_TEXT.trim().split(/\r?\n/);
  const out = edit(lines[row - 1].split(','));
  if (out === null) {
    lines.splice(row - 1, 1);
  } else {
    lines[row - 1] = out.join(',');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The nearest cell of a fiscal year's row to a salary by the stated rule (the lower lane, then the
 * lower step, on a tie; none more than 10% of the salary away), from the file itself.
 */
export function nearest(S: IndependentSchedule, fy: number, salary: bigint) {
  let best: { step: number; lane: string; d: bigint } | null = null;
  for (const lane of S.lanes) {
    for (let step = 1; step <= 13; step += 1) {
      const a = S.at(fy, step, lane);
      const d = a > salary ? a - salary : salary - a;
      if (salary > 0n && d * 100n <= salary * 10n && (!best || d < best.d)) {
        best = { step, lane, d };
      }
    }
  }
  return best;
}

export interface ScheduleKit {
  t: TestApp;
  finance: string;
  admin: string;
  viewer: string;
  /** A schedule name no other test uses. */
  uniqueName(): string;
  /** Imports the Lunenburg file (or `file`) for the world's teachers under a unique name. */
  importInto(
    w: RuleWorld,
    fields?: Record<string, string>,
    token?: string,
    file?: { name: string; data: string },
  ): Promise<UploadResponse>;
  /** Everything a refused call must leave alone: schedules, amounts, audit rows and the world's lines. */
  snapshot(w: RuleWorld): Promise<unknown>;
}

export const LUNENBURG_FILE = {
  name: 'lunenburg_teacher_salary_schedule_fy25_fy27.csv',
  data: LUNENBURG_TEXT,
};

/** A test server with a FINANCE, an ADMIN and a VIEW_ONLY user for this file's tests (before/after all). */
export function scheduleKit(): ScheduleKit {
  let names = 0;
  const kit = {
    uniqueName: () => `Schedule ${process.pid}-${++names}`,
    importInto: (w, fields = {}, token = kit.finance, file = LUNENBURG_FILE) =>
      uploadSchedule(kit.t, token, file, {
        workGroupId: String(w.teachers),
        name: kit.uniqueName(),
        ...fields,
      }),
    async snapshot(w) {
      const knex = kit.t.db.knex;
      const [schedules, amounts, audits] = await Promise.all([
        knex('salary_schedules').count({ n: '*' }),
        knex('salary_schedule_amounts').count({ n: '*' }),
        // A refused call is recorded in the security log (entity 'security'); it changes no data.
        knex('audit_log').whereNot({ entity: 'security' }).count({ n: '*' }),
      ]);
      const lines = await knex('line_items').where({ budget_year_id: w.budgetYearId }).orderBy('id');
      return { schedules, amounts, audits, lines };
    },
  } as ScheduleKit;
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.finance = (await kit.t.userWith('FINANCE')).token;
    kit.admin = (await kit.t.userWith('ADMIN')).token;
    kit.viewer = (await kit.t.userWith('VIEW_ONLY')).token;
  });
  afterAll(() => kit.t.close());
  return kit;
}
