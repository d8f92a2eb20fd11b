import { execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDb, type DbHandle } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/log';
import { adminUrl } from '../../../test/pg-names';
import { buildBudgetYear } from '../../../test/factories/budget-years';
import { backupToFile } from './backup';
import { EMBEDDED_STEPS, POSTGRES_STEPS } from './restore';
import { prepareDatabase } from './startup';

/**
 * A restore killed at any step, then the server started on what is left, shows
 * the database from before or the restored one, or refuses to start with instructions; never an
 * empty database it re-initialises (a new admin, the demo district). The restore runs in a child
 * process (test/restore-child.ts) that SIGKILLs itself and its process group as a step is done.
 * Following each instruction of a refusal then starts on the old data or the new.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The database from before the restore has two budget years; the backup has the first. */
const OLD = ['FY27', 'FY28'];
const NEW = ['FY27'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'budget-restore-kill-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs test/restore-child.ts in its own process group; resolves when it has exited or been killed. */
function restoreInChild(
  args: string[],
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/restore-child.ts', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

/** The data of a district: an admin with a session, and budget year FY27. */
async function district(knex: DbHandle['knex']) {
  await migrateLatest(knex);
  const [{ id }] = await knex('users')
    .insert({ name: 'Pat Admin', email: 'pat@district.org', password_hash: 'x', role: 'ADMIN' })
    .returning('id');
  await knex('sessions').insert({ id: '00000000-0000-4000-8000-000000000001', user_id: id });
  await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
}

interface Start {
  refused?: string;
  years?: string[];
  sessions?: number;
  said: string[];
}

/** What the server's start (server/index.ts: open, prepareDatabase) makes of a database. */
async function start(open: () => Promise<DbHandle>, dataDir: string): Promise<Start> {
  let handle: DbHandle;
  try {
    handle = await open();
  } catch (err) {
    return { refused: (err as Error).message, said: [] };
  }
  const said: string[] = [];
  try {
    const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), seedDemo: true };
    await prepareDatabase({ db: handle.knex, config, log: createLogger('silent') }, (l) => said.push(l));
    const years = (await handle.knex('budget_years').orderBy('fiscal_year').pluck('fiscal_year')) as string[];
    const [{ n }] = await handle.knex('sessions').count({ n: '*' });
    return { years, sessions: Number(n), said };
  } finally {
    await handle.close();
  }
}

/** 'old', 'new' or 'refused'; anything else (an empty, re-initialised database) fails the test. */
function outcome(s: Start): string {
  if (s.refused) {
    return 'refused';
  }
  expect(s.said.join('\n')).not.toMatch(/Created admin|demo district/);
  if (JSON.stringify(s.years) === JSON.stringify(OLD)) {
    return 'old';
  }
  expect(s.years).toEqual(NEW);
  // Sessions in the backup (and any since) are ended by the restore.
  expect(s.sessions).toBe(0);
  return 'new';
}

/** The shell line under a refusal's heading. */
function instruction(message: string, heading: RegExp): string {
  const lines = message.split('\n');
  const at = lines.findIndex((l) => heading.test(l));
  expect(at, message).toBeGreaterThanOrEqual(0);
  return lines[at + 1].trim();
}

describe.skipIf(process.env.TEST_DATABASE_URL)('an embedded restore killed at each step', () => {
  const EXPECTED: Record<string, string> = {
    checked: 'old',
    'copy-written': 'old',
    'journal-written': 'refused',
    'old-moved': 'refused',
    'new-moved': 'refused',
    none: 'new',
  };
  let pristine: string;
  let file: string;
  beforeAll(async () => {
    pristine = path.join(dir, 'pristine');
    file = path.join(dir, 'embedded.tar.gz');
    const db = await openDb({ dataDir: pristine });
    await district(db.knex);
    await backupToFile(db, pristine, file);
    await buildBudgetYear(db.knex, { label: 'FY28', currentFiscalYear: 2028 });
    await db.close();
  }, 120_000);

  const startOn = (dataDir: string) => start(() => openDb({ dataDir }), dataDir);
  const copyOf = (from: string, name: string) => {
    const to = path.join(dir, name);
    cpSync(from, to, { recursive: true });
    return to;
  };

  it('covers every step', () => {
    expect(Object.keys(EXPECTED)).toEqual([...EMBEDDED_STEPS, 'none']);
  });

  it.each(Object.keys(EXPECTED))(
    'killed after %s: starts on the old or the new data, or refuses with instructions that work',
    async (step) => {
      const dataDir = copyOf(pristine, `killed-${step}`);
      const run = await restoreInChild(['embedded', dataDir, file, step]);
      expect(run.signal ?? run.code, run.stderr).toBe(step === 'none' ? 0 : 'SIGKILL');

      const first = await startOn(dataDir);
      expect(outcome(first)).toBe(EXPECTED[step]);
      if (step === 'none') {
        expect(readdirSync(dataDir).filter((n) => /^restore-/.test(n))).toEqual([]);
      }
      if (first.refused) {
        expect(first.refused).toMatch(/did not finish/);
        // The instructions name this folder's paths: each is followed here, on what the kill left.
        const leftover = copyOf(dataDir, `leftover-${step}`);
        execSync(instruction(first.refused, /^To keep the database from before/), { shell: '/bin/bash' });
        expect(outcome(await startOn(dataDir))).toBe('old');
        rmSync(dataDir, { recursive: true });
        renameSync(leftover, dataDir);
        execSync(instruction(first.refused, /^To finish the restore/), { shell: '/bin/bash' });
        expect(outcome(await startOn(dataDir))).toBe('new');
      }
    },
    180_000,
  );

  it('refuses the folder an earlier version left when killed between its rename and its write', async () => {
    // That version renamed pgdata away first: killed then, no database and a set-aside copy.
    const dataDir = copyOf(pristine, 'legacy');
    renameSync(
      path.join(dataDir, 'pgdata'),
      path.join(dataDir, 'pgdata.before-restore-2026-11-20T10-00-00-000Z'),
    );
    const first = await startOn(dataDir);
    expect(outcome(first)).toBe('refused');
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    execSync(instruction(first.refused!, /To put the newest copy back/), { shell: '/bin/bash' });
    expect(outcome(await startOn(dataDir))).toBe('old');
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL restore killed at each step', () => {
  const EXPECTED: Record<string, string> = {
    checked: 'old',
    'safety-dump-written': 'old',
    'script-written': 'old',
    // Inside psql's open transaction, the old schema already dropped: rolled back.
    'old-schema-dropped': 'old',
    committed: 'new',
    migrated: 'new',
    none: 'new',
  };
  const url = process.env.TEST_DATABASE_URL!;
  const base = `budget_restore_kill_${process.pid}`;
  const made: string[] = [];
  let file: string;

  const admin = async <T>(work: (db: DbHandle) => Promise<T>): Promise<T> => {
    const db = await openDb({ url: adminUrl(url) });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    file = path.join(dir, 'pg.dump');
    await admin(async (a) => {
      await a.knex.raw(`DROP DATABASE IF EXISTS ${base} WITH (FORCE)`);
      await a.knex.raw(`CREATE DATABASE ${base}`);
    });
    made.push(base);
    const db = await openDb({ url: adminUrl(url, base) });
    try {
      await district(db.knex);
      await backupToFile(db, dir, file);
      await buildBudgetYear(db.knex, { label: 'FY28', currentFiscalYear: 2028 });
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() =>
    admin(async (a) => {
      for (const name of made) {
        await a.knex.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }),
  );

  it('covers every step', () => {
    expect(Object.keys(EXPECTED)).toEqual([...POSTGRES_STEPS, 'none']);
  });

  it.each(Object.keys(EXPECTED))(
    'killed after %s: starts on the old or the new data',
    async (step) => {
      const name = `${base}_${step.replaceAll('-', '_')}`;
      await admin((a) => a.knex.raw(`CREATE DATABASE ${name} TEMPLATE ${base}`));
      made.push(name);
      const target = adminUrl(url, name);
      const safety = path.join(dir, `safety-${step}.dump`);
      const run = await restoreInChild(['pg', target, file, step, safety]);
      expect(run.signal ?? run.code, run.stderr).toBe(step === 'none' ? 0 : 'SIGKILL');
      expect(outcome(await start(() => openDb({ url: target }), dir))).toBe(EXPECTED[step]);
    },
    120_000,
  );
});
