// Import speed and memory, on the real PostgreSQL server (npm run bench import):
//  1. a generated 100,000-row payroll CSV shaped like Boston's earnings export is imported by the
//     real budget-cli (a child process, DATABASE_URL), timed from spawn to exit;
//  2. PostgreSQL's own COPY loads the same 100,000 rows (exactly the line_items rows the import
//     stores, prepared beforehand and untimed) into line_items of an identical database;
//  3. the same people as a 100,000-row .xlsx go through the CLI under /usr/bin/time for peak memory.
// Each run creates its databases from one migrated, seeded template and drops them all at the end.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDb } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { headerOf, sampleRows } from '@server/domains/imports/import-analyze';
import { resolveMapping } from '@server/domains/imports/import-mapping';
import { BuildingMatcher, CategoryMatcher, WorkGroupMatcher } from '../server/lib/import/match';
import { openTable } from '../server/lib/import/read-table';
import { COPY_COLUMNS, copyLine } from '../server/lib/import/transform';
import { transformEmployee } from '../server/lib/import/transform-employee';
import * as q from '@server/domains/imports/queries/import';
import { seedDemo } from '../seeds/demo';
import { median } from './lib';
import type { BenchContext } from './run';

const ROWS = 100_000;
const ROUNDS = 3;
const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/budget-cli.mjs');

const FIRST = [
  'Ana',
  'Bo',
  'Carmen',
  'Deshawn',
  'Elena',
  'Farid',
  'Grace',
  'Hector',
  'Ines',
  'Jamal',
  'Kim',
  'Luis',
];
const LAST = [
  'Lee',
  'Park',
  'Ortiz',
  "O'Brien",
  'Nguyen',
  'Smith',
  'Garcia',
  'Murphy',
  'Chen',
  'Walsh',
  'Silva',
];
const PLACES = [
  'Center Street Elementary School',
  'Hillside Elementary School',
  'Maple Grove Elementary School',
  'Whitcomb Middle School',
  'Millbrook High School',
  'Riverbend Elementary School',
  'Central Office',
  'Facilities Management',
];
const TITLES = ['Teacher', 'Paraprofessional', 'Custodian', 'Nurse', 'Guidance Counselor', 'Principal'];
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

/** One generated person, deterministic in i. Cents so every total is exact. */
function person(i: number) {
  const cents = (n: number) => (n / 100).toFixed(2);
  const regular = 2_500_000 + ((i * 7919) % 9_000_000);
  const other = i % 3 ? (i * 31) % 500_000 : 0;
  const overtime = i % 5 === 0 ? (i * 17) % 1_200_000 : 0;
  return {
    name: `${LAST[i % LAST.length]},${FIRST[(i * 7) % FIRST.length]} ${String.fromCharCode(65 + (i % 26))}`,
    dept: PLACES[i % PLACES.length],
    title: TITLES[(i * 3) % TITLES.length],
    regular: cents(regular),
    other: other ? cents(other) : '',
    overtime: overtime ? cents(overtime) : '',
    total: cents(regular + other + overtime),
    postal: String(2000 + (i % 500)).padStart(5, '0'),
  };
}

const money = (text: string) =>
  text ? `"${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2 })}"` : '';

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER.join(',')}\n`);
  for (let i = 1; i <= ROWS; i += 1) {
    const p = person(i);
    const line = `"${p.name}",${p.dept},${p.title},${money(p.regular)},,${money(p.other)},${money(p.overtime)},,,,${money(p.total)},${p.postal}\n`;
    if (!out.write(line)) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

async function writeXlsx(file: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = book.addWorksheet('CY2024');
  ws.addRow(HEADER).commit();
  for (let i = 1; i <= ROWS; i += 1) {
    const p = person(i);
    const n = (t: string) => (t ? Number(t) : null);
    const row = ws.addRow([
      p.name,
      p.dept,
      p.title,
      n(p.regular),
      null,
      n(p.other),
      n(p.overtime),
      null,
      null,
      null,
      null,
      p.postal,
    ]);
    row.getCell(11).value = { formula: `SUM(D${i + 1}:J${i + 1})`, result: Number(p.total) };
    row.commit();
  }
  await ws.commit();
  await book.commit();
}

/** Runs the CLI; returns wall seconds, its JSON output, and peak RSS (MB) when /usr/bin/time is there. */
async function cli(args: string[], env: Record<string, string>, measureMemory = false) {
  const timeBin = '/usr/bin/time';
  const [cmd, argv] = measureMemory
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
  return {
    seconds,
    result: JSON.parse(stdout) as { imported: number; durationMs: number },
    peakMb: rss ? Number(rss[1]) / 1024 : null,
  };
}

/** The exact line_items rows the import stores for the CSV, as a COPY file (prepared untimed). */
async function prepareCopyFile(url: string, csv: string, file: string): Promise<void> {
  const db = await openDb({ url });
  try {
    const k = db.knex;
    const by = (await k('budget_years').where({ fiscal_year: 'FY26' }).first()) as {
      id: number;
      current_fiscal_year: number;
    };
    const [run] = await k('import_runs')
      .insert({ file_name: 'copy-baseline', import_type: 'operating', budget_year_id: by.id })
      .returning('id');
    const table = await openTable(csv, 'payroll.csv');
    const { header } = headerOf(await sampleRows(table));
    const mapping = resolveMapping(
      'operating',
      header.columns,
      { lastName: 'NAME', department: 'DEPARTMENT_NAME', position: 'TITLE', currentSalary: 'REGULAR' },
      [],
    );
    const ctx = {
      type: 'operating' as const,
      mapping: mapping.fields,
      labels: mapping.labels,
      noteColumns: [],
      headerNames: mapping.headerNames,
      fixed: {
        budgetYearId: String(by.id),
        scenarioId: String(await q.findActiveScenarioId(k, by.id, 'operating')),
        versionId: null,
        importRunId: String(run.id),
      },
      defaultFiscalYear: by.current_fiscal_year,
      buildings: new BuildingMatcher(await q.listBuildingRefs(k)),
      categories: new CategoryMatcher(await q.listCategoryRefs(k)),
      workGroups: new WorkGroupMatcher(await q.listWorkGroupRefs(k)),
    };
    const out = createWriteStream(file);
    for await (const batch of table.batches()) {
      let chunk = '';
      for (const row of batch) {
        if (row.n > header.headerRow) {
          const o = transformEmployee(ctx, row.n, row.cells);
          if (o.kind === 'line') {
            chunk += copyLine(o.values);
          }
        }
      }
      if (!out.write(chunk)) {
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
  } finally {
    await db.close();
  }
}

async function timeCopy(url: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    await client.query('BEGIN');
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`COPY line_items (${COPY_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv)`)),
    );
    await client.query('COMMIT');
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await client.end();
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
    await tpl.close();
    const csv = path.join(dir, 'payroll-100k.csv');
    const xlsx = path.join(dir, 'payroll-100k.xlsx');
    const copyFile = path.join(dir, 'line-items.copy.csv');
    await writeCsv(csv);
    await writeXlsx(xlsx);
    // Prepared in the template, so every copy has the import run the baseline rows point at.
    await prepareCopyFile(url(template), csv, copyFile);

    // The machine may be shared: each measure is taken in ROUNDS fresh copies of the same database,
    // COPY and CLI alternating, and the medians compared.
    const args = (file: string) => ['import', file, '--type', 'operating', '--budget-year', 'FY26', '--json'];
    const copyTimes: number[] = [];
    const cliTimes: number[] = [];
    const insideTimes: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      copyTimes.push(await timeCopy(await fresh(`${tag}_copy${round}`), copyFile));
      const run = await cli(args(csv), {
        DATABASE_URL: await fresh(`${tag}_cli${round}`),
        LOG_LEVEL: 'warn',
      });
      if (run.result.imported !== ROWS) {
        throw new Error(`CLI imported ${run.result.imported} rows, expected ${ROWS}`);
      }
      cliTimes.push(run.seconds);
      insideTimes.push(run.result.durationMs / 1000);
    }
    const copySeconds = median(copyTimes);
    const cliSeconds = median(cliTimes);
    const insideSeconds = median(insideTimes);
    const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
    ctx.report('rows', ROWS);
    ctx.report(
      `PostgreSQL COPY into line_items, median of ${ROUNDS}`,
      `${copySeconds.toFixed(2)} s (${list(copyTimes)})`,
    );
    ctx.report('PostgreSQL COPY rate', Math.round(ROWS / copySeconds), 'rows/s');
    ctx.report(
      `budget-cli import, spawn to exit, median of ${ROUNDS}`,
      `${cliSeconds.toFixed(2)} s (${list(cliTimes)})`,
    );
    ctx.report('budget-cli import rate (whole process)', Math.round(ROWS / cliSeconds), 'rows/s');
    ctx.report(
      'budget-cli import, inside the transaction',
      `${insideSeconds.toFixed(2)} s (${list(insideTimes)})`,
    );
    ctx.report('rate ratio CLI / COPY (must be >= 0.5)', (copySeconds / cliSeconds).toFixed(2));
    ctx.report('rate ratio inside the transaction / COPY', (copySeconds / insideSeconds).toFixed(2));

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
  }
}
