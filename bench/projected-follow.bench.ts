// npm run bench -- projected-follow: what keeping projected years in step with their base costs at
// 50,000 employees projected five years ahead (250,000 projected lines), over HTTP against the app
// (in process) on the real PostgreSQL server, in a database this bench creates and drops (the
// district of cola.bench.ts). A one-line salary edit re-walks that person's five projected years;
// a contract's COLA re-walks its whole work group's.
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { benchDatabase, insertOperatingYear, loadNow, median } from './lib';
import { inProcessApp, type InProcessApp } from './in-process-app';
import { seed } from './cola.bench';
import type { BenchContext } from './run';

const RUNS = 5;

export default async function projectedFollowBench(ctx: BenchContext): Promise<void> {
  await freshPayroll(ctx);
  const database = await benchDatabase(ctx.serverUrl, `bench_follow_${process.pid}`);
  const handle = await openDb({ url: database.url });
  let app: InProcessApp | undefined;
  try {
    const db = handle.knex;
    await migrateLatest(db);
    const budgetYearId = await seed(db);
    // ADMIN: the adoption below is theirs to record.
    app = await inProcessApp(db, 'ADMIN');
    const call = app.call;
    await call('POST', '/projections/generate', {
      budgetYearId,
      toFiscalYear: 2031,
      projectionType: 'operating',
    });
    await db.raw('ANALYZE');
    const projected = await db('projected_lines').count({ n: '*' }).first();
    ctx.report('projected lines', Number(projected?.n));

    const edits: number[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      const start = performance.now();
      await call('PATCH', `/line-items/budget/${1000 + i * 3}`, { currentSalary: 60000 + i });
      edits.push(performance.now() - start);
    }
    ctx.report(
      `PATCH one employee's salary, median of ${RUNS}`,
      median(edits.slice(1)),
      `ms (load ${loadNow()})`,
    );

    const contract = await db('contracts').where({ name: 'Teachers settled' }).first();
    const rates = await db('contract_cola_rates').where({ contract_id: contract.id }).orderBy('fiscal_year');
    const settle = (i: number) =>
      call('PUT', `/cola/contracts/${contract.id}`, {
        name: contract.name,
        workGroupId: contract.work_group_id,
        startYear: contract.start_year,
        endYear: contract.end_year,
        status: 'SETTLED',
        settlementDate: '2026-05-14',
        notes: null,
        yearlyIncreases: rates.map((r: { fiscal_year: number; cola_percentage: string }) => ({
          fiscalYear: r.fiscal_year,
          colaPercentage: Number(r.cola_percentage) + (i + 1) / 4,
          notes: null,
        })),
      });
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      await settle(i);
      times.push(performance.now() - start);
    }
    ctx.report(
      'PUT the Teachers’ contract (16,667 employees, their projected years re-walked), median of 3',
      median(times),
      `ms (load ${loadNow()})`,
    );

    // FY2027 adopted: its 50,000 projected lines are stored (line_items), and the years after it
    // walk on from them. Measured at once, before PostgreSQL has gathered statistics of them.
    await db('line_items').whereNull('dese_code').update({ dese_code: '2305' });
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2026-02-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-01'],
    ]) {
      await call('POST', '/budget-stages/advance', { budgetYearId, fiscalYear: 2027, stage, date });
    }
    const stored = await db('line_items').where({ is_projected: true }).count({ n: '*' }).first();
    let start = performance.now();
    await settle(3);
    const put = performance.now() - start;
    start = performance.now();
    await call('PATCH', `/line-items/budget/${1100}`, { currentSalary: 61000 });
    ctx.report(
      `FY2027 adopted (${Number(stored?.n).toLocaleString('en-US')} projected lines stored): the same PUT / one employee's PATCH`,
      `${Math.round(put)} ms / ${Math.round(performance.now() - start)} ms`,
      `(load ${loadNow()})`,
    );
  } finally {
    await app?.close();
    await handle.close();
    await database.drop();
  }
}

/**
 * A payroll imported a moment ago, before PostgreSQL has gathered statistics of it (a database of
 * its own, never analyzed): 10,000 employees the planner takes for one. Joining the walk back to
 * its lines then scanned the whole walk once a line (19 s for 9,137 employees of the Boston
 * payroll); the walk now carries what a projected line needs.
 */
async function freshPayroll(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_follow_fresh_${process.pid}`);
  const handle = await openDb({ url: database.url });
  let app: InProcessApp | undefined;
  try {
    const db = handle.knex;
    await migrateLatest(db);
    const { yearId, scenarioId } = await insertOperatingYear(db);
    await db.raw(
      `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, first_name, last_name,
         position, current_salary, current_fte, employee_status)
       SELECT ?, ?, 2026, true, 'New' || g, 'Hire' || g, 'Staff', 40000 + g, 1.0, 'Active'
         FROM generate_series(1, 10000) AS g`,
      [yearId, scenarioId],
    );
    app = await inProcessApp(db);
    const start = performance.now();
    await app.call('POST', '/projections/generate', {
      budgetYearId: yearId,
      toFiscalYear: 2031,
      projectionType: 'operating',
    });
    ctx.report(
      'POST /projections/generate, 10,000 employees just written (no statistics yet), FY27-FY31',
      performance.now() - start,
      `ms (load ${loadNow()})`,
    );
  } finally {
    await app?.close();
    await handle.close();
    await database.drop();
  }
}
