// npm run bench -- load: 200 concurrent clients for 60 s against the real server (spawned as
// `tsx server/index.ts` on the loopback address), on the embedded database (PGlite in a temporary
// DATA_DIR) and on a PostgreSQL server (a database this bench creates and drops), each holding the
// demo district. Two loads per database: reads only (what the screens fetch), and reads mixed with
// writes (one request in five saves a town goal). autocannon generates the load; it prints
// throughput, p50/p99 latency, errors (connection errors and timeouts) and non-2xx answers, and
// /api/health is timed during the load, since it must never wait for the database.
// Bounded: 4 x 60 s of load, plus start-up and seeding (about 6 minutes in all).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  apiLogin,
  benchDatabase,
  loadNow,
  startServer,
  type BenchServer,
  freePort,
  BENCH_ADMIN as ADMIN,
} from './lib';
import type { BenchContext } from './run';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

/** The requests a signed-in screen makes: lists, the dashboard's summary, who am I, the page. */
async function readRequests(base: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await fetch(`${base}/api/budget-years`, { headers })).json()) as {
    budgetYears: { id: number; currentFiscalYear: number }[];
  };
  const year = years.budgetYears[0];
  const scope = `budgetYearId=${year.id}&fiscalYear=${year.currentFiscalYear}`;
  return [
    '/api/auth/me',
    '/api/budget-years',
    `/api/line-items/budget/summary?${scope}`,
    '/api/categories',
    '/api/buildings',
    '/api/town-goals',
    `/api/line-items/summary/by-category?${scope}`,
    '/api/cola/contracts',
    '/',
  ].map((p) => ({ method: 'GET', path: p, headers }));
}

/** Polls /api/health through the load; returns the slowest answer in ms. */
function watchHealth(base: string): { stop(): Promise<number> } {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        await (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
        slowest = Math.max(slowest, performance.now() - start);
      } catch {
        slowest = Math.max(slowest, 30_000);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return slowest;
    },
  };
}

async function measure(ctx: BenchContext, label: string, server: BenchServer) {
  const { token } = await apiLogin(server.base, ADMIN);
  const reads = await readRequests(server.base, token);
  const write = {
    method: 'POST',
    path: '/api/town-goals',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fiscalYear: 2031, goalType: 'DOLLAR', dollarGoal: 1_000_000 }),
  };
  const mixed = [...reads.slice(0, 4), write];
  for (const [load, requests] of [
    ['read', reads],
    ['mixed 4:1', mixed],
  ] as const) {
    const health = watchHealth(server.base);
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
      requests: [...requests],
    });
    const slowestHealth = await health.stop();
    const name = `${label}, ${load}`;
    ctx.report(`${name}: throughput`, result.requests.average, 'req/s');
    ctx.report(`${name}: p50 / p99`, `${result.latency.p50} / ${result.latency.p99} ms`);
    ctx.report(
      `${name}: errors / timeouts / non-2xx of ${result.requests.total.toLocaleString('en-US')}`,
      `${result.errors} / ${result.timeouts} / ${result.non2xx}`,
    );
    ctx.report(`${name}: slowest /api/health during the load`, slowestHealth, 'ms');
    ctx.report(`${name}: load average after`, loadNow());
  }
}

export default async function load(ctx: BenchContext) {
  ctx.report('connections x seconds', `${CONNECTIONS} x ${SECONDS}`);
  ctx.report('load average before', loadNow());
  const webDist = mkdtempSync(path.join(tmpdir(), 'budget-load-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Budget</title>');
  const env = { SEED_DEMO: '1', DEMO_PASSWORD: ADMIN.password, PASSWORD_COST: '10', LOG_LEVEL: 'error' };
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'budget-load-data-'));
    const embedded = await startServer({
      databaseUrl: '',
      webDist,
      port: await freePort(),
      admin: ADMIN,
      env: { ...env, DATA_DIR: dataDir },
    });
    try {
      await measure(ctx, 'embedded (PGlite)', embedded);
    } finally {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const db = await benchDatabase(ctx.serverUrl, 'budget_bench_load');
    try {
      const pg = await startServer({
        databaseUrl: db.url,
        webDist,
        port: await freePort(),
        admin: ADMIN,
        env,
      });
      try {
        await measure(ctx, 'PostgreSQL', pg);
      } finally {
        await pg.stop();
      }
    } finally {
      await db.drop();
    }
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}
