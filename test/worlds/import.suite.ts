import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type ApiResponse, type TestApp } from '../app';
import { analyze, makeDistrict, type District, type UploadResponse } from '../factories';

/** The field → column mapping the analysis suggests, as POST /import/execute takes it. */
export function suggestedMapping(analysis: UploadResponse): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(analysis.body.suggestedMappings as Record<string, { csvColumn: string | null }>).map(
      ([field, s]) => [field, s.csvColumn],
    ),
  );
}

export interface ImportSuite {
  t: TestApp;
  admin: { id: number; token: string };
  d: District;
  /** Analyzes a CSV written inline and returns its upload token and suggested mapping. */
  upload(
    csv: string,
    name?: string,
    importType?: string,
    token?: string,
  ): Promise<{ fileName: string; mapping: Record<string, string | null>; analysis: UploadResponse['body'] }>;
  /** The body fields that import into the suite's district: its budget year and version. */
  target(importType?: string): { importType: string; budgetYearId: number; versionId: number };
  /** POST /import/execute, as the suite's admin unless another token is given. */
  execute(body: Record<string, unknown>, token?: string): Promise<ApiResponse>;
}

/**
 * The setup every import route test file shares: a server over the file's own database, an admin,
 * a district of its own, and uploads in a temporary DATA_DIR of the file's own (so counting them is
 * not disturbed by other files), removed afterwards. Call at the top of the file; `t`, `admin` and
 * `d` are filled in by the suite's beforeAll.
 */
export function importSuite(tmpPrefix: string): ImportSuite {
  const suite = {
    async upload(csv, name = 'staff.csv', importType = 'operating', token = suite.admin.token) {
      const res = await analyze(suite.t, token, { name, data: csv }, { importType });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { fileName: res.body.fileName as string, mapping: suggestedMapping(res), analysis: res.body };
    },
    target: (importType = 'operating') => ({
      importType,
      budgetYearId: suite.d.budgetYearId,
      versionId: suite.d.versionId,
    }),
    execute: (body, token = suite.admin.token) => suite.t.api('post', '/import/execute', { token, body }),
  } as ImportSuite;
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), tmpPrefix));
    suite.admin = await suite.t.userWith('ADMIN');
    suite.d = await makeDistrict(suite.t.db.knex);
  });
  afterAll(async () => {
    rmSync(suite.t.app.config.dataDir, { recursive: true, force: true });
    await suite.t.close();
  });
  return suite;
}
