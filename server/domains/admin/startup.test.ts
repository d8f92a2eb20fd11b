import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/context';
import type { DbHandle } from '@server/db/index';
import { createLogger } from '@server/lib/log';
import { generatePassword, PASSWORD_ALPHABET, verifyPassword } from '@server/lib/passwords';
import { insertUser } from './queries/users';
import { createTestDb } from '../../../test/db';
import { prepareDatabase } from './startup';

describe('prepareDatabase on start', () => {
  let db: DbHandle;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(() => db.close());

  const appWith = (env: Record<string, string>): AppContext => ({
    db: db.knex,
    config: loadConfig({
      ...process.env,
      DATA_DIR: 'node_modules/.cache/budget-tests/data',
      SEED_DEMO: '0',
      ...env,
    }),
    log: createLogger('silent'),
  });

  it('creates admin@example.org with a random password printed once, then nothing on the next start', async () => {
    const lines: string[] = [];
    const app = appWith({});
    await prepareDatabase(app, (l) => lines.push(l));
    const printed = lines.find((l) => l.includes('admin@example.org'))!;
    const password = /password: (\S+)/.exec(printed)![1];
    // Letters and digits only, at least 128 bits.
    expect(password).toMatch(/^[A-Za-z0-9]+$/);
    expect(password.length * Math.log2(PASSWORD_ALPHABET.length)).toBeGreaterThanOrEqual(128);
    const row = await db.knex('users').where({ email: 'admin@example.org' }).first();
    expect(row.role).toBe('ADMIN');
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
    const again: string[] = [];
    await prepareDatabase(app, (l) => again.push(l));
    expect(again.join('\n')).not.toContain('Created admin');
  });

  it('creates the configured admin when only non-admin users exist (demo personas loaded first)', async () => {
    await insertUser(db.knex, {
      name: 'Fran',
      email: 'finance@example.org',
      password_hash: 'x',
      role: 'FINANCE',
    });
    const lines: string[] = [];
    await prepareDatabase(
      appWith({ ADMIN_EMAIL: 'boss@district.org', ADMIN_PASSWORD: 'boss-password-1' }),
      (l) => lines.push(l),
    );
    expect(lines).toContain('Created admin boss@district.org from ADMIN_EMAIL/ADMIN_PASSWORD.');
    const row = await db.knex('users').where({ email: 'boss@district.org' }).first();
    expect(row.role).toBe('ADMIN');
  });

  it('generates passwords that survive being pasted into a shell unquoted, from the whole alphabet', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    const echoed = execFileSync('sh', ['-c', `printf '%s\\n' ${passwords.join(' ')}`], { encoding: 'utf8' });
    expect(echoed.trimEnd().split('\n')).toEqual(passwords);
    const seen = new Set(passwords.join(''));
    expect([...seen].sort().join('')).toBe([...PASSWORD_ALPHABET].sort().join(''));
    expect(PASSWORD_ALPHABET).not.toMatch(/[0O1lI]/);
  });
});
