// The app served in this process over the bench's own database, with one FINANCE user signed in:
// for benches that time API calls without a child server's start-up (cola, projected-follow).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/lib/log';
import { hashPassword } from '@server/lib/passwords';
import { insertUser } from '@server/domains/admin/queries/users';
import { apiLogin } from './lib';

export interface InProcessApp {
  /** Calls the API as the bench's user (FINANCE unless asked); anything but a 200 throws with the answer's start. */
  call(method: string, apiPath: string, body?: unknown): Promise<string>;
  close(): Promise<void>;
}

export async function inProcessApp(db: Knex, role: 'FINANCE' | 'ADMIN' = 'FINANCE'): Promise<InProcessApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-app-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir }),
    jwtSecret: 'bench-secret-'.padEnd(40, 'x'),
  };
  await insertUser(db, {
    name: 'Bench Finance',
    email: 'bench@example.org',
    password_hash: await hashPassword('bench-password', 10),
    role,
  });
  // BENCH_LOG=error prints what a 500 hides.
  const log = createLogger((process.env.BENCH_LOG ?? 'silent') as Parameters<typeof createLogger>[0]);
  const server: Server = createApp({ db, config, log }).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { token } = await apiLogin(origin, { email: 'bench@example.org', password: 'bench-password' });
  return {
    async call(method, apiPath, body) {
      const res = await fetch(`${origin}/api${apiPath}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) {
        throw new Error(`${method} ${apiPath}: ${res.status} ${text.slice(0, 300)}`);
      }
      return text;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
