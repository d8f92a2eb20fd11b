// A ledger import of the largest size allowed (100,000 rows, about 10 MB of CSV) through the real
// server, on PostgreSQL and on the embedded database: the time from upload to result (analysis,
// preview, import), and the longest wait of /api/health and of a signed-in read (/api/auth/me)
// polled throughout on connections of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../server/db/index';
import { generatedLedgerCsv } from '../test/ledger-files';
import {
  apiLogin,
  BENCH_ADMIN,
  benchDatabase,
  freePort,
  insertOperatingYear,
  loadNow,
  startServer,
} from './lib';
import type { BenchContext } from './run';

const ROWS = 100_000;

function timedGet(url: string, token?: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : -1));
    })
      .on('error', reject)
      .end();
  });
}

async function run(ctx: BenchContext, label: string, base: string) {
  const { token } = await apiLogin(base, BENCH_ADMIN);
  // Made before the probes start: making it holds this process, which would count as the server's wait.
  const form = new FormData();
  form.append('file', new Blob([generatedLedgerCsv(ROWS)]), 'ledger-fy2026.csv');
  let done = false;
  // -1: an answer other than 200 (counted, not timed).
  const worst = { health: 0, signedIn: 0, failed: 0 };
  const probes = (async () => {
    while (!done) {
      const [h, m] = await Promise.all([
        timedGet(`${base}/api/health`),
        timedGet(`${base}/api/auth/me`, token),
      ]);
      worst.health = Math.max(worst.health, h);
      worst.signedIn = Math.max(worst.signedIn, m);
      worst.failed += Number(h < 0) + Number(m < 0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const analysis = (await (
    await fetch(`${base}/api/ledger/import/analyze`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { fileName: string; suggestedMappings: Record<string, { csvColumn: string | null }> };
  const analyzed = performance.now();
  const execute = async (dryRun: boolean) => {
    const res = await fetch(`${base}/api/ledger/import/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fileName: analysis.fileName,
        fiscalYear: 2026,
        dryRun,
        columnMappings: Object.fromEntries(
          Object.entries(analysis.suggestedMappings).map(([f, s]) => [f, s.csvColumn]),
        ),
      }),
    });
    if (!res.ok) {
      throw new Error(`execute answered ${res.status}: ${await res.text()}`);
    }
    return (await res.json()) as { imported: number };
  };
  await execute(true);
  const previewed = performance.now();
  const result = await execute(false);
  const imported = performance.now();
  done = true;
  await probes;
  if (result.imported !== ROWS) {
    throw new Error(`imported ${result.imported} of ${ROWS}`);
  }
  ctx.report(`${label}: upload and analysis, ${ROWS.toLocaleString('en-US')} rows`, analyzed - started, 'ms');
  ctx.report(`${label}: preview (dry run)`, previewed - analyzed, 'ms');
  ctx.report(`${label}: import`, imported - previewed, 'ms');
  ctx.report(`${label}: slowest /api/health meanwhile`, worst.health, 'ms');
  ctx.report(`${label}: slowest signed-in read meanwhile`, worst.signedIn, 'ms');
  ctx.report(`${label}: health or signed-in reads not answered 200`, worst.failed);
  ctx.report(`${label}: load average`, loadNow());
}

export default async function ledgerImportBench(ctx: BenchContext) {
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-ledger-web-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ledger-data-'));
  const database = await benchDatabase(ctx.serverUrl, `bench_ledger_${process.pid}`);
  try {
    const server = await startServer({
      databaseUrl: database.url,
      webDist,
      port: await freePort(),
      admin: BENCH_ADMIN,
      env: { PASSWORD_COST: '12' },
    });
    try {
      const db = await openDb({ url: database.url });
      await insertOperatingYear(db.knex);
      await db.close();
      await run(ctx, 'PostgreSQL', server.base);
    } finally {
      await server.stop();
    }
    // Embedded: the demo district holds FY2026.
    const embedded = await startServer({
      databaseUrl: '',
      webDist,
      port: await freePort(),
      admin: BENCH_ADMIN,
      env: { PASSWORD_COST: '12', DATA_DIR: dataDir, SEED_DEMO: '1', DEMO_PASSWORD: 'bench-demo-password' },
    });
    try {
      await run(ctx, 'embedded', embedded.base);
    } finally {
      await embedded.stop();
    }
  } finally {
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
