import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEDGER_FILE, ledgerSuite } from '../../test/worlds/ledger.suite';
import { ledgerRoutes } from './ledger';

const s = ledgerSuite('ledger-aliases-');
const file = readFileSync(LEDGER_FILE);

/**
 * The ledger's API moved from /api/actuals/... to /api/ledger/...; the old paths stay as aliases of
 * the same operations, so scripts written against them keep working.
 */
describe('the old /actuals paths', () => {
  it('are every /ledger route again, with the same action and schemas', () => {
    const ledger = ledgerRoutes.filter((r) => r.path.startsWith('/ledger/'));
    const old = ledgerRoutes.filter((r) => r.path.startsWith('/actuals/'));
    expect(ledger.length).toBeGreaterThanOrEqual(8);
    expect(old.map((r) => `${r.method} ${r.path}`)).toEqual(
      ledger.map((r) => `${r.method} ${r.path.replace('/ledger/', '/actuals/')}`),
    );
    old.forEach((r, i) => {
      expect([r.action, r.query, r.body, r.response]).toEqual([
        ledger[i].action,
        ledger[i].query,
        ledger[i].body,
        ledger[i].response,
      ]);
    });
  });

  it('answer as the new ones do: analyze, dry run, import, the pattern, the report, its workbook and the summary', async () => {
    await s.budgetYear(2023);
    const token = s.admin.token;
    const form = new FormData();
    form.append('file', new Blob([file]), 'ledger.csv');
    const res = await fetch(`${s.t.url}/api/actuals/import/analyze`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const analysis = (await res.json()) as {
      fileName: string;
      suggestedMappings: Record<string, { csvColumn: string | null }>;
    };
    const columnMappings = Object.fromEntries(
      Object.entries(analysis.suggestedMappings).map(([f, m]) => [f, m.csvColumn]),
    );
    const body = { fileName: analysis.fileName, columnMappings, fiscalYear: 2023 };
    const dry = await s.t.api('post', '/actuals/import/execute', { token, body: { ...body, dryRun: true } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, importId: null });
    const real = await s.t.api('post', '/actuals/import/execute', { token, body });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body).toMatchObject({ dryRun: false, imported: dry.body.imported });

    for (const path of ['/imports?fiscalYear=2023', '/account-pattern', '/summary?fiscalYear=2023']) {
      const [old, now] = await Promise.all([
        s.t.api('get', `/actuals${path}`, { token }),
        s.t.api('get', `/ledger${path}`, { token }),
      ]);
      expect(old.status, path).toBe(200);
      expect(old.body, path).toEqual(now.body);
    }
    const report = (base: string) => s.t.api('get', `${base}/report?fiscalYear=2023&by=function`, { token });
    const [oldReport, newReport] = await Promise.all([report('/actuals'), report('/ledger')]);
    expect(oldReport.status).toBe(200);
    expect(oldReport.body.totals).toEqual(newReport.body.totals);
    const pattern = await s.t.api('put', '/actuals/account-pattern', {
      token,
      body: { pattern: 'FUND-x-xxx-FUNC-...-OBJECT' },
    });
    expect(pattern.status).toBe(200);

    const book = await fetch(`${s.t.url}/api/actuals/report.xlsx?fiscalYear=2023&by=function`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(book.status).toBe(200);
    expect(book.headers.get('content-type')).toContain('spreadsheetml');
    expect((await book.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('are in the OpenAPI document, each naming the path it is the old name of', async () => {
    const doc = await s.t.api('get', '/openapi.json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<string, Record<string, { summary: string }>>;
    expect(paths['/api/ledger/report'].get.summary).toMatch(/^Budget vs actual for a fiscal year/);
    expect(paths['/api/actuals/report'].get.summary).toMatch(
      /^The old path of GET \/api\/ledger\/report, kept as an alias: Budget vs actual/,
    );
    expect(Object.keys(paths).filter((p) => p.startsWith('/api/actuals/'))).toHaveLength(
      Object.keys(paths).filter((p) => p.startsWith('/api/ledger/')).length,
    );
  });
});
