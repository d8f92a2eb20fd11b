// What several benches share: a database of their own, the district's first rows, the production
// web build, the real server as a child process, and a browser signed in through the API.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Browser, BrowserContext } from 'playwright-core';
import { openDb } from '@server/db/index';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The 1-minute load average now, one decimal ('1.4'), to print beside a figure. */
/** The ADMIN most benches sign in as (the server creates it on start). */
export const BENCH_ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

export const loadNow = () => loadavg()[0].toFixed(1);

/** The middle value (the upper one of an even count). */
/** The lowest and highest of the 1-minute load averages sampled during a bench's runs. */
export const loadRange = (loads: number[]) =>
  `${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A new, empty database `name` on the server (one left by a crashed run is dropped first), and a way
 * to drop it again at the end.
 */
export async function benchDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = await openDb({ url: serverUrl });
  const dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  await admin.knex.raw(dropSql);
  await admin.knex.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.knex.raw(dropSql);
      await admin.close();
    },
  };
}

/** Budget year FY26 with its active operating budget and eight schools (S1..S8). */
export async function insertOperatingYear(
  db: Knex,
): Promise<{ yearId: number; scenarioId: number; buildingIds: number[] }> {
  const [year] = await db('budget_years')
    .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026, base_year: 2026 })
    .returning('id');
  const [scenario] = await db('scenarios')
    .insert({
      budget_year_id: year.id,
      name: 'FY26 Operating',
      scenario_type: 'operating',
      is_active: true,
    })
    .returning('id');
  const buildings = await db('buildings')
    .insert(Array.from({ length: 8 }, (_, i) => ({ name: `School ${i + 1}`, code: `S${i + 1}` })))
    .returning('id');
  return {
    yearId: year.id,
    scenarioId: scenario.id,
    buildingIds: buildings.map((b: { id: number }) => b.id),
  };
}

/** The production web build into `outDir`, as the server serves it (WEB_DIST). */
export function buildWeb(outDir: string): void {
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'error',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not start within 2 minutes');
}

export interface BenchServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Ends the server and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * The real server (`tsx server/index.ts`, as in production) on `port` over `databaseUrl`, serving the
 * web build in `webDist`, with `admin` as its first admin and no demo district; `env` adds to or
 * overrides its environment. Resolves once /api/health answers.
 */
export async function startServer(options: {
  databaseUrl: string;
  webDist: string;
  port: number;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${options.port}`;
  // Its own process group, so stopping the bench stops tsx and the server it runs.
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/index.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      WEB_DIST: options.webDist,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
  };
  try {
    await waitForHealth(base, server);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

/** POST /api/auth/login: the token and user the login screen stores. */
export async function apiLogin(
  base: string,
  credentials: { email: string; password: string },
): Promise<{ token: string; user: unknown }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) {
    throw new Error(`Sign-in as ${credentials.email} answered ${login.status}`);
  }
  return (await login.json()) as { token: string; user: unknown };
}

/** A fresh browser context (no cache) with the session already stored, as after signing in. */
export async function signedInContext(
  browser: Browser,
  session: { token: string; user: unknown },
  options: { baseURL?: string; viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return context;
}

/** A port nothing listens on now, for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
