import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { openDb, type DbHandle } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { createTestApp } from '../../../test/app';
import { createTestDb } from '../../../test/db';
import { buildBudgetYear } from '../../../test/factories/budget-years';
import { backupToFile, restoreEmbedded, restorePostgres } from './backup';
import type { RestoreOptions } from './restore';
import { getSecurityLog } from './security-log';
import { logout } from './sessions';
import { authenticate, startSession } from './tokens';

/**
 * Backups and restores are accounted for. Each is in the security log; a restore
 * ends every session, so one ended after the backup does not come back with it; a backup names its
 * installation, and another installation's backup is restored only when asked, saying what it
 * brings. On the embedded database, or with TEST_DATABASE_URL on PostgreSQL.
 */

const pg = Boolean(process.env.TEST_DATABASE_URL);
const client = { address: '10.0.0.9', device: 'test' };
let dir: string;
const dropLater: DbHandle[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'budget-restore-log-'));
});
afterAll(async () => {
  for (const db of dropLater) {
    await db.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Installation {
  dataDir: string;
  /** Opens its database, runs `work` with an app on it, closes it (embedded: one process at a time). */
  use<T>(work: (app: AppContext) => Promise<T>): Promise<T>;
  restore(file: string, options?: RestoreOptions): ReturnType<typeof restoreEmbedded>;
}

let safeties = 0;
async function installation(name: string): Promise<Installation> {
  const dataDir = path.join(dir, name);
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), jwtSecret: 'x'.repeat(40) };
  let open: () => Promise<DbHandle>;
  if (pg) {
    const db = await createTestDb();
    dropLater.push(db);
    const url = (db.knex.client.config.connection as { connectionString: string }).connectionString;
    open = () => openDb({ url });
  } else {
    open = () => openDb({ dataDir });
    const db = await open();
    await migrateLatest(db.knex);
    await db.close();
  }
  const use = async <T>(work: (app: AppContext) => Promise<T>) => {
    const db = await open();
    try {
      return await work({ db: db.knex, config, log: createLogger('silent') });
    } finally {
      await db.close();
    }
  };
  return {
    dataDir,
    use,
    restore: async (file, options) => {
      if (!pg) {
        return restoreEmbedded(dataDir, file, options);
      }
      const db = await open();
      try {
        return await restorePostgres(db, file, path.join(dir, `safety-${++safeties}.dump`), options);
      } finally {
        await db.close();
      }
    },
  };
}

async function addAdmin(app: AppContext, email: string): Promise<number> {
  const [{ id }] = await app
    .db('users')
    .insert({ name: email, email, password_hash: 'x', role: 'ADMIN' })
    .returning('id');
  return id;
}

const backup = (i: Installation, file: string) =>
  i.use(async (app) =>
    backupToFile({ knex: app.db, kind: pg ? 'pg' : 'pglite', close: async () => {} }, i.dataDir, file),
  );
const securityEvents = (i: Installation, event: 'backup-made' | 'database-restored') =>
  i.use(
    async (app) =>
      (
        await getSecurityLog(
          app,
          { kind: 'system', id: null, role: 'ADMIN', name: 't', email: null },
          { event, limit: 100 },
        )
      ).events,
  );
const installationOf = (i: Installation) =>
  i.use(async (app) => (await app.db('installation').first('id')).id as string);
const years = (i: Installation) =>
  i.use(
    async (app) => (await app.db('budget_years').orderBy('fiscal_year').pluck('fiscal_year')) as string[],
  );

describe(`backup and restore are accounted for (${pg ? 'PostgreSQL' : 'embedded'})`, () => {
  let a: Installation;
  beforeAll(async () => {
    a = await installation('a');
  }, 120_000);

  it('logs the backup and the restore, and a restore ends every session: none comes back', async () => {
    const { tokens, id } = await a.use(async (app) => {
      const userId = await addAdmin(app, 'pat@district.org');
      await buildBudgetYear(app.db, { label: 'FY27', currentFiscalYear: 2027 });
      const first = await startSession(app, app.db, userId, client);
      const second = await startSession(app, app.db, userId, client);
      return { tokens: [first.token, second.token], id: (await app.db('installation').first('id')).id };
    });
    const file = path.join(dir, 'a.backup');
    const made = await backup(a, file);
    expect(made.installationId).toBe(id);
    expect(await securityEvents(a, 'backup-made')).toMatchObject([
      { actor: 'budget-cli', detail: { file, format: made.format, installation: id, bytes: made.bytes } },
    ]);

    // Signed out after the backup: that session is in the backup, and must stay ended.
    await a.use(async (app) => {
      const { actor, sessionId } = await authenticate(app, tokens[0]);
      await logout(app, actor, sessionId, client);
    });
    const done = await a.restore(file);
    expect(done).toMatchObject({
      foreign: false,
      contents: { installationId: id, users: 1, budgetYears: ['FY27'] },
    });
    await a.use(async (app) => {
      for (const token of tokens) {
        await expect(authenticate(app, token)).rejects.toThrow(/no longer valid/);
      }
      expect(Number((await app.db('sessions').count({ n: '*' }))[0].n)).toBe(0);
    });
    expect(await securityEvents(a, 'database-restored')).toMatchObject([
      {
        actor: 'budget-cli',
        detail: { file, foreign: false, fromInstallation: id, users: 1, budgetYears: 'FY27' },
      },
    ]);
  }, 180_000);

  it("refuses another installation's backup unless asked, saying what it brings, and stays this installation", async () => {
    const ours = await installationOf(a);
    const before = await years(a);
    const b = await installation('b');
    const theirs = randomUUID();
    await b.use(async (app) => {
      await app.db('installation').update({ id: theirs });
      await addAdmin(app, 'one@elsewhere.org');
      await addAdmin(app, 'two@elsewhere.org');
      await buildBudgetYear(app.db, { label: 'FY29', currentFiscalYear: 2029 });
      await buildBudgetYear(app.db, { label: 'FY30', currentFiscalYear: 2030 });
    });
    const file = path.join(dir, 'b.backup');
    await backup(b, file);

    await expect(a.restore(file)).rejects.toMatchObject({
      code: 'FOREIGN_BACKUP',
      message: expect.stringMatching(
        new RegExp(
          `another installation of the app \\(${theirs}; this one is ${ours}\\)\\. It brings 2 user accounts and 2 budget years \\(FY29, FY30\\).*--foreign`,
        ),
      ),
    });
    expect(await years(a)).toEqual(before);

    const done = await a.restore(file, { foreign: true });
    expect(done).toMatchObject({ foreign: true, contents: { installationId: theirs, users: 2 } });
    expect(await years(a)).toEqual(['FY29', 'FY30']);
    expect(await installationOf(a)).toBe(ours);
    expect((await securityEvents(a, 'database-restored'))[0]).toMatchObject({
      detail: { foreign: true, fromInstallation: theirs, users: 2, budgetYears: 'FY29, FY30' },
    });

    // A backup that names no installation (made before they were named) is foreign too.
    await b.use((app) => app.db('installation').delete());
    const unnamed = path.join(dir, 'unnamed.backup');
    await backup(b, unnamed);
    await expect(a.restore(unnamed)).rejects.toThrow(/unknown installation.*--foreign/);
  }, 240_000);
});

describe('the admin screen’s backup download', () => {
  it('is in the security log: who, from where, which file', async () => {
    const t = await createTestApp();
    try {
      t.app.config.dataDir = mkdtempSync(path.join(dir, 'download-'));
      const admin = await t.userWith('ADMIN');
      const res = await fetch(`${t.url}/api/admin/database/backup`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      expect(res.status).toBe(200);
      const name = /filename="(.*)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      await res.arrayBuffer();
      const log = await t.api('get', '/auth/security-log?event=backup-made', { token: admin.token });
      expect(log.body.events).toMatchObject([
        { actor: admin.email, userId: admin.id, address: '127.0.0.1', detail: { file: name } },
      ]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
