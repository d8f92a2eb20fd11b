// npm run bench -- actuals-report: budget vs actual over a 300,000-account ledger (written straight
// into the ledger tables, as test/large-ledger.ts does for the tests) and 2,000 proposed lines, 1,500
// of them naming an account, against the real app (spawned as `tsx server/index.ts`) on a real
// PostgreSQL server in a database this bench creates and drops. Each read: one warm-up, then the
// median of RUNS, with the slowest /api/health answer seen while it ran (polled every 100 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '@server/db/index';
import { insertLargeLedger, largeAccount } from '../test/large-ledger';
import { apiLogin, benchDatabase, freePort, loadNow, median, startServer, BENCH_ADMIN as ADMIN } from './lib';
import type { BenchContext } from './run';

const ACCOUNTS = 300_000;
const LINES = 2_000;
const RUNS = 3;
const FY = 2026;

async function seed(url: string): Promise<void> {
  const handle = await openDb({ url });
  try {
    const db = handle.knex;
    const [year] = await db('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: FY, base_year: FY })
      .returning('id');
    const [scenario] = await db('scenarios')
      .insert({ budget_year_id: year.id, name: 'FY26 Proposed', scenario_type: 'proposed', is_active: true })
      .returning('id');
    const [category] = await db('budget_categories')
      .insert({ name: 'Teachers', dese_function: '2305', display_order: 1 })
      .returning('id');
    const lines = Array.from({ length: LINES }, (_, i) => ({
      budget_year_id: year.id,
      scenario_id: scenario.id,
      fiscal_year: FY,
      is_operating: false,
      account_description: `Line ${i + 1}`,
      account_line: i < (LINES * 3) / 4 ? largeAccount(i * 97 + 1) : null,
      amount: String(1000 + i),
      category_id: i % 3 ? category.id : null,
    }));
    for (let i = 0; i < lines.length; i += 500) {
      await db('line_items').insert(lines.slice(i, i + 500));
    }
    await insertLargeLedger(db, { fiscalYear: FY, accounts: ACCOUNTS });
  } finally {
    await handle.close();
  }
}

/** Runs `call` while polling health; its time, what it answered and the slowest health answer. */
async function watched(base: string, call: () => Promise<number>) {
  let done = false;
  let slowest = 0;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  try {
    const bytes = await call();
    return { ms: performance.now() - t0, bytes, healthMs: slowest };
  } finally {
    done = true;
    await poll;
  }
}

export default async function run(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, 'bench_actuals_report');
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-bva-web-'));
  const port = await freePort();
  const server = await startServer({ databaseUrl: database.url, webDist, port, admin: ADMIN });
  try {
    const t0 = performance.now();
    await seed(database.url);
    ctx.report(
      `seed ${ACCOUNTS.toLocaleString('en-US')} ledger accounts`,
      (performance.now() - t0) / 1000,
      's',
    );
    const { token } = await apiLogin(server.base, ADMIN);
    const get = async (p: string) => {
      const res = await fetch(`${server.base}/api${p}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!res.ok) {
        throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
      return (await res.arrayBuffer()).byteLength;
    };
    const reads: [string, string][] = [
      ['report by category (the screen)', `/ledger/report?fiscalYear=${FY}`],
      ['report by account, first 500 rows', `/ledger/report?fiscalYear=${FY}&by=account`],
      [
        'report by function, a group of 30,000 accounts: page 2',
        `/ledger/report?fiscalYear=${FY}&by=function&group=2305&offset=200`,
      ],
      ['summary (dashboard card)', `/ledger/summary?fiscalYear=${FY}`],
      ['workbook by function (every account)', `/ledger/report.xlsx?fiscalYear=${FY}&by=function`],
    ];
    for (const [name, p] of reads) {
      await get(p);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await watched(server.base, () => get(p)));
      }
      ctx.report(`${name}: time`, median(runs.map((r) => r.ms)), 'ms');
      ctx.report(`${name}: size`, runs[0].bytes / 1024, 'KB');
      ctx.report(`${name}: slowest health`, Math.max(...runs.map((r) => r.healthMs)), 'ms');
    }
    ctx.report('load average during the run', loadNow());
  } finally {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
    await database.drop();
  }
}
