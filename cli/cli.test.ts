import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * budget-cli against its own database: a PGlite data folder, or with TEST_DATABASE_URL a fresh
 * database on that server (DATABASE_URL for the CLI). Help, refusals of the arguments and the lock
 * run the real binary (its build, its exit codes, another process's lock); the rest in process.
 */
describe('budget-cli', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  /** `users add` with each key of `flags` passed as `--key value`, in the order given. */
  const addUser = (flags: Record<string, string>) =>
    cli('users', 'add', ...Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, value]));

  beforeAll(async () => {
    runner = await createCliRunner('core', { timeout: 60_000 });
  });
  afterAll(() => runner?.close());

  it('prints help for every command and exits 0', async () => {
    for (const args of [
      ['--help'],
      ['db', '--help'],
      ['users', 'add', '--help'],
      ['users', 'deactivate', '--help'],
    ]) {
      const res = await runner.binary(...args);
      expect(res.code, args.join(' ')).toBe(0);
      expect(res.stdout).toContain('Usage: budget-cli');
    }
  });

  it('exits non-zero on an unknown command or a missing required flag', async () => {
    // An unknown command loads every command module: the build has each one's chunk.
    expect((await runner.binary('nonsense')).code).not.toBe(0);
    const missing = await runner.binary('users', 'add', '--name', 'X');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/required option/);
  });

  it(
    'migrates, then adds, lists and deactivates users through the same rules as the API',
    { timeout: 180_000 },
    async () => {
      const migrate = await cli('db', 'migrate');
      expect(migrate.code).toBe(0);
      expect(migrate.stdout).toMatch(/Applied \d+ migration/);
      expect((await cli('db', 'migrate')).stdout).toContain('Already up to date.');

      const badRole = await addUser({
        name: 'Pat',
        email: 'pat@example.org',
        role: 'BOSS',
        password: 'long-enough',
      });
      expect(badRole.code).toBe(2);
      expect(badRole.stderr).toContain('--role');
      const shortPw = await addUser({ name: 'Pat', email: 'pat@example.org', password: 'short' });
      expect(shortPw.code).toBe(2);
      expect(shortPw.stderr).toContain('Password must be at least 8 characters');

      const added = await addUser({
        name: 'Pat Lee',
        email: 'Pat@Example.org',
        role: 'ADMIN',
        password: 'long-enough',
      });
      expect(added.code).toBe(0);
      expect(added.stdout).toContain('Created ADMIN user pat@example.org');
      const again = await addUser({ name: 'Pat', email: 'pat@example.org', password: 'long-enough' });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('CONFLICT');

      // --json prints one document: the user itself, not a list of one.
      const sam = await cli(
        'users',
        'add',
        '--name',
        'Sam Roe',
        '--email',
        'sam@example.org',
        '--password',
        'long-enough',
        '--as',
        'pat@example.org',
        '--json',
      );
      expect(JSON.parse(sam.stdout)).toMatchObject({ email: 'sam@example.org', role: 'FINANCE' });
      const list = await cli('users', 'list', '--json');
      const users = JSON.parse(list.stdout) as { email: string; role: string; isActive: boolean }[];
      expect(users.map((u) => u.email).sort()).toEqual(['pat@example.org', 'sam@example.org']);
      expect(users.find((u) => u.email === 'sam@example.org')?.role).toBe('FINANCE');

      const deactivated = await cli('users', 'deactivate', 'sam@example.org', '--as', 'pat@example.org');
      expect(deactivated.code).toBe(0);
      const table = await cli('users', 'list');
      expect(table.stdout).toMatch(/sam@example\.org\s+FINANCE\s+Inactive/);
      expect((await cli('users', 'deactivate', 'ghost@example.org')).code).toBe(1);
      expect((await cli('users', 'list', '--as', 'ghost@example.org')).stderr).toContain('No active user');
    },
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses the embedded database while another process holds it',
    async () => {
      // The test runner's own pid stands in for a running server.
      writeFileSync(path.join(runner.dataDir, 'pglite.lock'), String(process.pid));
      const res = await runner.binary('users', 'list');
      rmSync(path.join(runner.dataDir, 'pglite.lock'));
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('in use by another process');
    },
  );
});
