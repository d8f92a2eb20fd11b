// npm run bench -- crosswalk-apply: the position crosswalk's Apply (`budget-cli crosswalk apply`,
// POST /crosswalk/apply) over a real payroll, on the real PostgreSQL server. The demo district with
// the City of Boston's 2024 earnings (/work/shared/fixtures/real, 25,530 rows) imported into FY26 by
// the real budget-cli, then exact rules for its school titles written after the import, as a person
// writes them from the import's unmatched titles (44 titles, 16 distinct changes): Apply gives
// about 13,000 employee lines and their positions a work group, category and DESE code, every
// changed line through the line writer and audited. Each run applies them to a fresh copy of that
// database (CREATE DATABASE ... TEMPLATE), in process, timed around the service, median of 3; with
// the CPU the node process and the database's backends used, which a shared machine's load
// inflates least.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { applyCrosswalk } from '@server/domains/massachusetts';
import { createLogger } from '@server/lib/log';
import { systemActor } from '@server/policies/index';
import { seedDemo } from '../seeds/demo';
import { benchDatabase, loadRange, median, ROOT } from './lib';
import type { BenchContext } from './run';

const RUNS = 3;
const PAYROLL = '/work/shared/fixtures/real/boston_employee_earnings_report_2024.csv';

type Target = [workGroup: string, category: string, deseCode: string];
const TEACHER: Target = ['Teachers', 'Teachers', '2305'];
const SUBSTITUTE: Target = ['Teachers', 'Teachers', '2325'];
const PARA: Target = ['Paraprofessionals', 'Paraprofessionals', '2330'];
const GUIDANCE: Target = ['Guidance', 'Pupil Services', '2710'];
const THERAPY: Target = ['Related Services', 'Pupil Services', '2320'];
const SPECIALIST: Target = ['Special Education', 'Teachers', '2310'];
const NURSE: Target = ['Nurses', 'Pupil Services', '3200'];
const LIAISON: Target = ['Guidance', 'Pupil Services', '3100'];
const CUSTODIAN: Target = ['Custodians', 'Operations & Maintenance', '4110'];
const FOOD: Target = ['Food Service', 'Food Services', '3400'];
const LEADER: Target = ['Administrators', 'Administration', '2210'];
const OFFICE: Target = ['Secretaries', 'Administration', '2210'];

/**
 * Rules for the school titles of the file, as a district writes them from an import's unmatched
 * titles: 44 exact titles to the demo's work groups and categories, in 16 distinct changes.
 */
const RULES: [title: string, target: Target][] = [
  ['Teacher', TEACHER],
  ['Paraprofessional', PARA],
  ['One to One Para', PARA],
  ['Surround Care Paraprofessional', PARA],
  ['Lunch Hour Monitors', PARA],
  ['Cab Monitor HE', ['Paraprofessionals', 'Pupil Services', '3300']],
  ['Cab Monitor', ['Paraprofessionals', 'Pupil Services', '3300']],
  ['Library Aide', ['Paraprofessionals', 'Paraprofessionals', '2340']],
  ['Librarian', ['Teachers', 'Teachers', '2340']],
  ['Substitute Teacher', SUBSTITUTE],
  ['Substitute Teacher HE', SUBSTITUTE],
  ['Per Diem Substitute Teacher', SUBSTITUTE],
  ['Sub Teacher - Retiree', ['Teachers', 'Teachers', '2324']],
  ['Cluster Substitute', ['Teachers', 'Teachers', '2324']],
  ['Instructional Coach', ['Teachers', 'Teachers', '2352']],
  ['Social Worker/Coordinator', GUIDANCE],
  ['School Counselor', GUIDANCE],
  ['Student Dev Counselor (1)', GUIDANCE],
  ['School Psychologist(1)', ['Related Services', 'Pupil Services', '2800']],
  ['Speech & Language Pathologist', THERAPY],
  ['Occupational Therapist', THERAPY],
  ['ABA Specialist (BTU)', SPECIALIST],
  ['Specialist (BTU)', SPECIALIST],
  ['SpEd Support Svcs Coordinator', ['Special Education', 'Administration', '2110']],
  ['Nurse', NURSE],
  ['Substitute Nurse', NURSE],
  ['Family Liaison BTU', LIAISON],
  ['Community Field Coordinator', LIAISON],
  ['Jr Cust/Nights', CUSTODIAN],
  ['Jr Custodian', CUSTODIAN],
  ['Sen Cust C', CUSTODIAN],
  ['Sen Cust C/Nights', CUSTODIAN],
  ['Part-Time Custodian', CUSTODIAN],
  ['Jr Building Custodian', CUSTODIAN],
  ['Part-Time Cafeteria Attendant', FOOD],
  ['Substitute Cafeteria Attendant', FOOD],
  ['Cafeteria Manager 12', FOOD],
  ['Principal Elementary', LEADER],
  ['Head of School', LEADER],
  ['Asst Headmaster', LEADER],
  ['Prin Admin Asst', OFFICE],
  ['Prin Clerk/School Sec 19', OFFICE],
  ['Sen Clerk School Sec 766-15B', OFFICE],
  ['Secretary', OFFICE],
];

/** The real budget-cli importing the payroll into FY26 of the database at `url`. */
async function importPayroll(url: string): Promise<number> {
  const args = [path.join(ROOT, 'bin/budget-cli.mjs'), 'import', PAYROLL, '--type', 'operating'];
  const child = spawn(process.execPath, [...args, '--budget-year', 'FY26', '--json'], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) {
    throw new Error(`budget-cli import failed (${code}): ${err.slice(-2000)}`);
  }
  return (JSON.parse(out) as { imported: number }).imported;
}

async function addRules(db: Knex): Promise<void> {
  for (const [title, [group, category, deseCode]] of RULES) {
    await db('position_crosswalk_rules').insert({
      match_type: 'exact',
      pattern: title,
      work_group_id: (await db('work_groups').where({ name: group }).first('id')).id,
      category_id: (await db('budget_categories').where({ name: category }).first('id')).id,
      dese_code: deseCode,
    });
  }
}

/** CPU seconds (user + system) the PostgreSQL backends of database `name` have used so far, by pid. */
async function backendCpu(admin: Knex, name: string): Promise<Map<number, number>> {
  const { rows } = await admin.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [name]);
  const ticks = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // Gone, or not readable by this user.
    }
  }
  return ticks;
}

export default async function crosswalkApplyBench(ctx: BenchContext): Promise<void> {
  const template = await benchDatabase(ctx.serverUrl, `bench_crosswalk_${process.pid}`);
  const admin = await openDb({ url: ctx.serverUrl });
  const copies: string[] = [];
  try {
    const tpl = await openDb({ url: template.url });
    let budgetYearId: number;
    try {
      await migrateLatest(tpl.knex);
      await seedDemo(tpl.knex, { personaPassword: 'bench-password-1', passwordCost: 10 });
      ctx.report('payroll rows imported (budget-cli import)', await importPayroll(template.url));
      await addRules(tpl.knex);
      await tpl.knex.raw('ANALYZE');
      budgetYearId = (await tpl.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
    } finally {
      await tpl.close();
    }
    const config = loadConfig({ ...process.env, JWT_SECRET: 'c'.repeat(48) });
    const times: number[] = [];
    const nodeCpu: number[] = [];
    const pgCpu: number[] = [];
    const loads: number[] = [];
    let lines = 0;
    let positions = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const name = `bench_crosswalk_${process.pid}_run${run}`;
      copies.push(name);
      await admin.knex.raw(`CREATE DATABASE ${name} TEMPLATE bench_crosswalk_${process.pid}`);
      const url = Object.assign(new URL(template.url), { pathname: `/${name}` }).href;
      const handle = await openDb({ url });
      try {
        const app = { db: handle.knex, config, log: createLogger('silent') };
        await handle.knex.raw('SELECT 1');
        loads.push(loadavg()[0]);
        const pgBefore = await backendCpu(admin.knex, name);
        const cpuBefore = process.cpuUsage();
        const start = performance.now();
        const result = await applyCrosswalk(app, systemActor('bench'), { budgetYearId, fiscalYear: 2026 });
        times.push(performance.now() - start);
        const cpu = process.cpuUsage(cpuBefore);
        nodeCpu.push((cpu.user + cpu.system) / 1e6);
        const pgAfter = await backendCpu(admin.knex, name);
        pgCpu.push([...pgAfter].reduce((n, [pid, s]) => n + s - (pgBefore.get(pid) ?? 0), 0));
        loads.push(loadavg()[0]);
        ({ changedLines: lines, changedPositions: positions } = result);
        const audited = await handle
          .knex('audit_log')
          .where({ entity: 'line-item' })
          .whereRaw(`after ->> 'cause' LIKE 'Position crosswalk:%'`)
          .count({ n: '*' })
          .first();
        if (lines < 10_000 || Number(audited?.n) !== lines) {
          throw new Error(`Apply changed ${lines} lines and audited ${String(audited?.n)}`);
        }
      } finally {
        await handle.close();
      }
    }
    ctx.report('employee lines / positions Apply changed (each line audited)', `${lines} / ${positions}`);
    ctx.report(`crosswalk apply, in process, median of ${RUNS}`, median(times), 'ms');
    ctx.report('  each run', times.map(Math.round).join(', '), 'ms');
    ctx.report('  per changed line', median(times) / lines, 'ms');
    // What a shared machine's load inflates least: the CPU the work itself took.
    ctx.report('  CPU of this node process (user + system), median', median(nodeCpu), 's');
    ctx.report("  CPU of the database's PostgreSQL backends, median", median(pgCpu), 's');
    ctx.report('load average (1 min) during the runs', loadRange(loads));
  } finally {
    for (const name of copies) {
      await admin.knex.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.close();
    await template.drop();
  }
}
