// npm run bench -- cola: the COLA calculations at 50,000 employee lines, over HTTP against the app
// (in process) on the real PostgreSQL server, and `budget-cli project` of those employees five years
// ahead (the real binary), in a database this bench creates and drops. The district: ten work groups
// in four categories, settled and negotiating contracts, a default COLA scenario by category, pooled
// steps and lanes, and the Teachers (a third of the lines) placed on a 10-step, 5-lane schedule.
// COLA_BENCH=calls or COLA_BENCH=project runs one half only. Every figure carries the 1-minute load
// average when it was taken (2 cores: above 2, other work is taking CPU from the bench).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { benchDatabase, insertOperatingYear, loadNow, median, ROOT } from './lib';
import { inProcessApp, type InProcessApp } from './in-process-app';
import type { BenchContext } from './run';

const LINES = 50_000;
const RUNS = 5;
const PARTS = (process.env.COLA_BENCH ?? 'calls,project').split(',');
// The RIF gap, multi-year and COLA calculate under 300 ms at 50,000 employees.
const LIMIT_MS = 300;
// `budget-cli project` (five years of projections): under 3 s at 50,000 employees on this machine.
const PROJECT_LIMIT_MS = 3000;
const LANES = ['Bach', 'B+15', 'Mast', 'M+30', 'Doct'];
// [name, category, contracts]: settled / negotiating COLA by fiscal year.
const GROUPS: [string, string, { settled?: [number, number][]; negotiating?: [number, number][] }][] = [
  [
    'Teachers',
    'TEACHERS',
    {
      settled: [
        [2027, 2.5],
        [2028, 2.75],
      ],
      negotiating: [[2029, 3]],
    },
  ],
  ['Special Education Teachers', 'TEACHERS', { settled: [[2027, 2.5]] }],
  [
    'Paraprofessionals',
    'SUPPORT',
    {
      negotiating: [
        [2027, 2],
        [2028, 2],
      ],
    },
  ],
  ['Secretaries', 'SUPPORT', {}],
  ['Nurses', 'SUPPORT', { settled: [[2027, 3]] }],
  [
    'Principals',
    'ADMIN',
    {
      settled: [
        [2027, 2],
        [2028, 2],
        [2029, 2],
      ],
    },
  ],
  ['Directors', 'ADMIN', {}],
  ['Custodians', 'OPERATIONS', { negotiating: [[2027, 1.5]] }],
  ['Food Service', 'OPERATIONS', {}],
  ['Bus Drivers', 'OPERATIONS', {}],
];

/** The district: 50,000 FY2026 employee lines and the COLA inputs above. */
export async function seed(db: Parameters<typeof migrateLatest>[0]): Promise<number> {
  const { yearId, scenarioId, buildingIds } = await insertOperatingYear(db);
  const categories = await db('work_group_categories')
    .insert(['TEACHERS', 'SUPPORT', 'ADMIN', 'OPERATIONS'].map((name) => ({ name })))
    .returning(['id', 'name']);
  const categoryId = new Map(categories.map((c: { id: number; name: string }) => [c.name, c.id]));
  const groups = await db('work_groups')
    .insert(GROUPS.map(([name, category]) => ({ name, category_id: categoryId.get(category) })))
    .returning(['id', 'name']);
  const ids = groups.map((g: { id: number }) => g.id);
  for (const [i, [name, , contracts]] of GROUPS.entries()) {
    for (const status of ['settled', 'negotiating'] as const) {
      const rates = contracts[status];
      if (rates) {
        const [contract] = await db('contracts')
          .insert({
            name: `${name} ${status}`,
            work_group_id: ids[i],
            start_year: rates[0][0],
            end_year: rates[rates.length - 1][0],
            contract_years: rates.length,
            status: status.toUpperCase(),
          })
          .returning('id');
        await db('contract_cola_rates').insert(
          rates.map(([fy, pct], n) => ({
            contract_id: contract.id,
            contract_year: n + 1,
            fiscal_year: fy,
            cola_percentage: pct,
          })),
        );
      }
    }
  }
  const [scenario] = await db('cola_scenarios').insert({ name: 'Plan', is_default: true }).returning('id');
  await db('cola_settings').insert(
    [...categoryId.values()].flatMap((cat, i) =>
      [2027, 2028, 2029, 2030, 2031].map((fy) => ({
        scenario_id: scenario.id,
        work_group_category_id: cat,
        fiscal_year: fy,
        cola_percentage: 1.5 + i * 0.25,
      })),
    ),
  );
  await db('budget_settings').insert({
    budget_year_id: yearId,
    steps_lanes_work_groups: JSON.stringify(ids.slice(1, 6)),
  });
  // The Teachers' schedule: FY25-FY27 printed, 10 steps, 5 lanes, 2% a step and 4% a lane, 2.5% a year.
  const [schedule] = await db('salary_schedules')
    .insert({ name: 'Teachers', work_group_id: ids[0], lanes: JSON.stringify(LANES) })
    .returning('id');
  await db.raw(
    `INSERT INTO salary_schedule_amounts (schedule_id, fiscal_year, step, lane, amount)
     SELECT ?, fy, step, (?::text[])[lane], round(48000 * power(1.02, step - 1) * power(1.04, lane - 1) * power(1.025, fy - 2025), 2)
       FROM generate_series(2025, 2027) fy, generate_series(1, 10) step, generate_series(1, 5) lane`,
    [schedule.id, LANES],
  );
  // One INSERT ... SELECT; a third are Teachers (placed on the schedule), 1 in 50 Retiring.
  await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, first_name, last_name, position,
       current_salary, current_fte, work_group_id, work_group, employee_status, building_id,
       salary_step, salary_lane, salary_placement)
     SELECT ?, ?, 2026, true, 'First' || g, 'Last' || (g % 9973), 'Staff ' || (g % 40),
       CASE WHEN g % 3 = 0 THEN round(48000 * power(1.02, g % 10) * power(1.04, g % 5) * 1.025, 2)
            ELSE round((32000 + (g * 7907) % 88000 + ((g * 31) % 100) / 100.0)::numeric, 2) END,
       1.0, CASE WHEN g % 3 = 0 THEN (?::int[])[1] ELSE (?::int[])[2 + g % 9] END,
       CASE WHEN g % 3 = 0 THEN 'Teachers' ELSE 'Group ' || (g % 9) END,
       CASE WHEN g % 50 = 0 THEN 'Retiring' ELSE 'Active' END, (?::int[])[1 + g % 8],
       CASE WHEN g % 3 = 0 THEN 1 + g % 10 END, CASE WHEN g % 3 = 0 THEN (?::text[])[1 + g % 5] END,
       CASE WHEN g % 3 = 0 THEN 'confirmed' END
     FROM generate_series(1, ?) AS g`,
    [yearId, scenarioId, ids, ids, buildingIds, LANES, LINES],
  );
  await db.raw('ANALYZE');
  return yearId;
}

/** Median wall-clock ms of `runs` calls after one unmeasured warm-up call. */
async function timed(runs: number, call: () => Promise<unknown>): Promise<number> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return median(times);
}

export default async function colaBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_cola_${process.pid}`);
  const handle = await openDb({ url: database.url });
  let app: InProcessApp | undefined;
  try {
    const db = handle.knex;
    await migrateLatest(db);
    ctx.report('load average at start (1 min, 2 cores)', loadavg()[0]);
    const started = performance.now();
    const budgetYearId = await seed(db);
    ctx.report(
      `seed ${LINES.toLocaleString('en-US')} employee lines and the COLA inputs`,
      performance.now() - started,
      'ms',
    );

    app = await inProcessApp(db);
    const call = (method: string, p: string, body?: unknown) => () => app!.call(method, p, body);
    const cases: [string, () => Promise<string>][] = [
      [
        'POST /cola/calculate-rif-gap (FY27, saved)',
        call('POST', '/cola/calculate-rif-gap', {
          budgetYearId,
          townFundingAmount: 2_400_000_000,
          // The bench district has no proposed lines to take a baseline from.
          baselineBudget: 2_300_000_000,
        }),
      ],
      ['POST /cola/calculate (FY27-FY29)', call('POST', '/cola/calculate', { budgetYearId })],
      [
        'GET /cola/multi-year-projection (FY27-FY31)',
        call(
          'GET',
          `/cola/multi-year-projection?budgetYearId=${budgetYearId}&startYear=2027&endYear=2031&baselineBudget=2300000000`,
        ),
      ],
    ];
    for (const [name, fn] of PARTS.includes('calls') ? cases : []) {
      const ms = await timed(RUNS, fn);
      ctx.report(
        `${name}, median of ${RUNS}`,
        ms,
        `ms (limit ${LIMIT_MS} ms: ${ms < LIMIT_MS ? 'ok' : 'FAILED'}; load ${loadNow()})`,
      );
    }

    if (PARTS.includes('project')) {
      await benchProject(ctx, db, database.url);
    }
    ctx.report('load average at end (1 min, 2 cores)', loadavg()[0]);
  } finally {
    await app?.close();
    await handle.close();
    await database.drop();
  }
}

/**
 * `budget-cli project` five years ahead (the real binary, built first by bin/budget-cli.mjs when
 * stale): first into empty years, then twice more with --force, which deletes those lines and
 * writes them again. And, for scale, what writing and deleting as many lines costs with no rule at
 * all (one INSERT ... SELECT of the base lines into the five years, one DELETE; rolled back).
 */
async function benchProject(ctx: BenchContext, db: Knex, url: string): Promise<void> {
  const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
  const bin = path.join(ROOT, 'bin/budget-cli.mjs');
  const project = () => {
    const start = performance.now();
    const run = spawnSync(
      process.execPath,
      [bin, 'project', '--budget-year', 'FY26', '--type', 'operating', '--to', 'FY31', '--force', '--json'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (run.status !== 0) {
      throw new Error(`budget-cli project exited ${run.status}: ${run.stderr}`);
    }
    const ms = performance.now() - start;
    return {
      ms,
      load: loadNow(),
      lines: (JSON.parse(run.stdout) as { projectedCount: number }).projectedCount,
    };
  };
  const verdict = (ms: number, load: string) =>
    `ms (limit ${PROJECT_LIMIT_MS} ms: ${ms < PROJECT_LIMIT_MS ? 'ok' : 'FAILED'}; load ${load})`;
  const first = project();
  const lines = first.lines.toLocaleString('en-US');
  ctx.report(
    `budget-cli project FY27-FY31, into empty years (${lines} lines written)`,
    first.ms,
    verdict(first.ms, first.load),
  );
  const again = [project(), project()].sort((a, b) => a.ms - b.ms);
  ctx.report(
    `the same with --force over them (${lines} deleted and written again), faster of 2 (slower ${Math.round(again[1].ms)} ms)`,
    again[0].ms,
    verdict(again[0].ms, again[0].load),
  );
  const trx = await db.transaction();
  try {
    let start = performance.now();
    await trx.raw('DELETE FROM projected_lines');
    ctx.report(
      `for scale: DELETE of those ${lines} lines alone (projected_lines)`,
      performance.now() - start,
      `ms (load ${loadNow()})`,
    );
    start = performance.now();
    await trx.raw(
      `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected, current_salary,
         next_year_salary, employee_status, metadata, salary_step, salary_lane, salary_placement, first_name,
         last_name, position, current_fte, work_group_id, work_group, building_id)
       SELECT li.budget_year_id, li.scenario_id, fy, true, true, li.current_salary, li.current_salary, 'Active',
         jsonb_build_object('projectedFrom', 2026, 'sourceLineId', li.id), li.salary_step, li.salary_lane,
         li.salary_placement, li.first_name, li.last_name, li.position, li.current_fte, li.work_group_id,
         li.work_group, li.building_id
       FROM line_items li CROSS JOIN generate_series(2027, 2031) AS fy
       WHERE li.fiscal_year = 2026 AND NOT li.is_projected AND li.employee_status = 'Active'`,
    );
    ctx.report(
      `for scale: the same lines as whole line_items rows, as they were stored before projected_lines (no rule)`,
      performance.now() - start,
      `ms (load ${loadNow()})`,
    );
  } finally {
    await trx.rollback();
  }
}
