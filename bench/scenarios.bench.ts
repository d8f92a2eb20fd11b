// npm run bench -- scenarios: the Scenario Builder's calls over HTTP with 20,000 proposed lines (and
// 50,000 employee lines beside them) in one fiscal year, against the real app (spawned as
// `tsx server/index.ts`) on a real PostgreSQL server, in a database this bench creates and drops:
// the baseline (target < 300 ms; repeated, and with a line changed before each call), a calculate of 2,000 percents (target < 100 ms), saving 2,000
// percents, a quick cut of a whole category, the list of saved scenarios and a comparison of three;
// then in Chromium, a slider dragged with the mouse and the cards settling (bench/scenario-slider.ts).
// Each figure has its CPU time beside it (the server's and its PostgreSQL backends'), which a machine
// shared with other work inflates far less than the clock.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '@server/db/index';
import {
  apiLogin,
  benchDatabase,
  buildWeb,
  median,
  startServer,
  type BenchServer,
  BENCH_ADMIN as ADMIN,
} from './lib';
import { measureSlider } from './scenario-slider';
import { seed } from './dashboard.bench';
import type { BenchContext } from './run';

const RUNS = 7;
const ADJUSTMENTS = 2_000;
const BASELINE_LIMIT_MS = 300;
const CALCULATE_LIMIT_MS = 100;
/** A category held at 90% (maintenance of effort), and 200 lines elsewhere held at 50%. */
const FLOORED_CATEGORY = 'Special Education Tuition';

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

/** CPU time (ns) a process has spent, all its threads (Linux /proc); 0 once it is gone. */
function cpuNs(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce(
      (sum, task) => sum + Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]),
      0,
    );
  } catch {
    return 0;
  }
}

/**
 * The CPU the server spends answering: its own processes (tsx and the node it runs, found by the
 * PORT in their environment) and the PostgreSQL backends connected to the bench's database. A busy
 * machine stretches the clock far more than it stretches this. Null where it cannot be read (not
 * Linux, or PostgreSQL on another host).
 */
async function cpuMeter(url: string, port: number) {
  const host = new URL(url).hostname;
  if (!existsSync('/proc/self/schedstat') || !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    return null;
  }
  const server = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes(`PORT=${port}`);
      } catch {
        return false;
      }
    })
    .map(Number);
  const handle = await openDb({ url });
  return {
    /** pid -> CPU ns of the server's processes and backends now. */
    async snapshot(): Promise<Map<number, number>> {
      const { rows } = await handle.knex.raw(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const pids = [...server, ...rows.map((r: { pid: number }) => r.pid)];
      return new Map(pids.map((pid) => [pid, cpuNs(pid)]));
    },
    close: () => handle.close(),
  };
}

/** CPU ms between two snapshots (a backend that appeared in between counts from zero). */
const cpuMs = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ns]) => sum + ns - (before.get(pid) ?? 0), 0) / 1e6;

/** A deterministic generator, so every run cuts the same lines by the same percents. */
function random(seedValue: number): () => number {
  let s = seedValue;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** `count` distinct lines among `ids`, each to a percent from `min` to 99.99 (hundredths). */
function adjustments(ids: number[], count: number, min: number, seedValue: number): Record<string, number> {
  const rand = random(seedValue);
  const pool = [...ids];
  const out: Record<string, number> = {};
  for (let i = 0; i < count && pool.length; i += 1) {
    const [id] = pool.splice(Math.floor(rand() * pool.length), 1);
    out[String(id)] = (min * 100 + Math.floor(rand() * (9999 - min * 100 + 1))) / 100;
  }
  return out;
}

/** Floors and the lines to cut: line ids outside the floored category and the floored lines. */
async function prepare(url: string, budgetYearId: number) {
  const handle = await openDb({ url });
  try {
    const db = handle.knex;
    const category = await db('budget_categories').where({ name: FLOORED_CATEGORY }).first('id');
    const rows: { id: number; category_id: number | null }[] = await db('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: false })
      .orderBy('id')
      .select('id', 'category_id');
    const free = rows.filter((r) => r.category_id !== category.id).map((r) => r.id);
    const flooredLines = free.filter((_, i) => i % 90 === 0).slice(0, 200);
    await db('cut_floors').insert([
      { budget_year_id: budgetYearId, category_id: category.id, floor_percent: 90, reason: 'MOE' },
      ...flooredLines.map((id) => ({
        budget_year_id: budgetYearId,
        line_item_id: id,
        floor_percent: 50,
        reason: 'Contractual',
      })),
    ]);
    const floored = new Set(flooredLines);
    // The quick cut's category: the largest one without a category floor.
    const [largest] = await db('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: false })
      .whereNot('category_id', category.id)
      .groupBy('category_id')
      .orderByRaw('count(*) DESC')
      .limit(1)
      .select('category_id', db.raw('count(*)::int AS n'));
    return {
      cuttable: free.filter((id) => !floored.has(id)),
      lines: rows.length,
      quickCategory: largest as { category_id: number; n: number },
    };
  } finally {
    await handle.close();
  }
}

export default async function scenariosBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_scenarios_${process.pid}`);
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-scenarios-web-'));
  let server: BenchServer | undefined;
  let meter: Awaited<ReturnType<typeof cpuMeter>> = null;
  try {
    // The machine may be shared: say how busy it was, since every figure below scales with it.
    ctx.report('load average at start (1 min, 2 cores)', loadavg()[0]);
    const started = performance.now();
    const budgetYearId = await seed(database.url);
    const { cuttable, lines, quickCategory } = await prepare(database.url, budgetYearId);
    ctx.report(
      `load 50,000 employee + ${lines.toLocaleString('en-US')} proposed lines`,
      performance.now() - started,
      'ms',
    );

    buildWeb(webDist);
    const port = await freePort();
    server = await startServer({
      databaseUrl: database.url,
      webDist,
      port,
      admin: ADMIN,
      env: { PASSWORD_COST: '12' },
    });
    const { base } = server;
    const session = await apiLogin(base, ADMIN);
    meter = await cpuMeter(database.url, port);
    const headers = { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) {
        throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
      }
      return { json: () => JSON.parse(text), bytes: text.length };
    };
    /**
     * One warm-up call (not counted), then the median of RUNS, on the clock and in CPU time of the
     * server and its database; `make` gives each run's request.
     */
    const time = async (
      label: string,
      make: (run: number) => [string, string, unknown?],
      limit?: number,
      before?: (run: number) => Promise<void>,
    ) => {
      const times: number[] = [];
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i <= RUNS; i += 1) {
        const [method, url, body] = make(i);
        await before?.(i);
        const cpuBefore = await meter?.snapshot();
        const start = performance.now();
        const r = await call(method, url, body);
        const ms = performance.now() - start;
        const after = await meter?.snapshot();
        bytes = r.bytes;
        if (i > 0) {
          times.push(ms);
          if (cpuBefore && after) {
            cpu.push(cpuMs(cpuBefore, after));
          }
        }
      }
      const m = median(times);
      const verdict = limit === undefined ? '' : ` (target ${limit} ms: ${m < limit ? 'ok' : 'MISSED'})`;
      const cpuText = cpu.length ? `; CPU ${Math.round(median(cpu))} ms` : '';
      ctx.report(
        `${label} (median of ${RUNS}, max ${Math.round(Math.max(...times))} ms${cpuText})`,
        m,
        `ms${verdict}`,
      );
      return bytes;
    };

    const mapA = adjustments(cuttable, ADJUSTMENTS, 0, 11);
    const mapB = adjustments(cuttable, ADJUSTMENTS, 0, 23);
    const created = await Promise.all(
      ['Level service', 'Guidance', 'Deep cuts'].map(
        async (name) =>
          (await call('post', '/scenarios/cuts', { budgetYearId, name })).json().scenario.id as number,
      ),
    );
    const [id] = created;
    await call('put', `/scenarios/cuts/${created[1]}/adjustments`, { adjustments: mapB });
    await call('put', `/scenarios/cuts/${created[2]}/adjustments`, {
      adjustments: adjustments(cuttable, 8000, 0, 5),
    });

    const bytes = await time(
      `GET /scenarios/baseline, ${lines.toLocaleString('en-US')} lines, no scenario`,
      () => ['get', `/scenarios/baseline?budgetYearId=${budgetYearId}&format=rows`],
      BASELINE_LIMIT_MS,
    );
    ctx.report('baseline body', bytes / 1e6, 'MB');
    // The same with a line changed before each call (by another connection, as an import or the
    // CLI would): the server cannot use the copy it built last time.
    const writer = await openDb({ url: database.url });
    try {
      await time(
        'GET /scenarios/baseline, no scenario, a line changed before each call',
        () => ['get', `/scenarios/baseline?budgetYearId=${budgetYearId}&format=rows`],
        BASELINE_LIMIT_MS,
        (run) =>
          writer
            .knex('line_items')
            .where({ id: cuttable[run] })
            .update({ notes: `bench ${run}` }),
      );
    } finally {
      await writer.close();
    }
    await time(
      'GET /scenarios/baseline of a saved scenario (2,000 cuts)',
      () => ['get', `/scenarios/baseline?budgetYearId=${budgetYearId}&scenarioId=${created[1]}&format=rows`],
      BASELINE_LIMIT_MS,
    );
    await time(
      `POST /scenarios/calculate, ${ADJUSTMENTS.toLocaleString('en-US')} adjustments`,
      (run) => ['post', '/scenarios/calculate', { budgetYearId, adjustments: run % 2 ? mapA : mapB }],
      CALCULATE_LIMIT_MS,
    );
    await time('POST /scenarios/calculate, no adjustments', () => [
      'post',
      '/scenarios/calculate',
      { budgetYearId, adjustments: {} },
    ]);
    // Alternating maps: every save changes about 2,000 lines, each audited.
    await time(
      `PUT /scenarios/cuts/:id/adjustments, ${ADJUSTMENTS.toLocaleString('en-US')} percents`,
      (run) => ['put', `/scenarios/cuts/${id}/adjustments`, { adjustments: run % 2 ? mapA : mapB }],
    );
    // What letting go of a slider sends: the one line it moved.
    await time('PATCH /scenarios/cuts/:id/adjustments, one line (a slider let go)', (run) => [
      'PATCH', // fetch spells out only GET, POST, PUT and DELETE for itself
      `/scenarios/cuts/${id}/adjustments`,
      { adjustments: { [cuttable[run]]: run % 2 ? 40 : 60 } },
    ]);
    await time(
      `POST /scenarios/cuts/:id/quick-cut, a category of ${quickCategory.n.toLocaleString('en-US')} lines`,
      (run) => [
        'post',
        `/scenarios/cuts/${id}/quick-cut`,
        { categoryId: quickCategory.category_id, percent: run % 2 ? 75 : 50 },
      ],
    );
    await time('GET /scenarios/cuts (three scenarios with summaries)', () => [
      'get',
      `/scenarios/cuts?budgetYearId=${budgetYearId}`,
    ]);
    await time('GET /scenarios/cuts/compare (three scenarios by category)', () => [
      'get',
      `/scenarios/cuts/compare?ids=${created.join(',')}`,
    ]);
    // Chromium: dragging a slider of the scenario with 2,000 cuts, and the cards settling.
    ctx.report('load average before the browser (1 min, 2 cores)', loadavg()[0]);
    await measureSlider(ctx, base, session, budgetYearId, created[1]);
    ctx.report('load average at end (1 min, 2 cores)', loadavg()[0]);
  } finally {
    await meter?.close();
    await server?.stop();
    rmSync(webDist, { recursive: true, force: true });
    await database.drop();
  }
}
