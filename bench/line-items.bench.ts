// npm run bench -- line-items: the employee grid's read path at 50,000 lines of one fiscal year, over
// HTTP against the real app and a real PostgreSQL server, in a database this bench creates and drops.
// The list is timed in both forms, the compact rows the grids read (format=rows) and the object form,
// alternately, so a busy machine weighs on both alike; each figure is printed with the load average.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { hashPassword } from '@server/lib/passwords';
import { insertUser } from '@server/domains/admin/queries/users';
import { decodeEmployeeRows, type LineItemRows } from '@shared/schemas/line-item-rows';
import { apiLogin, benchDatabase, insertOperatingYear } from './lib';
import type { BenchContext } from './run';

const LINES = 50_000;
const RUNS = 7;

const FIRST =
  `Amy Ana Andrew Angela Anthony Barbara Ben Brian Carla Carlos Carol Catherine Chris Cynthia Daniel David
Deborah Diane Donna Dorothy Edward Elena Elizabeth Emily Eric Frank Gary George Grace Hannah Helen Henry Isabel Jacob
James Janet Jason Jennifer Jessica John Jonathan Jose Joseph Joshua Julia Karen Katherine Keith Kelly Kevin Laura
Linda Lisa Luis Margaret Maria Mark Mary Matthew Megan Melissa Michael Michelle Nancy Nicole Noah Olivia Pamela
Patricia Paul Peter Rachel Rebecca Richard Robert Rosa Ryan Samuel Sandra Sarah Scott Sharon Sophia Stephanie Steven
Susan Thomas Timothy Victoria Walter William`.split(/\s+/);
const LAST_ROOTS =
  `Almeida Anderson Bailey Baker Barnes Bell Bennett Brooks Brown Butler Campbell Carter Clark Collins
Cook Cooper Costa Cruz Davis Diaz Edwards Evans Fernandes Fisher Flores Foster Garcia Gomes Gonzalez Gray Green Hall
Harris Hayes Henderson Hill Howard Hughes Jackson James Jenkins Johnson Jones Kelly Kennedy King Lee Lewis Lopez
Martin Martinez Medeiros Miller Mitchell Moore Morgan Morris Murphy Nelson Nguyen OBrien Oliveira Parker Perez Perry
Peterson Phillips Powell Price Reed Reyes Richardson Rivera Roberts Robinson Rodrigues Rogers Ross Russell Sanchez
Santos Silva Smith Souza Stewart Sullivan Taylor Thomas Thompson Torres Turner Walker Ward Watson White Williams Wilson
Wood Wright Young`.split(/\s+/);
// Compound surnames widen the space to 10,000 so name collisions are as rare as in a real payroll.
const LAST = LAST_ROOTS.flatMap((a) => LAST_ROOTS.slice(0, 100).map((b) => `${a}-${b}`));
const POSITIONS = [
  ['Grade 1 Teacher', 'Teachers'],
  ['Grade 4 Teacher', 'Teachers'],
  ['Math Teacher', 'Teachers'],
  ['English Teacher', 'Teachers'],
  ['Science Teacher', 'Teachers'],
  ['Special Education Teacher', 'Teachers'],
  ['Special Education Paraprofessional', 'Paraprofessionals'],
  ['Instructional Paraprofessional', 'Paraprofessionals'],
  ['Custodian', 'Custodians'],
  ['School Secretary', 'Secretaries'],
  ['School Nurse', 'Nurses'],
  ['Principal', 'Administrators'],
];

/** Runs a request `runs` times; the clock stops when the whole body has arrived (checks run after). */
async function timed(
  runs: number,
  request: () => Promise<string>,
  check: (body: string) => void,
  before: () => Promise<unknown> = async () => undefined,
) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    await before();
    const start = performance.now();
    const body = await request();
    times.push(performance.now() - start);
    check(body);
    size = Buffer.byteLength(body);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1], size };
}

const FORMATS = ['rows', 'objects'] as const;
type Format = (typeof FORMATS)[number];

/**
 * timed() for both forms of the list, run after run alternately (`before` ahead of each request),
 * with the load average over the runs.
 */
async function timedBoth(
  runs: number,
  request: (format: Format) => () => Promise<string>,
  check: (format: Format) => (body: string) => void,
  before?: () => Promise<unknown>,
) {
  const times: Record<Format, number[]> = { rows: [], objects: [] };
  const loads = [loadavg()[0]];
  for (let i = 0; i < runs; i += 1) {
    for (const format of i % 2 ? [...FORMATS].reverse() : FORMATS) {
      times[format].push((await timed(1, request(format), check(format), before)).median);
    }
    loads.push(loadavg()[0]);
  }
  const stats = (t: number[]) => {
    const sorted = [...t].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
  };
  return {
    rows: stats(times.rows),
    objects: stats(times.objects),
    load: `${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`,
  };
}

/** Median CPU time of `fn` over `runs` calls (ms): steadier than the clock on a busy machine. */
function cpuMs(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export default async function lineItemsBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_line_items_${process.pid}`);
  const handle = await openDb({ url: database.url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-line-items-'));
  let server: Server | undefined;
  try {
    const db = handle.knex;
    await migrateLatest(db);
    const { yearId, scenarioId, buildingIds } = await insertOperatingYear(db);
    const groupNames = [...new Set(POSITIONS.map((p) => p[1]))];
    const groups = await db('work_groups')
      .insert(groupNames.map((name) => ({ name })))
      .returning(['id', 'name']);
    const groupId = new Map(groups.map((g: { id: number; name: string }) => [g.name, g.id]));
    await db('budget_settings').insert({
      budget_year_id: yearId,
      steps_lanes_work_groups: JSON.stringify([groupId.get('Teachers')]),
    });
    const start = performance.now();
    // One INSERT ... SELECT: names, jobs, buildings and salaries derived from the row number.
    await db.raw(
      `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, first_name, last_name,
         position, current_salary, next_year_salary, current_fte, location_code, department, work_group_id,
         work_group, job_class, hire_date, employee_status, budget_status, dese_code, building_id, metadata)
       SELECT ?, ?, 2026, true, f.names[1 + (g * 7919) % array_length(f.names, 1)],
         l.names[1 + (g * 104729) % array_length(l.names, 1)], p.pos[1 + g % array_length(p.pos, 1)],
         round((32000 + (g * 7907) % 88000 + ((g * 31) % 100) / 100.0)::numeric, 2),
         round((32000 + (g * 7907) % 88000) * 1.035, 2),
         CASE WHEN g % 10 = 0 THEN 0.5 ELSE 1.0 END, 'S' || (1 + g % 8), 'Department ' || (g % 20),
         (p.grp[1 + g % array_length(p.grp, 1)])::int, p.grpname[1 + g % array_length(p.grp, 1)],
         'JC' || (g % 30), date '2000-08-25' + ((g * 37) % 9000)::int,
         CASE WHEN g % 50 = 0 THEN 'Retiring' WHEN g % 97 = 0 THEN 'Inactive' ELSE 'Active' END,
         'Budgeted', '2305', (?::int[])[1 + g % 8],
         CASE WHEN g % 400 = 0 THEN '{"needsReview": true, "importWarnings": ["Hire date missing"]}'::jsonb
              ELSE '{}'::jsonb END
       FROM generate_series(1::bigint, ?) AS g,
         (SELECT ?::text[] AS names) f,
         (SELECT ?::text[] AS names) l,
         (SELECT ?::text[] AS pos, ?::int[] AS grp, ?::text[] AS grpname) p`,
      [
        yearId,
        scenarioId,
        buildingIds,
        LINES,
        FIRST,
        LAST,
        POSITIONS.map((p) => p[0]),
        POSITIONS.map((p) => groupId.get(p[1])!),
        POSITIONS.map((p) => p[1]),
      ],
    );
    await db.raw('ANALYZE line_items');
    ctx.report('insert 50,000 lines (INSERT ... SELECT)', performance.now() - start, 'ms');

    const config = {
      ...loadConfig({ ...process.env, DATA_DIR: dataDir }),
      jwtSecret: 'bench-secret-'.padEnd(40, 'x'),
    };
    const app = { db, config, log: createLogger('silent') };
    await insertUser(db, {
      name: 'Bench Admin',
      email: 'bench@example.org',
      password_hash: await hashPassword('bench-password', 10),
      role: 'ADMIN',
    });
    server = createApp(app).listen(0, '127.0.0.1');
    // Longer than the pauses between calls (the client's sockets are reused, never found closed).
    server.keepAliveTimeout = 120_000;
    await new Promise((resolve) => server!.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const base = `${origin}/api`;
    const { token } = await apiLogin(origin, { email: 'bench@example.org', password: 'bench-password' });
    const get = (p: string) => async () => {
      const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (res.status !== 200) {
        throw new Error(`${p}: ${res.status} ${text.slice(0, 200)}`);
      }
      return text;
    };
    const none = () => {};

    const listPath = `/line-items/budget?budgetYearId=${yearId}&fiscalYear=2026&isOperating=true`;
    const listOf = (format: Format) => get(format === 'rows' ? `${listPath}&format=rows` : listPath);
    const count = (format: Format, text: string) =>
      format === 'rows'
        ? (JSON.parse(text) as LineItemRows).employees.rows.length
        : (JSON.parse(text) as { lineItems: unknown[] }).lineItems.length;
    const checkList = (format: Format) => (text: string) => {
      const n = count(format, text);
      if (n !== LINES) {
        throw new Error(`expected ${LINES} lines, got ${n}`);
      }
    };
    const load = () => `load average ${loadavg()[0].toFixed(1)}`;
    // The grids' form first: the first call after the start is theirs.
    const first = await timed(1, listOf('rows'), checkList('rows'));
    ctx.report(
      `GET /line-items/budget?format=rows (50,000 lines) first request, ${load()}`,
      first.median,
      'ms',
    );
    const firstObjects = await timed(1, listOf('objects'), checkList('objects'));
    ctx.report(`  the object form right after it, ${load()}`, firstObjects.median, 'ms');
    const both = (what: string, r: Awaited<ReturnType<typeof timedBoth>>) => {
      for (const format of FORMATS) {
        const name = `GET /line-items/budget ${format === 'rows' ? '?format=rows' : '(objects)'} ${what}`;
        ctx.report(`${name} median, load average ${r.load}`, r[format].median, 'ms');
        ctx.report(`${name} max`, r[format].max, 'ms');
      }
    };
    // Each run follows an edit of one line: the cache builds that line's JSON again, not the rest.
    let edits = 0;
    const editOne = () => {
      edits += 1;
      return db('line_items')
        .where({ id: edits })
        .update({ notes: `edit ${edits}` });
    };
    both('after a one-line edit', await timedBoth(RUNS, listOf, checkList, editOne));
    // A renamed building changes every line's JSON without touching a line row: all 50,000 rebuilt.
    const renameBuilding = () => {
      edits += 1;
      return db('buildings')
        .where({ id: buildingIds[0] })
        .update({ name: `School 1 (${edits})` });
    };
    both('every line rebuilt', await timedBoth(RUNS, listOf, checkList, renameBuilding));
    both('unchanged (cached)', await timedBoth(RUNS, listOf, checkList));

    const totalsPath = `/line-items/budget/totals?budgetYearId=${yearId}&fiscalYear=2026&isOperating=true`;
    const totals = await timed(RUNS, get(totalsPath), none);
    ctx.report(`GET /line-items/budget/totals median, ${load()}`, totals.median, 'ms');
    const filtered = await timed(
      RUNS,
      get(`${totalsPath}&buildingId=${buildingIds[0]}&search=teacher`),
      none,
    );
    ctx.report('GET /line-items/budget/totals (building + search) median', filtered.median, 'ms');

    let groupCount = 0;
    const dupsPath = `/line-items/duplicates?budgetYearId=${yearId}&fiscalYear=2026`;
    const countGroups = (text: string) => {
      groupCount = (JSON.parse(text) as { duplicateGroups: unknown[] }).duplicateGroups.length;
    };
    // Each run follows an edit, so every pair is scored again; then the unchanged case (cached).
    const dups = await timed(RUNS, get(dupsPath), countGroups, editOne);
    ctx.report(
      `GET /line-items/duplicates after an edit (all pairs scored) median, ${load()}`,
      dups.median,
      'ms',
    );
    ctx.report('GET /line-items/duplicates after an edit max', dups.max, 'ms');
    const dupsCached = await timed(RUNS, get(dupsPath), countGroups);
    ctx.report('GET /line-items/duplicates unchanged (cached) median', dupsCached.median, 'ms');
    ctx.report('duplicate groups found in generated data', groupCount);

    // What the client does with each body, in CPU time (the same V8 as Chromium's).
    const bodies = { rows: await listOf('rows')(), objects: await listOf('objects')() };
    const rowsBody = JSON.parse(bodies.rows) as LineItemRows;
    for (const format of FORMATS) {
      const mb = Math.round((Buffer.byteLength(bodies[format]) / 1024 / 1024) * 10) / 10;
      ctx.report(`GET /line-items/budget ${format} response size`, mb, 'MB');
      ctx.report(
        `  JSON.parse of it, CPU time, median of 7, ${load()}`,
        cpuMs(7, () => JSON.parse(bodies[format])),
        'ms',
      );
    }
    ctx.report(
      `  decoding the parsed rows into 50,000 line objects, CPU time, median of 7, ${load()}`,
      cpuMs(7, () => decodeEmployeeRows(rowsBody)),
      'ms',
    );
  } finally {
    if (server) {
      await new Promise((resolve) => server!.close(resolve));
    }
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
