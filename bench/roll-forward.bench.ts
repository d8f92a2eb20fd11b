// npm run bench -- roll-forward: roll forward (POST /roll-forward's service) of 50,000 FY2026 employee
// lines into FY2027 on the real PostgreSQL server, in a database this bench creates and drops: the
// dry run, the real run (which makes budget year FY27) and its undo, each the median of RUNS, then
// the same at a quarter of the lines, so a step that grows faster than the lines shows as a ratio
// well above 4. The district is the cola bench's (ten work groups, contracts, the Teachers placed on
// a 10-step, 5-lane schedule, 1 in 50 Retiring). Each figure carries the 1-minute load average.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '@server/context';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { systemActor } from '@server/policies/index';
import { rollForward, undoRollForward } from '@server/domains/roll-forward';
import { positionsFromLines } from '@server/domains/positions';
import { seed } from './cola.bench';
import { benchDatabase, loadNow, median } from './lib';
import type { BenchContext } from './run';

const RUNS = 3;
const actor = systemActor('roll-forward-bench');

/** Median ms of the dry run, the real run and the undo (a real run is always undone before the next). */
async function measure(
  app: AppContext,
): Promise<{ dry: number; real: number; undo: number; carried: number; positions: number }> {
  const dry: number[] = [];
  const real: number[] = [];
  const undo: number[] = [];
  let carried = 0;
  let positions = 0;
  for (let i = 0; i < RUNS; i += 1) {
    let start = performance.now();
    await rollForward(app, actor, { fromFiscalYear: 2026, dryRun: true, confirm: false });
    dry.push(performance.now() - start);
    start = performance.now();
    const res = await rollForward(app, actor, { fromFiscalYear: 2026, dryRun: false, confirm: true });
    real.push(performance.now() - start);
    carried = res.totals.employeesCarried;
    positions = res.positions.carried;
    start = performance.now();
    await undoRollForward(app, actor, { toFiscalYear: 2027 });
    undo.push(performance.now() - start);
  }
  return { dry: median(dry), real: median(real), undo: median(undo), carried, positions };
}

export default async function rollForwardBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_roll_forward_${process.pid}`);
  const handle = await openDb({ url: database.url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-roll-forward-'));
  try {
    const db = handle.knex;
    await migrateLatest(db);
    ctx.report('load average at start (1 min, 2 cores)', loadavg()[0]);
    await seed(db);
    // FY2026's roster: every employee a filled position (as the migration makes them), carried too.
    await positionsFromLines(db, { fiscalYear: 2026, actorLabel: 'bench' });
    const app: AppContext = {
      db,
      config: {
        ...loadConfig({ ...process.env, DATA_DIR: dataDir }),
        jwtSecret: 'bench-secret-'.padEnd(40, 'x'),
      },
      log: createLogger('silent'),
    };
    const full = await measure(app);
    // A quarter of the district: every fourth line stays (Teachers and Retiring keep their share).
    await db.raw('DELETE FROM line_items WHERE fiscal_year = 2026 AND id % 4 <> 0');
    // Their positions go too (the delete left them vacant), so the roster is a quarter as well.
    await db.raw(`DELETE FROM positions p WHERE p.fiscal_year = 2026
                    AND NOT EXISTS (SELECT 1 FROM position_holders h WHERE h.position_id = p.id)`);
    await db.raw('ANALYZE line_items');
    const quarter = await measure(app);
    for (const [what, key] of [
      ['dry run', 'dry'],
      ['real run (writes the lines, the positions, budget year FY27, the first snapshot)', 'real'],
      ['undo', 'undo'],
    ] as const) {
      ctx.report(
        `${what}, ${full.carried.toLocaleString('en-US')} employees and ${full.positions.toLocaleString('en-US')} positions carried, median of ${RUNS}`,
        full[key],
        `ms (${quarter[key].toFixed(0)} ms at ${quarter.carried.toLocaleString('en-US')}: x${(full[key] / quarter[key]).toFixed(1)} for x${(full.carried / quarter.carried).toFixed(1)} the lines; load ${loadNow()})`,
      );
    }
    ctx.report('load average at end (1 min, 2 cores)', loadavg()[0]);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
