// npm run bench -- cli: what a script or a person waits for on each budget-cli command, and what the
// server takes to start, now that both run as JavaScript compiled once (dist/, scripts/build-server.mjs)
// instead of TypeScript compiled on every run. Runs the real binary against the demo district in a
// database this bench creates on the PostgreSQL server and drops.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchDatabase, median, ROOT, freePort } from './lib';
import type { BenchContext } from './run';

const RUNS = 9;
const START_RUNS = 3;
const HELP_LIMIT_MS = 300;
const BIN = path.join(ROOT, 'bin/budget-cli.mjs');

/** Wall-clock milliseconds of one run of `command args` (which must succeed). */
function timed(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (run.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  }
  return ms;
}

/** Milliseconds from spawning the server until /api/health answers; then it is stopped. */
async function serverStart(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  try {
    for (;;) {
      if (server.exitCode !== null) {
        throw new Error(`${command} ${args.join(' ')} exited ${server.exitCode}`);
      }
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  }
}

const summary = (values: number[]) =>
  `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;

export default async function cliBench(ctx: BenchContext): Promise<void> {
  ctx.report('load average at start (1 min, 2 cores)', loadavg()[0]);
  const started = performance.now();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  ctx.report('compile server and CLI into dist/ (esbuild)', Math.round(performance.now() - started), 'ms');

  const database = await benchDatabase(ctx.serverUrl, 'budget_bench_cli');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PASSWORD_COST: '10',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_EMAIL: 'bench-admin@example.org',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  try {
    execFileSync(process.execPath, [BIN, 'db', 'migrate'], { cwd: ROOT, env, stdio: 'ignore' });
    execFileSync(process.execPath, [BIN, 'db', 'seed', '--demo'], { cwd: ROOT, env, stdio: 'ignore' });

    const help = Array.from({ length: RUNS }, () => timed(process.execPath, [BIN, '--help'], env));
    ctx.report(`budget-cli --help (node bin/budget-cli.mjs), median of ${RUNS}`, summary(help));
    if (median(help) > HELP_LIMIT_MS) {
      ctx.report('WARNING', `--help took more than ${HELP_LIMIT_MS} ms`);
    }
    const npx = Array.from({ length: 5 }, () => timed('npx', ['--no-install', 'budget-cli', '--help'], env));
    ctx.report('npx budget-cli --help (npm itself included), median of 5', summary(npx));

    const users = Array.from({ length: RUNS }, () =>
      timed(process.execPath, [BIN, 'users', 'list', '--json'], env),
    );
    ctx.report(`budget-cli users list --json, median of ${RUNS}`, summary(users));
    const dashboard = Array.from({ length: RUNS }, () =>
      timed(process.execPath, [BIN, 'dashboard', 'summary', '--budget-year', 'FY26', '--json'], env),
    );
    ctx.report(
      `budget-cli dashboard summary --budget-year FY26 --json, median of ${RUNS}`,
      summary(dashboard),
    );

    // Publish as the CLI runs it (which dashboard, then the snapshot), then its status, which works
    // out whether the data changed since (every published year's figures again).
    const publish = Array.from({ length: 3 }, () =>
      timed(process.execPath, [BIN, 'publish', '--years', '2026', '--confirm'], env),
    );
    ctx.report('budget-cli publish --years 2026 --confirm, median of 3', summary(publish));
    const status = Array.from({ length: 3 }, () =>
      timed(process.execPath, [BIN, 'publish', '--status'], env),
    );
    ctx.report('budget-cli publish --status (published), median of 3', summary(status));

    // The same command with the TypeScript sources compiled on the fly, as before dist/.
    const tsx = Array.from({ length: 3 }, () =>
      timed(
        path.join(ROOT, 'node_modules/.bin/tsx'),
        ['cli/index.ts', 'dashboard', 'summary', '--budget-year', 'FY26', '--json'],
        env,
      ),
    );
    ctx.report('the same through tsx (TypeScript compiled on each run), median of 3', summary(tsx));

    const compiled: number[] = [];
    const onTheFly: number[] = [];
    for (let i = 0; i < START_RUNS; i++) {
      compiled.push(await serverStart(process.execPath, [path.join(ROOT, 'dist/server.mjs')], env));
      onTheFly.push(await serverStart(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/index.ts'], env));
    }
    ctx.report(`server start to /api/health, dist/server.mjs, median of ${START_RUNS}`, summary(compiled));
    ctx.report(
      `server start to /api/health, tsx server/index.ts, median of ${START_RUNS}`,
      summary(onTheFly),
    );
  } finally {
    ctx.report('load average at end (1 min, 2 cores)', loadavg()[0]);
    await database.drop();
  }
}
