import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { createApp } from '@server/app';
import type { DbHandle } from '@server/db/index';
import { createLogger, type Logger } from '@server/lib/log';
import { hashPassword } from '@server/lib/passwords';
import { insertUser } from '@server/domains/admin/queries/users';
import { allRoutes } from '@server/routes/index';
import type { Role } from '@shared/schemas/common';
import { resetLoginLimits } from '@server/domains/admin/auth';
import { startSession } from '@server/domains/admin/tokens';
import { createTestDb } from './db';
import { RESPONSE_MISMATCH, responseCheck, sweepRecorder } from './response-check';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  db: DbHandle;
  app: AppContext;
  url: string;
  /**
   * Calls the real server over HTTP. `body` as a string is sent raw (for malformed JSON tests).
   * Throws when the response does not match the route's declared schema (see responseCheck).
   */
  api<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** A user of the given role with a valid token (factory: each call makes a new, unique user). */
  userWith(
    role: Role,
    overrides?: { name?: string; email?: string; password?: string; isActive?: boolean },
  ): Promise<{
    id: number;
    email: string;
    password: string;
    token: string;
  }>;
  close(): Promise<void>;
}

let seq = 0;

/**
 * A real server on an ephemeral port over this test file's own database. Every API response is
 * checked against the schema its route declares (test/response-check.ts): a DTO built in SQL
 * cannot drift from the schema the web types and the OpenAPI document are made from.
 */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; log?: Logger; thread?: 'worker' | 'main' } = {},
): Promise<TestApp> {
  const db = await createTestDb({ thread: options.thread });
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: 'node_modules/.cache/budget-tests/data' }),
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    // The account-wide slowdown after many failures; tests that count failures keep it short.
    loginSlowdownMs: 50,
    ...options.config,
  };
  const app: AppContext = { db: db.knex, config, log: options.log ?? createLogger('silent') };
  const koa = createApp(app);
  // Outermost, before the error handler: it sees every final status and body. Koa composes its
  // middleware list when it starts listening, so this is the only change a test server has. The
  // routes whose success it checked go to the run's response sweep (test/global-setup.ts).
  koa.middleware.unshift(responseCheck(allRoutes, sweepRecorder(inject('responseSweepDir'))));
  const server: Server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetLoginLimits();
  return {
    db,
    app,
    url,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) {
        headers.Authorization = `Bearer ${options.token}`;
      }
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['Content-Type'] ??= 'application/json';
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
      const res = await fetch(`${url}/api${path}`, { method: method.toUpperCase(), headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      const mismatch = parsed as { code?: string; error?: string } | undefined;
      if (res.status === 500 && mismatch?.code === RESPONSE_MISMATCH) {
        throw new Error(mismatch.error);
      }
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async userWith(role, overrides = {}) {
      seq += 1;
      const password = overrides.password ?? `password-${seq}-ok`;
      const row = await insertUser(db.knex, {
        name: overrides.name ?? `${role} User ${seq}`,
        email: overrides.email ?? `${role.toLowerCase()}-${seq}-${process.pid}@example.org`,
        password_hash: await hashPassword(password, 10),
        role,
      });
      if (overrides.isActive === false) {
        await db.knex('users').where({ id: row.id }).update({ is_active: false });
      }
      const { token } = await startSession(app, db.knex, row.id, { address: '127.0.0.1', device: 'test' });
      return { id: row.id, email: row.email, password, token };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
