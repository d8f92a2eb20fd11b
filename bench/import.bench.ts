// Over 300 lines: one bench, its four measures and the helpers only they use, read top to bottom.
// Import speed and memory, on the real PostgreSQL server (npm run bench import):
//  1. a 100,000-row payroll CSV grown from the real Boston earnings export (test/large-payroll.ts)
//     is imported by the real budget-cli (a child process, DATABASE_URL), timed from spawn to exit:
//     everything the import does (the crosswalk of titles, with rules for the commonest ones; the
//     next-year salaries by the line writer; reconciliation, audit, result), with the CPU time of
//     the node process and of its PostgreSQL backends (what a shared machine's load inflates least);
//  2. beside it, in the same run, PostgreSQL's own COPY of the same CSV into a plain table of text
//     columns, and its COPY of exactly the line_items rows the import stored into line_items of an
//     identical database (the writer's floor: indexes and triggers included);
//  3. the same import on the embedded database (PGlite in a temporary DATA_DIR), once;
//  4. the same people as a 100,000-row .xlsx go through the CLI under /usr/bin/time for peak memory.
// Each run creates its databases from one migrated, seeded template and drops them all at the end.
// BENCH_IMPORT_SERVER_ONLY=1 takes 1 and 2 only (a few minutes less, for checking a change).
// dist/ is brought up to date before each timed run, so a source edited meanwhile (another person
// working in the same checkout) is compiled outside the timing.
import { spawn } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDb } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { COPY_COLUMNS } from '../server/lib/import/transform';
import { seedDemo } from '../seeds/demo';
import { largePayrollRow, writeLargePayroll } from '../test/large-payroll';
import { exportCents } from '../test/real-files';
import { median } from './lib';
import type { BenchContext } from './run';

const ROWS = 100_000;
const ROUNDS = 3;
const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/budget-cli.mjs');

/** scripts/build-server.mjs's ensureBuilt (plain JavaScript, loaded by its path). */
async function ensureBuilt(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href)) as {
    ensureBuilt(options: { quiet: boolean }): Promise<void>;
  };
  await build.ensureBuilt({ quiet: true });
}

const HEADER = [
  'NAME',
  'DEPARTMENT_NAME',
  'TITLE',
  'REGULAR',
  'RETRO',
  'OTHER',
  'OVERTIME',
  'INJURED',
  'DETAIL',
  'QUINN_EDUCATION',
  'TOTAL GROSS',
  'POSTAL',
];

/** Crosswalk rules for the commonest school titles of the file, to the demo's groups and categories. */
const RULES: [title: string, workGroup: string, category: string, deseCode: string][] = [
  ['Teacher', 'Teachers', 'Teachers', '2305'],
  ['Paraprofessional', 'Paraprofessionals', 'Paraprofessionals', '2330'],
  ['One to One Para', 'Paraprofessionals', 'Paraprofessionals', '2330'],
  ['Substitute Teacher', 'Teachers', 'Teachers', '2305'],
  ['Nurse', 'Nurses', 'Pupil Services', '3200'],
  ['Jr Custodian', 'Custodians', 'Operations & Maintenance', '4110'],
  ['Sen Cust C', 'Custodians', 'Operations & Maintenance', '4110'],
];

/** The grown payroll as an Excel workbook, money as numbers and TOTAL GROSS a formula. */
async function writeXlsx(file: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = book.addWorksheet('CY2024');
  ws.addRow(HEADER).commit();
  const n = (text: string) => (text.trim() ? Number(exportCents(text)) / 100 : null);
  for (let i = 0; i < ROWS; i += 1) {
    const c = largePayrollRow(i);
    const row = ws.addRow([c[0], c[1], c[2], ...c.slice(3, 10).map(n), null, c[11]]);
    row.getCell(11).value = { formula: `SUM(D${i + 2}:J${i + 2})`, result: n(c[10]) ?? 0 };
    row.commit();
  }
  await ws.commit();
  await book.commit();
}

/** The load average now, for every figure (the machine may be shared). */
const load = () => loadavg()[0].toFixed(1);

/**
 * Runs the CLI; returns wall seconds, its JSON output, and, when /usr/bin/time is there, its CPU
 * seconds (user + system: on a shared machine the figure load inflates least) and peak RSS (MB).
 */
async function cli(args: string[], env: Record<string, string>, measureMemory = false, json = true) {
  const timeBin = '/usr/bin/time';
  const timed = measureMemory || existsSync(timeBin);
  const [cmd, argv] = timed
    ? [timeBin, ['-v', process.execPath, BIN, ...args]]
    : [process.execPath, [BIN, ...args]];
  const started = process.hrtime.bigint();
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) {
    throw new Error(`budget-cli ${args.join(' ')} failed (${code}): ${stderr.slice(-2000)}`);
  }
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const cpu = [/User time \(seconds\): ([\d.]+)/, /System time \(seconds\): ([\d.]+)/].map((re) =>
    Number(re.exec(stderr)?.[1] ?? NaN),
  );
  return {
    seconds,
    result: (json ? JSON.parse(stdout) : {}) as { imported: number; durationMs: number },
    peakMb: rss ? Number(rss[1]) / 1024 : null,
    cpuSeconds: cpu[0] + cpu[1],
  };
}

/** The line_items rows an import stored, as a COPY file (the baseline's input, prepared untimed). */
async function dumpStoredLines(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = COPY_COLUMNS.map((c) => (c === 'import_run_id' ? 'NULL' : c)).join(', ');
    await pipeline(
      client.query(
        copyTo(
          `COPY (SELECT ${columns} FROM line_items WHERE import_run_id IS NOT NULL ORDER BY id) TO STDOUT WITH (FORMAT csv)`,
        ),
      ),
      createWriteStream(file),
    );
  } finally {
    await client.end();
  }
}

/** Seconds PostgreSQL takes to COPY `file` into `table (columns)`, in one transaction. */
async function timeCopy(url: string, file: string, into: string, setup?: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (setup) {
      await client.query(setup);
    }
    const started = process.hrtime.bigint();
    await client.query('BEGIN');
    await pipeline(
      createReadStream(file),
      client.query(
        copyFrom(
          `COPY ${into} FROM STDIN WITH (FORMAT csv, HEADER ${into.startsWith('line_items') ? 'false' : 'true'})`,
        ),
      ),
    );
    await client.query('COMMIT');
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds the PostgreSQL backends of database `name` use until `done` settles, read from
 * /proc every 50 ms (the server is local); NaN where /proc does not show them.
 */
async function backendCpu(admin: pg.Client, name: string, done: Promise<unknown>): Promise<number> {
  const ticks = new Map<number, number>();
  let running = true;
  void done.finally(() => (running = false));
  while (running) {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    for (const { pid } of rows) {
      try {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks.set(pid, Number(f[11]) + Number(f[12]));
      } catch {
        // Gone, or not readable by this user.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Clock ticks are 100 a second on Linux (sysconf CLK_TCK).
  return ticks.size ? [...ticks.values()].reduce((a, b) => a + b, 0) / 100 : NaN;
}

async function addRules(db: Awaited<ReturnType<typeof openDb>>) {
  const k = db.knex;
  for (const [title, group, category, deseCode] of RULES) {
    await k('position_crosswalk_rules').insert({
      match_type: 'exact',
      pattern: title,
      work_group_id: (await k('work_groups').where({ name: group }).first('id')).id,
      category_id: (await k('budget_categories').where({ name: category }).first('id')).id,
      dese_code: deseCode,
    });
  }
}

export default async function importBench(ctx: BenchContext): Promise<void> {
  const server = new URL(ctx.serverUrl);
  const url = (db: string) => Object.assign(new URL(server.href), { pathname: `/${db}` }).href;
  const tag = `bench_import_${process.pid}`;
  const template = `${tag}_tpl`;
  const made: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
  const admin = await openDb({ url: ctx.serverUrl });
  const watcher = new pg.Client({ connectionString: ctx.serverUrl });
  await watcher.connect();
  const fresh = async (name: string) => {
    made.push(name);
    await admin.knex.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return url(name);
  };
  try {
    await admin.knex.raw(`CREATE DATABASE ${template}`);
    made.push(template);
    const tpl = await openDb({ url: url(template) });
    await migrateLatest(tpl.knex);
    await seedDemo(tpl.knex, { personaPassword: 'bench-password-1', passwordCost: 10 });
    await addRules(tpl);
    await tpl.close();
    const csv = path.join(dir, 'payroll-100k.csv');
    const xlsx = path.join(dir, 'payroll-100k.xlsx');
    const stored = path.join(dir, 'line-items.copy.csv');
    await writeLargePayroll(csv, ROWS);

    const args = (file: string) => ['import', file, '--type', 'operating', '--budget-year', 'FY26', '--json'];
    const expectAll = (result: { imported: number }) => {
      if (result.imported !== ROWS) {
        throw new Error(`CLI imported ${result.imported} rows, expected ${ROWS}`);
      }
    };
    // One untimed import first: it builds the CLI if needed, and its lines are the baseline's rows.
    const warm = await fresh(`${tag}_warm`);
    expectAll((await cli(args(csv), { DATABASE_URL: warm, LOG_LEVEL: 'warn' })).result);
    await dumpStoredLines(warm, stored);

    // The machine may be shared: each measure is taken in ROUNDS fresh copies of the same database,
    // the COPYs and the CLI alternating, and the medians compared.
    const plain = `CREATE TABLE payroll (${HEADER.map((h) => `"${h}" text`).join(', ')})`;
    const fileCopy: number[] = [];
    const linesCopy: number[] = [];
    const cliTimes: number[] = [];
    const insideTimes: number[] = [];
    const cliCpu: number[] = [];
    const pgCpu: number[] = [];
    const loads: string[] = [];
    // Each measure starts after a checkpoint, with its database made: the one before (100 MB of
    // WAL and dirty pages for a COPY into line_items) is not written out during it.
    const settled = async (name: string) => {
      const dbUrl = await fresh(name);
      await watcher.query('CHECKPOINT');
      return dbUrl;
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      loads.push(load());
      fileCopy.push(await timeCopy(await settled(`${tag}_file${round}`), csv, 'payroll', plain));
      linesCopy.push(
        await timeCopy(
          await settled(`${tag}_copy${round}`),
          stored,
          `line_items (${COPY_COLUMNS.join(', ')})`,
        ),
      );
      await ensureBuilt();
      const database = await settled(`${tag}_cli${round}`);
      const running = cli(args(csv), { DATABASE_URL: database, LOG_LEVEL: 'warn' });
      pgCpu.push(await backendCpu(watcher, `${tag}_cli${round}`, running));
      const run = await running;
      expectAll(run.result);
      cliTimes.push(run.seconds);
      insideTimes.push(run.result.durationMs / 1000);
      cliCpu.push(run.cpuSeconds);
    }
    loads.push(load());
    const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
    const figure = (values: number[]) => `${median(values).toFixed(2)} s (${list(values)})`;
    ctx.report('rows', ROWS);
    ctx.report('load average (1 min) at each round and at the end', loads.join(', '));
    ctx.report(`PostgreSQL COPY of the CSV into a plain table, median of ${ROUNDS}`, figure(fileCopy));
    ctx.report(`PostgreSQL COPY of the stored rows into line_items, median of ${ROUNDS}`, figure(linesCopy));
    ctx.report(`budget-cli import, spawn to exit, median of ${ROUNDS}`, figure(cliTimes));
    ctx.report('budget-cli import, inside the transaction', figure(insideTimes));
    ctx.report('budget-cli import, CPU of the node process (user + system)', figure(cliCpu));
    ctx.report("budget-cli import, CPU of the import's PostgreSQL backends", figure(pgCpu));
    ctx.report('budget-cli import rate (whole process)', Math.round(ROWS / median(cliTimes)), 'rows/s');
    ctx.report('rate ratio CLI / COPY into line_items', (median(linesCopy) / median(cliTimes)).toFixed(2));

    if (process.env.BENCH_IMPORT_SERVER_ONLY === '1') {
      return;
    }
    // The embedded database: a seeded data folder, copied for the timed run.
    const seeded = path.join(dir, 'embedded-seeded');
    const embeddedEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
    await cli(['db', 'seed', '--demo'], embeddedEnv(seeded), false, false);
    const seededDb = await openDb({ dataDir: seeded });
    await addRules(seededDb);
    await seededDb.close();
    const embedded = path.join(dir, 'embedded-run');
    cpSync(seeded, embedded, { recursive: true });
    const loadBefore = load();
    const pglite = await cli(args(csv), embeddedEnv(embedded));
    expectAll(pglite.result);
    ctx.report(
      `embedded (PGlite) budget-cli import, spawn to exit (load ${loadBefore})`,
      `${pglite.seconds.toFixed(2)} s (inside the transaction ${(pglite.result.durationMs / 1000).toFixed(2)} s)`,
    );

    await writeXlsx(xlsx);
    const big = await cli(args(xlsx), { DATABASE_URL: await fresh(`${tag}_xlsx`), LOG_LEVEL: 'warn' }, true);
    ctx.report('100,000-row .xlsx import, spawn to exit', big.seconds, 's');
    ctx.report(
      '100,000-row .xlsx peak memory (max RSS, must be < 600)',
      big.peakMb ?? 'n/a (no /usr/bin/time)',
      big.peakMb ? 'MB' : '',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    for (const db of made.reverse()) {
      await admin.knex.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    }
    await admin.close();
    await watcher.end();
  }
}
