// npm run bench -- publish-status: what `budget-cli publish --status` works out (every published
// year's public figures again, to say whether the data changed since the Publish), in process and
// warm, on the demo district and on the demo's rosters grown to 20,000 positions a year; and the
// staffing's fund FTE ('Which fund pays', fundFteRows) alone, which read each position by probes
// (0.7 to 2.1 s at that size) before it was read as sets.
import { loadavg } from 'node:os';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { publicDashboard } from '@server/domains/public-dashboard';
import { fundFteRows } from '@server/domains/positions/queries/staffing';
import { createLogger } from '@server/lib/log';
import { systemActor } from '@server/policies/index';
import { seedDemo } from '../seeds/demo';
import { benchDatabase, median } from './lib';
import type { BenchContext } from './run';

const RUNS = 5;
/** Copies of each demo position: 494 + 508 positions become 20,254 + 20,828. */
const COPIES = 40;

async function timed(runs: number, work: () => Promise<unknown>): Promise<string> {
  await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return `${Math.round(median(ms))} ms (${ms.map(Math.round).join(', ')})`;
}

/** The demo's FY2025 and FY2026 rosters copied COPIES times each, with holders and fund shares. */
async function grow(db: Awaited<ReturnType<typeof openDb>>['knex']): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`CREATE TEMP TABLE grown ON COMMIT DROP AS
      SELECT p.id AS old_id, k, nextval('positions_id_seq')::int AS new_id
        FROM positions p CROSS JOIN generate_series(1, ${COPIES}) k`);
    await trx.raw(`INSERT INTO positions (id, budget_year_id, fiscal_year, title, building_id, dese_code,
        category_id, work_group_id, fte, status, vacancy_step, vacancy_lane, notes, vacancy_rate)
      SELECT g.new_id, p.budget_year_id, p.fiscal_year, p.title || ' ' || g.k, p.building_id, p.dese_code,
             p.category_id, p.work_group_id, p.fte, p.status, p.vacancy_step, p.vacancy_lane, p.notes, p.vacancy_rate
        FROM grown g JOIN positions p ON p.id = g.old_id`);
    await trx.raw(`INSERT INTO position_holders (position_id, line_item_id, fte_share)
      SELECT g.new_id, h.line_item_id, h.fte_share FROM grown g JOIN position_holders h ON h.position_id = g.old_id`);
    await trx.raw(`INSERT INTO position_fund_shares (position_id, fund_id, fte)
      SELECT g.new_id, s.fund_id, s.fte FROM grown g JOIN position_fund_shares s ON s.position_id = g.old_id`);
  });
  await db.raw('ANALYZE');
}

export default async function publishStatusBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_publish_status_${process.pid}`);
  const handle = await openDb({ url: database.url });
  const db = handle.knex;
  const loads = [loadavg()[0].toFixed(1)];
  try {
    await migrateLatest(db);
    await seedDemo(db, { personaPassword: 'bench-password-1', passwordCost: 10 });
    const app = {
      db,
      config: loadConfig({ ...process.env, JWT_SECRET: 'b'.repeat(48) }),
      log: createLogger('silent'),
    };
    const actor = systemActor('bench');
    const id = (await publicDashboard.getConfig(app, actor)).config.id;
    await publicDashboard.publish(app, actor, id, { publishedYears: [2026], confirm: true });
    const roster = await db('positions').where({ fiscal_year: 2026 }).first('budget_year_id');
    for (const size of ['demo district', `rosters x${COPIES}`]) {
      if (size !== 'demo district') {
        await grow(db);
      }
      const count = (await db('positions').count({ n: '*' }))[0].n;
      const status = await timed(RUNS, () => publicDashboard.publishStatus(app, actor));
      ctx.report(`${size} (${count} positions): publish --status's work, median of ${RUNS}`, status);
      const funds = await timed(RUNS, () => fundFteRows(db, roster.budget_year_id, 2026, true));
      ctx.report(`${size}: the FY2026 staffing's fund FTE (fundFteRows), median of ${RUNS}`, funds);
      loads.push(loadavg()[0].toFixed(1));
    }
    ctx.report('load average (1 min) at start and after each size', loads.join(', '));
  } finally {
    await handle.close();
    await database.drop();
  }
}
