import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type ApiResponse, type TestApp } from '../app';
import { buildBudgetYear, buildScenario, FIXTURES } from '../factories';
import { cents, realFile } from '../real-files';

/** The real Lunenburg MUNIS year-to-date slice (73 rows, CRLF), byte-identical to ../shared/fixtures/real's. */
export const LEDGER_FILE = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');
export const SHARED_LEDGER = realFile('lunenburg_munis_school_ytd_fy2023_slice.csv');

/** One row of the fixture, read by this test's own parser: amounts as integer cents (BigInt). */
export interface FixtureRow {
  row: number;
  period: number;
  account: string;
  obj: string;
  description: string;
  original: bigint;
  transfers: bigint;
  revised: bigint;
  expended: bigint;
  encumbered: bigint;
}

/** An independent read of the fixture: CRLF lines, commas (it has no quotes), header by name. */
export function parseFixture(text = readFileSync(LEDGER_FILE, 'utf8')): FixtureRow[] {
  const lines = text.split('\r\n').filter((l) => l !== '');
  const head = lines[0].split(',');
  const col = (name: string) => head.indexOf(name);
  return lines.slice(1).map((line, i) => {
    const c = line.split(',');
    return {
      row: i + 2,
      period: Number(c[col('period')]),
      account: c[col('account')],
      obj: c[col('obj')],
      description: c[col('description')],
      original: cents(c[col('original_approp')]),
      transfers: cents(c[col('transfers_adjustments')]),
      revised: cents(c[col('revised_budget')]),
      expended: cents(c[col('ytd_expended')]),
      encumbered: cents(c[col('encumbrances')]),
    };
  });
}

export const sumOf = (rows: readonly FixtureRow[], pick: (r: FixtureRow) => bigint) =>
  rows.reduce((s, r) => s + pick(r), 0n);

/** Dollars (a JSON number or numeric text from the database) as cents, exactly. */
export function centsOfDollars(value: number | string): bigint {
  return cents(typeof value === 'number' ? String(value) : value);
}

export interface LedgerSuite {
  t: TestApp;
  admin: { id: number; token: string };
  finance: { id: number; token: string };
  viewer: { id: number; token: string };
  /** POST /ledger/import/analyze with a file's bytes. */
  analyze(data: Buffer | string, name?: string, token?: string): Promise<ApiResponse>;
  /** Analyze, then execute with the suggested mapping (plus overrides) and the body given. */
  importFile(
    data: Buffer | string,
    body: Record<string, unknown>,
    options?: { name?: string; overrides?: Record<string, string | null>; token?: string },
  ): Promise<ApiResponse>;
  /** Rows of the ledger tables and saved mappings, to show that a refusal wrote nothing. */
  counts(): Promise<{ imports: number; accounts: number; audit: number }>;
  /** A budget year centred on a fiscal year, with an active proposed budget. */
  budgetYear(fiscalYear: number): Promise<{ budgetYearId: number; scenarioId: number }>;
  /** GET /ledger/report.xlsx as FINANCE: the streamed workbook, loaded, and its file name. */
  reportWorkbook(query: string): Promise<{ book: ExcelJS.Workbook; fileName: string | undefined }>;
}

/** `thread: 'worker'` runs embedded PGlite on its own thread, as the server does (for latency tests). */
export function ledgerSuite(prefix: string, options: { thread?: 'worker' | 'main' } = {}): LedgerSuite {
  const suite = {
    async analyze(data, name = 'ledger.csv', token = suite.admin.token) {
      const form = new FormData();
      form.append('file', new Blob([data as BlobPart]), name);
      const res = await fetch(`${suite.t.url}/api/ledger/import/analyze`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    async importFile(data, body, options = {}) {
      const analysis = await suite.analyze(data, options.name, options.token);
      expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
      const columnMappings: Record<string, string | null> = {};
      for (const [field, s] of Object.entries(
        analysis.body.suggestedMappings as Record<string, { csvColumn: string | null }>,
      )) {
        columnMappings[field] = s.csvColumn;
      }
      Object.assign(columnMappings, options.overrides);
      return suite.t.api('post', '/ledger/import/execute', {
        token: options.token ?? suite.admin.token,
        body: { fileName: analysis.body.fileName, columnMappings, ...body },
      });
    },
    async counts() {
      const n = async (table: string, where: Record<string, unknown> = {}) =>
        Number((await suite.t.db.knex(table).where(where).count('* as n'))[0].n);
      return {
        imports: await n('ledger_imports'),
        accounts: await n('ledger_accounts'),
        audit: await n('audit_log', { entity: 'ledger-import' }),
      };
    },
    async budgetYear(fiscalYear) {
      const budgetYearId = await buildBudgetYear(suite.t.db.knex, {
        currentFiscalYear: fiscalYear,
        label: `FY${fiscalYear}`,
      });
      const scenarioId = await buildScenario(suite.t.db.knex, budgetYearId, 'proposed', true, 'Proposed');
      return { budgetYearId, scenarioId };
    },
    async reportWorkbook(query) {
      const res = await fetch(`${suite.t.url}/api/ledger/report.xlsx?${query}`, {
        headers: { Authorization: `Bearer ${suite.finance.token}` },
      });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      return { book, fileName };
    },
  } as LedgerSuite;
  beforeAll(async () => {
    suite.t = await createTestApp({ thread: options.thread });
    suite.t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    suite.admin = await suite.t.userWith('ADMIN');
    suite.finance = await suite.t.userWith('FINANCE');
    suite.viewer = await suite.t.userWith('VIEW_ONLY');
  });
  afterAll(async () => {
    rmSync(suite.t.app.config.dataDir, { recursive: true, force: true });
    await suite.t.close();
  });
  return suite;
}
