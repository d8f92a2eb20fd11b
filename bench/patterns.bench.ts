// npm run bench -- patterns: rules people write against 50,000 job titles, and what the event loop
// felt. Hostile crosswalk rules ('^(a|a)*$', '((a+))+$', a glob of 25 stars, an expression whose
// automaton is large) beside ordinary ones, and 50,000 distinct hostile titles of 30 to 50
// characters:
//  1. in process: the crosswalk's matcher resolving every title, the longest single title, and for
//     comparison one title on JavaScript's backtracking engine (what ran the rules before);
//     the ledger's account pattern reading 50,000 accounts of the longest length accepted;
//  2. over HTTP against the app (in this process) on the real PostgreSQL server, in a database this
//     bench creates and drops: the crosswalk preview, Apply's dry run and a 50,000-row payroll
//     import's dry run, each with the longest the event loop was held meanwhile (the limit: 100 ms).
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { compileAccountPattern, DEFAULT_ACCOUNT_PATTERN } from '@server/lib/account-pattern';
import { CrosswalkMatcher, type CrosswalkRuleRef } from '@server/lib/crosswalk';
import { createLogger } from '@server/lib/log';
import { startSession } from '@server/domains/admin/tokens';
import { benchDatabase, insertOperatingYear, loadNow } from './lib';
import type { BenchContext } from './run';

const TITLES = 50_000;
const STALL_LIMIT_MS = 100;
const HOSTILE: [CrosswalkRuleRef['matchType'], string][] = [
  ['regex', '^(a|a)*$'],
  ['regex', '((a+))+$'],
  ['glob', `${'*a'.repeat(25)}*b`],
  ['regex', '(a|b)*a(a|b){12}$'],
];
const ORDINARY: [CrosswalkRuleRef['matchType'], string][] = [
  ['exact', 'Teacher'],
  ['glob', '*teacher*'],
  ['glob', 'para*'],
  ['regex', '^sub(stitute)?\\b'],
  ['regex', 'custodian|maintenance'],
];

/** Title i: 30 to 50 characters of a's and b's, all distinct, none matching most rules. */
const title = (i: number) =>
  `${'a'.repeat(20 + (i % 21))}${i.toString(2).replace(/0/g, 'b').padStart(10, 'b')}!`;

const rules = (): CrosswalkRuleRef[] =>
  [...HOSTILE, ...ORDINARY].map(([matchType, pattern], i) => ({
    id: i + 1,
    matchType,
    pattern,
    workGroupId: null,
    workGroupName: null,
    categoryId: null,
    categoryName: null,
    deseCode: '2305',
    fundId: null,
    fundName: null,
  }));

/** ms of `work`. */
function clock(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** `work(i)` for i below TITLES: the total ms and the slowest single call's. */
function eachTimed(work: (i: number) => unknown): { total: number; slowest: number } {
  let slowest = 0;
  const total = clock(() => {
    for (let i = 0; i < TITLES; i += 1) {
      slowest = Math.max(
        slowest,
        clock(() => work(i)),
      );
    }
  });
  return { total, slowest };
}

function inProcess(ctx: BenchContext): void {
  const matcher = new CrosswalkMatcher(rules());
  const titles = eachTimed((i) => matcher.resolve(title(i)));
  ctx.report(
    `crosswalk matcher: ${TITLES.toLocaleString('en-US')} distinct hostile titles x ${HOSTILE.length} hostile + ${ORDINARY.length} ordinary rules`,
    titles.total,
    `ms (${((titles.total * 1000) / TITLES).toFixed(1)} µs a title; slowest ${titles.slowest.toFixed(2)} ms; load ${loadNow()})`,
  );
  // What ran the rules before: JavaScript's backtracking engine, one title (27 characters).
  const before = clock(() => new RegExp('^(a|a)*$', 'i').test(`${'a'.repeat(26)}!`));
  ctx.report("before, for comparison: '^(a|a)*$' on one 27-character title, JavaScript RegExp", before, 'ms');

  const pattern = compileAccountPattern(DEFAULT_ACCOUNT_PATTERN);
  // 100 characters, 41 segments, no object code at the end: every split at '...' is tried.
  const account = (i: number) => `0100-3-300-${String(2305 + (i % 7)).padStart(4, '0')}-${'1-'.repeat(41)}-`;
  const ledger = eachTimed((i) => pattern.parse(account(i)));
  ctx.report(
    `ledger: ${TITLES.toLocaleString('en-US')} hostile 100-character accounts read by '${DEFAULT_ACCOUNT_PATTERN}'`,
    ledger.total,
    `ms (slowest ${ledger.slowest.toFixed(2)} ms)`,
  );
}

/**
 * While `call` runs: how long it took, and the longest the event loop was held between two turns,
 * in wall time and in this process's CPU time. On a machine shared with other work the wall time
 * of a hold grows with the CPU others take; the CPU time is what the hold would be on an idle one.
 */
async function stalls<T>(
  call: () => Promise<T>,
): Promise<{ ms: number; heldMs: number; heldCpuMs: number; result: T }> {
  let heldMs = 0;
  let heldCpuMs = 0;
  let wall = performance.now();
  let cpu = process.cpuUsage();
  const ticker = setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    heldMs = Math.max(heldMs, now - wall);
    heldCpuMs = Math.max(heldCpuMs, (used.user + used.system) / 1000);
    wall = now;
    cpu = process.cpuUsage();
  }, 5);
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  clearInterval(ticker);
  return { ms, heldMs, heldCpuMs, result };
}

/** The year's 50,000 employee lines with hostile titles, the rules stored as they are, a version. */
async function seedDistrict(db: Knex): Promise<{ yearId: number; versionId: number }> {
  const { yearId, scenarioId } = await insertOperatingYear(db);
  await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, first_name, last_name,
         position, current_salary, current_fte, employee_status)
       SELECT ?, ?, 2026, true, 'First' || g, 'Last' || g, (?::text[])[g], 40000 + g, 1, 'Active'
       FROM generate_series(1, ?) AS g`,
    [yearId, scenarioId, Array.from({ length: TITLES }, (_, i) => title(i)), TITLES],
  );
  await db('position_crosswalk_rules').insert(
    rules().map((r) => ({ match_type: r.matchType, pattern: r.pattern, dese_code: r.deseCode })),
  );
  const [version] = await db('budget_versions')
    .insert({ fiscal_year: 2026, label: 'Bench', budget_year_id: yearId })
    .returning('id');
  await db.raw('ANALYZE');
  return { yearId, versionId: version.id };
}

/** Preview, Apply's dry run and a payroll import's dry run over HTTP, with the app in this process. */
async function overHttp(ctx: BenchContext, db: Knex, dataDir: string): Promise<void> {
  const { yearId, versionId } = await seedDistrict(db);
  let server: Server | undefined;
  try {
    // The app in this process, so the bench sees its event loop; an ADMIN session signed directly.
    const app = {
      db,
      config: { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), jwtSecret: 'p'.repeat(40) },
      log: createLogger('silent'),
    };
    const [user] = await db('users')
      .insert({ name: 'Bench Admin', email: 'bench-patterns@example.org', password_hash: '-', role: 'ADMIN' })
      .returning('id');
    const { token } = await startSession(app, db, user.id, { address: '127.0.0.1', device: 'bench' });
    server = createApp(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const auth = { Authorization: `Bearer ${token}` };
    const call = (method: string, p: string, body?: unknown) => async () => {
      const res = await fetch(`${origin}/api${p}`, {
        method,
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) {
        throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
      }
      return text;
    };
    const report = (name: string, r: { ms: number; heldMs: number; heldCpuMs: number }) =>
      ctx.report(
        name,
        r.ms,
        `ms; event loop held at most ${Math.round(r.heldMs)} ms wall, ${Math.round(r.heldCpuMs)} ms CPU (limit ${STALL_LIMIT_MS}: ${r.heldCpuMs <= STALL_LIMIT_MS ? 'ok' : 'OVER'}; load ${loadNow()})`,
      );
    const n = TITLES.toLocaleString('en-US');
    report(
      `GET /crosswalk/preview, ${n} lines with distinct hostile titles`,
      await stalls(call('GET', `/crosswalk/preview?budgetYearId=${yearId}&fiscalYear=2026`)),
    );
    report(
      `POST /crosswalk/apply dry run, the same lines`,
      await stalls(
        call('POST', '/crosswalk/apply', { budgetYearId: yearId, fiscalYear: 2026, dryRun: true }),
      ),
    );

    const csv = [
      'Name,Title,Salary',
      ...Array.from({ length: TITLES }, (_, i) => `"Last${i}, First",${title(i)},40000.00`),
    ];
    const form = new FormData();
    form.append('importType', 'operating');
    form.append('file', new Blob([csv.join('\n')]), 'hostile-payroll.csv');
    const analyzed = await fetch(`${origin}/api/import/analyze`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const analysis = (await analyzed.json()) as {
      fileName: string;
      suggestedMappings: Record<string, { csvColumn: string | null }>;
    };
    if (analyzed.status !== 200) {
      throw new Error(`POST /import/analyze: ${analyzed.status} ${JSON.stringify(analysis).slice(0, 300)}`);
    }
    const columnMappings = Object.fromEntries(
      Object.entries(analysis.suggestedMappings).map(([field, s]) => [field, s.csvColumn]),
    );
    const dryRun = call('POST', '/import/execute', {
      fileName: analysis.fileName,
      columnMappings,
      importType: 'operating',
      budgetYearId: yearId,
      versionId,
      dryRun: true,
    });
    report(`POST /import/execute dry run, ${n}-row payroll of those titles`, await stalls(dryRun));
    // What the import holds the loop for by itself: the same dry run with no rule at all.
    await db('position_crosswalk_rules').del();
    report('for scale: the same import dry run with no crosswalk rule', await stalls(dryRun));
  } finally {
    if (server) {
      await new Promise((resolve) => server!.close(resolve));
    }
  }
}

export default async function patternsBench(ctx: BenchContext): Promise<void> {
  inProcess(ctx);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-patterns-'));
  const database = await benchDatabase(ctx.serverUrl, `bench_patterns_${process.pid}`);
  const handle = await openDb({ url: database.url });
  try {
    await migrateLatest(handle.knex);
    await overHttp(ctx, handle.knex, dataDir);
  } finally {
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
