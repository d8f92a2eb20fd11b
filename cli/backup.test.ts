import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * `budget-cli backup FILE` and `budget-cli restore FILE` on its own database (PGlite folder, or a
 * new database with TEST_DATABASE_URL): back up, change data, restore, and every listing reads as
 * it did at the backup.
 */

let c: CliRunner;
beforeAll(async () => {
  c = await createCliRunner('backup', { timeout: 120_000 });
  expect((await c.cli('db', 'migrate')).code).toBe(0);
}, 180_000);
afterAll(() => c.close());

/**
 * The listings the test changes between the backup and the restore: each other listing is a table
 * the restore puts back the same way (one dump of the whole database), and each listing opens the
 * embedded database anew, half a second or more.
 */
const listings = async () => {
  const out: Record<string, unknown> = {};
  for (const what of ['users', 'buildings', 'town-goals']) {
    const res = await c.cli(what, 'list', '--json');
    expect(res.code, res.stderr).toBe(0);
    out[what] = JSON.parse(res.stdout);
  }
  return out;
};

/** Every path under `dir` some other user of the machine could read (group or other bits set). */
function readableByOthers(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const info = statSync(p);
    if (info.mode & 0o077) {
      out.push(`${p} ${(info.mode & 0o777).toString(8)}`);
    }
    if (info.isDirectory()) {
      for (const name of readdirSync(p)) {
        walk(path.join(p, name));
      }
    }
  };
  walk(dir);
  return out;
}

describe('private files', () => {
  it('keeps the data folder, its database and a backup owner-only', async () => {
    const file = path.join(c.dataDir, 'private-check.backup');
    const res = await c.cli('backup', file);
    expect(res.code, res.stderr).toBe(0);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    if (!process.env.TEST_DATABASE_URL) {
      expect(readableByOthers(c.dataDir)).toEqual([]);
    }
  });
});

describe('budget-cli backup / restore: refusals, --force, --json', () => {
  it('says "No such file" for a missing backup, as import does, in text and in JSON', async () => {
    const restore = await c.cli('restore', '/nope.tar.gz');
    expect(restore.code).toBe(1);
    expect(restore.stderr).toBe('Error [NOT_FOUND]: No such file: /nope.tar.gz\n');
    const imported = await c.cli('import', '/nope.csv', '--type', 'operating', '--budget-year', 'FY26');
    expect(imported.stderr).toBe('Error [NOT_FOUND]: No such file: /nope.csv\n');
    const json = await c.cli('restore', '/nope.tar.gz', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: 'No such file: /nope.tar.gz', code: 'NOT_FOUND' });
  });

  it('refuses to overwrite a file without --force, and answers --json', async () => {
    const file = path.join(c.dataDir, 'kept.backup');
    writeFileSync(file, 'an older backup');
    const refused = await c.cli('backup', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already exists; pass --force to replace it/);
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
    const json = await c.cli('backup', file, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'CONFLICT' });

    const forced = await c.cli('backup', file, '--force', '--json');
    expect(forced.code, forced.stderr).toBe(0);
    const made = JSON.parse(forced.stdout);
    expect(made).toMatchObject({ where: file, bytes: statSync(file).size });
    expect(made.installationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(readdirSync(c.dataDir).filter((n) => n.includes('.partial-'))).toEqual([]);

    const restored = await c.cli('restore', file, '--json');
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({
      file,
      format: made.format,
      foreign: false,
      contents: { installationId: made.installationId, users: expect.any(Number) },
    });
  }, 180_000);

  it("restores another installation's backup only with --foreign, saying what it brings", async () => {
    const file = path.join(c.dataDir, 'elsewhere.backup');
    expect((await c.cli('backup', file)).code).toBe(0);
    // This installation becomes another one: the backup is now a stranger's.
    const db = await c.openDb();
    await db.knex('installation').update({ id: '00000000-0000-4000-8000-00000000000a' });
    await db.close();
    const refused = await c.cli('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /FOREIGN_BACKUP.*another installation of the app.*It brings \d+ user accounts? and \d+ budget years?.*--foreign/s,
    );
    const done = await c.cli('restore', file, '--foreign');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/a backup of another installation .*Every session was ended/s);
  }, 180_000);
});

describe('budget-cli backup / restore', () => {
  it('restores every listing as it was at the backup', async () => {
    const add = async (...args: string[]) => expect((await c.cli(...args)).code).toBe(0);
    await add(
      'users',
      'add',
      '--name',
      'Jo Park',
      '--email',
      'jo@district.org',
      '--role',
      'FINANCE',
      '--password',
      'a-long-password-1',
    );
    await add('buildings', 'add', '--name', 'North Annex', '--code', 'NAX', '--type', 'special');
    await add('town-goals', 'set', '--fiscal-year', 'FY28', '--percent', '3', '--baseline', '48000000');
    const atBackup = await listings();
    const file = path.join(c.dataDir, 'budget-backup.bin');
    const backup = await c.cli('backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to /);

    await add(
      'users',
      'add',
      '--name',
      'Sam Lee',
      '--email',
      'sam@district.org',
      '--role',
      'VIEW_ONLY',
      '--password',
      'a-long-password-2',
    );
    await add('buildings', 'add', '--name', 'South Annex', '--code', 'SAX', '--type', 'special');
    await add('town-goals', 'set', '--fiscal-year', 'FY28', '--percent', '5', '--baseline', '48000000');
    expect(await listings()).not.toEqual(atBackup);

    const restore = await c.cli('restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    expect(await listings()).toEqual(atBackup);
  }, 300_000);

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'refuses clearly while a server holds the embedded database',
    async () => {
      // The lock of another live process (the test runner's parent stands in for the server).
      writeFileSync(path.join(c.dataDir, 'pglite.lock'), String(process.ppid));
      const res = await c.cli('backup', path.join(c.dataDir, 'x.bin'));
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/server is running.*Admin → Database/);
    },
    120_000,
  );
});
