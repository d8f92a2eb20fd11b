import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createTestDb } from '../../../test/db';
import { buildBudgetYear, buildScenario } from '../../../test/factories';
import { backupToFile, lastBackup, openForBackup, restoreEmbedded, restorePostgres } from './backup';

/**
 * Back up, change data, restore, and every table reads exactly as it did at
 * the backup; a backup from a newer version is refused and changes nothing; the embedded database
 * is not read behind a running server's back.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'budget-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Every row of every table (but knex's own lock, and the security log, which gains the backup and
 * the restore themselves: restore-accounting.test.ts), in a stable order.
 */
async function everything(knex: Knex): Promise<Record<string, unknown[]>> {
  const tables = (await knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .whereNot('table_name', 'knex_migrations_lock')
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const where = table === 'audit_log' ? ` WHERE entity <> 'security'` : '';
    out[table] = (await knex.raw(`SELECT * FROM ??${where} ORDER BY 1`, [table])).rows;
  }
  return out;
}

async function someData(knex: Knex, year: number) {
  const budgetYearId = await buildBudgetYear(knex, { currentFiscalYear: year });
  await buildScenario(knex, budgetYearId, 'proposed', true);
  await buildScenario(knex, budgetYearId, 'operating', true);
}

describe.skipIf(process.env.TEST_DATABASE_URL)('embedded backup and restore', () => {
  it('restores every table as it was at the backup, and records the last backup', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'embedded.tar.gz');
    let db = await openDb({ dataDir });
    await migrateLatest(db.knex);
    await someData(db.knex, 2027);
    const atBackup = await everything(db.knex);
    const done = await backupToFile(db, dataDir, file);
    const { installationId, ...recorded } = done;
    expect(lastBackup(dataDir)).toEqual(recorded);
    expect(done).toMatchObject({ format: 'embedded', where: file });
    expect(installationId).toMatch(/^[0-9a-f-]{36}$/);

    await someData(db.knex, 2028);
    await db.knex('scenarios').where({ scenario_type: 'operating' }).delete();
    expect(await everything(db.knex)).not.toEqual(atBackup);
    await db.close();

    await restoreEmbedded(dataDir, file);
    db = await openDb({ dataDir });
    expect(await everything(db.knex)).toEqual(atBackup);

    // A backup from a newer version of the app: refused, and the database is left as it was.
    await db
      .knex('knex_migrations')
      .insert({ name: '29991231000001_from_the_future', batch: 9, migration_time: new Date() });
    const newer = path.join(dir, 'newer.tar.gz');
    await backupToFile(db, dataDir, newer);
    await db.knex('knex_migrations').where({ name: '29991231000001_from_the_future' }).delete();
    const before = await everything(db.knex);
    await db.close();
    await expect(restoreEmbedded(dataDir, newer)).rejects.toThrow(
      /newer version of the app.*29991231000001_from_the_future/,
    );
    db = await openDb({ dataDir });
    expect(await everything(db.knex)).toEqual(before);
    await db.close();
  }, 120_000);

  it('refuses clearly while a server holds the embedded database', async () => {
    const dataDir = path.join(dir, 'held');
    const db = await openDb({ dataDir });
    await db.close();
    // The lock of another live process (our parent stands in for the server).
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
    const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), databaseUrl: undefined };
    await expect(openForBackup(config)).rejects.toThrow(/server is running.*Admin → Database/);
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL backup and restore (pg_dump / pg_restore)', () => {
  it('restores every table as it was at the backup, and refuses a newer schema', async () => {
    const db = await createTestDb();
    try {
      await someData(db.knex, 2027);
      const atBackup = await everything(db.knex);
      const file = path.join(dir, 'pg.dump');
      expect(await backupToFile(db, dir, file)).toMatchObject({ format: 'pg_dump' });

      await someData(db.knex, 2028);
      await db.knex('scenarios').where({ scenario_type: 'operating' }).delete();
      expect(await everything(db.knex)).not.toEqual(atBackup);
      await restorePostgres(db, file, path.join(dir, 'safety.dump'));
      expect(await everything(db.knex)).toEqual(atBackup);

      await db
        .knex('knex_migrations')
        .insert({ name: '29991231000001_from_the_future', batch: 9, migration_time: new Date() });
      const newer = path.join(dir, 'newer.dump');
      await backupToFile(db, dir, newer);
      await db.knex('knex_migrations').where({ name: '29991231000001_from_the_future' }).delete();
      const before = await everything(db.knex);
      await expect(restorePostgres(db, newer, path.join(dir, 'safety2.dump'))).rejects.toThrow(
        /newer version of the app/,
      );
      expect(await everything(db.knex)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 120_000);
});
