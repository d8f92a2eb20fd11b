// npm run bench -- public-view: 500 residents at once reading the published public dashboard for
// 30 s, against the real server (spawned as `tsx server/index.ts`) on the EMBEDDED database (PGlite
// in a DATA_DIR this bench makes and removes). The view answers from the Publish snapshot (no
// aggregation per request). Each resident is a loop over one keep-alive connection on loopback:
// request, wait for the whole answer, request again. Half of them revalidate with If-None-Match
// after their first answer, as a browser does; half always ask for the full body.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { AppContext } from '@server/context';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { systemActor } from '@server/policies/index';
import { getConfig, publish, updateConfig } from '@server/domains/public-dashboard/public-dashboard';
import { loadNow, startServer, BENCH_ADMIN as ADMIN } from './lib';
import type { BenchContext } from './run';

const RESIDENTS = 500;
const SECONDS = 30;
const P99_LIMIT_MS = 100;
const EMPLOYEES = 2_000;
const PROPOSED = 1_000;
const URL_PATH = 'bench-district';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A district of EMPLOYEES staff in 8 schools and PROPOSED budget lines in 6 categories, FY2026. */
async function seedDistrict(db: Knex): Promise<void> {
  const [year] = await db('budget_years')
    .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026, base_year: 2026 })
    .returning('id');
  const scenarios = await db('scenarios')
    .insert([
      { budget_year_id: year.id, name: 'Operating', scenario_type: 'operating', is_active: true },
      { budget_year_id: year.id, name: 'Proposed', scenario_type: 'proposed', is_active: true },
    ])
    .returning(['id', 'scenario_type']);
  const op = scenarios.find((s: { scenario_type: string }) => s.scenario_type === 'operating').id;
  const pr = scenarios.find((s: { scenario_type: string }) => s.scenario_type === 'proposed').id;
  const buildings = await db('buildings')
    .insert(Array.from({ length: 8 }, (_, i) => ({ name: `School ${i + 1}`, code: `S${i + 1}` })))
    .returning('id');
  const categories = await db('budget_categories')
    .insert(
      ['Teachers', 'Paraprofessionals', 'Administration', 'Operations', 'Transportation', 'Materials'].map(
        (name, i) => ({ name, display_order: i }),
      ),
    )
    .returning('id');
  const positions = ['Grade 3 Teacher', 'Instructional Paraprofessional', 'Custodian', 'Principal'];
  const staff = Array.from({ length: EMPLOYEES }, (_, i) => ({
    budget_year_id: year.id,
    scenario_id: op,
    fiscal_year: 2026,
    is_operating: true,
    first_name: `First${i}`,
    last_name: `Last${i}`,
    position: positions[i % positions.length],
    current_salary: (40_000 + ((i * 7919) % 60_000) + (i % 100) / 100).toFixed(2),
    building_id: buildings[i % 8].id,
    employee_status: 'Active',
  }));
  const lines = Array.from({ length: PROPOSED }, (_, i) => ({
    budget_year_id: year.id,
    scenario_id: pr,
    fiscal_year: 2026,
    is_operating: false,
    account_description: `Account ${i}`,
    amount: (1_000 + ((i * 104729) % 900_000) + (i % 100) / 100).toFixed(2),
    category_id: categories[i % categories.length].id,
    building_id: i % 9 === 8 ? null : buildings[i % 8].id,
    dese_code: ['2305', '1210', '4220', '3300'][i % 4],
  }));
  await db.batchInsert('line_items', staff, 500);
  await db.batchInsert('line_items', lines, 500);
  await db('town_goals').insert({ fiscal_year: 2026, goal_type: 'DOLLAR', dollar_goal: '500000000.00' });
}

interface Tally {
  latencies: number[];
  ok: number;
  notModified: number;
  errors: number;
  errorSample: string | null;
}

/** One resident: requests in a loop on its own keep-alive connection until `until`. */
async function resident(base: URL, agent: Agent, revalidate: boolean, until: number, tally: Tally) {
  let etag: string | null = null;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const answer = await new Promise<{ status: number; etag: string | null }>((resolve, reject) => {
        const req = request(
          {
            host: base.hostname,
            port: base.port,
            path: `/api/public-dashboard/view/${URL_PATH}`,
            agent,
            headers: revalidate && etag ? { 'If-None-Match': etag } : {},
          },
          (res) => {
            res.on('data', () => {});
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string) ?? null }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });
      tally.latencies.push(performance.now() - started);
      if (answer.status === 200) {
        tally.ok += 1;
        etag = answer.etag;
      } else if (answer.status === 304) {
        tally.notModified += 1;
      } else {
        tally.errors += 1;
        tally.errorSample ??= `HTTP ${answer.status}`;
      }
    } catch (err) {
      tally.errors += 1;
      tally.errorSample ??= (err as Error).message;
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export default async function publicViewBench(ctx: BenchContext): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-public-view-'));
  try {
    const handle = await openDb({ dataDir });
    try {
      await migrateLatest(handle.knex);
      await seedDistrict(handle.knex);
      const app: AppContext = {
        db: handle.knex,
        config: loadConfig({ ...process.env, DATA_DIR: dataDir }),
        log: createLogger('silent'),
      };
      const actor = systemActor('bench');
      const { config } = await getConfig(app, actor);
      await updateConfig(app, actor, config.id, { urlPath: URL_PATH, showSalaryCharts: true });
      const started = performance.now();
      await publish(app, actor, config.id, { publishedYears: [2026] });
      ctx.report('Publish (snapshot of FY2026)', performance.now() - started, 'ms');
    } finally {
      await handle.close();
    }

    const port = await freePort();
    const server = await startServer({
      databaseUrl: '',
      webDist: path.join(dataDir, 'no-web'),
      port,
      admin: ADMIN,
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
    });
    try {
      const base = new URL(server.base);
      const first = await fetch(`${server.base}/api/public-dashboard/view/${URL_PATH}`);
      const bytes = (await first.arrayBuffer()).byteLength;
      if (first.status !== 200) {
        throw new Error(`The public view answered ${first.status}`);
      }
      ctx.report('view body', bytes, 'bytes');
      const agent = new Agent({ keepAlive: true, maxSockets: RESIDENTS });
      const tally: Tally = { latencies: [], ok: 0, notModified: 0, errors: 0, errorSample: null };
      const loadBefore = loadNow();
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: RESIDENTS }, (_, i) => resident(base, agent, i % 2 === 0, until, tally)),
      );
      agent.destroy();
      const sorted = [...tally.latencies].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      ctx.report(`${RESIDENTS} residents for ${SECONDS} s: requests`, sorted.length);
      ctx.report('requests per second', sorted.length / SECONDS);
      ctx.report(
        '200 / 304 / errors',
        `${tally.ok} / ${tally.notModified} / ${tally.errors}${tally.errorSample ? ` (${tally.errorSample})` : ''}`,
      );
      ctx.report('p50', percentile(sorted, 50), 'ms');
      ctx.report('p95', percentile(sorted, 95), 'ms');
      ctx.report('p99', p99, 'ms');
      ctx.report('max', sorted[sorted.length - 1], 'ms');
      ctx.report('load average (1 min) before / after', `${loadBefore} / ${loadNow()}`);
      ctx.report(
        `p99 under ${P99_LIMIT_MS} ms with no error`,
        p99 < P99_LIMIT_MS && tally.errors === 0 ? 'yes' : 'NO',
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
