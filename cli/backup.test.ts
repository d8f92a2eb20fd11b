import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * `budget-cli backup FILE` and `budget-cli restore FILE` (issue 15, item 11), the real binary on
 * its own database (PGlite folder, or a new database with TEST_DATABASE_URL): back up, change
 * data, restore, and every listing reads as it did at the backup.
 */

let c: CliRunner;
beforeAll(async () => {
  c = await createCliRunner('backup', { timeout: 120_000 });
  expect((await c.cli('db', 'migrate')).code).toBe(0);
}, 180_000);
afterAll(() => c.close());

const listings = async () => {
  const out: Record<string, unknown> = {};
  for (const what of ['users', 'buildings', 'categories', 'town-goals', 'contracts']) {
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

describe('private files (issue 23 item 5)', () => {
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
