// npm run bench -- projected-follow: what keeping projected years in step with their base costs at
// 50,000 employees projected five years ahead (250,000 projected lines), over HTTP against the app
// (in process) on the real PostgreSQL server, in a database this bench creates and drops (the
// district of cola.bench.ts). A one-line salary edit re-walks that person's five projected years;
// a contract's COLA re-walks its whole work group's.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { hashPassword } from '@server/lib/passwords';
import { insertUser } from '@server/domains/admin/queries/users';
import { apiLogin, benchDatabase, loadNow, median } from './lib';
import { seed } from './cola.bench';
import type { BenchContext } from './run';

const RUNS = 5;

export default async function projectedFollowBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_follow_${process.pid}`);
  const handle = await openDb({ url: database.url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-follow-'));
  let server: Server | undefined;
  try {
    const db = handle.knex;
    await migrateLatest(db);
    const budgetYearId = await seed(db);
    const config = {
      ...loadConfig({ ...process.env, DATA_DIR: dataDir }),
      jwtSecret: 'bench-secret-'.padEnd(40, 'x'),
    };
    await insertUser(db, {
      name: 'Bench Finance',
      email: 'bench@example.org',
      password_hash: await hashPassword('bench-password', 10),
      role: 'FINANCE',
    });
    server = createApp({ db, config, log: createLogger(process.env.BENCH_LOG ?? 'silent') }).listen(
      0,
      '127.0.0.1',
    );
    await new Promise((resolve) => server!.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { token } = await apiLogin(origin, { email: 'bench@example.org', password: 'bench-password' });
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${origin}/api${p}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) {
        throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
      }
      return text;
    };
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
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      await call('PUT', `/cola/contracts/${contract.id}`, {
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
      times.push(performance.now() - start);
    }
    ctx.report(
      'PUT the Teachers’ contract (16,667 employees, their projected years re-walked), median of 3',
      median(times),
      `ms (load ${loadNow()})`,
    );
  } finally {
    if (server) {
      await new Promise((resolve) => server!.close(resolve));
    }
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
