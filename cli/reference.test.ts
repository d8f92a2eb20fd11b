import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@server/db/index';
import { adminUrl } from '../test/pg-names';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../bin/budget-cli.mjs');

/**
 * The reference-data commands, spawned as the real binary against the demo district in a database
 * of their own (a PGlite folder, or a fresh database on TEST_DATABASE_URL's server).
 */
describe('budget-cli buildings, categories and bulk-update', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'budget-cli-ref-'));
  const dbName = `budget_cli_ref_${process.pid}`;
  const env: Record<string, string> = {
    ...process.env,
    DATA_DIR: dataDir,
    PASSWORD_COST: '10',
    SEED_DEMO: '0',
  } as Record<string, string>;
  delete env.DATABASE_URL;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const admin = await openDb({ url: adminUrl(url) });
      await admin.knex.raw(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.knex.raw(`CREATE DATABASE ${dbName}`);
      await admin.close();
      env.DATABASE_URL = adminUrl(url, dbName);
    }
  });

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const admin = await openDb({ url: adminUrl(url) });
      await admin.knex.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.close();
    }
  });

  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, timeout: 120_000 });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it(
    'adds and lists buildings, lists categories and runs the bulk fixes on the demo district',
    { timeout: 300_000 },
    async () => {
      expect((await cli('db', 'seed', '--demo')).code).toBe(0);

      const badType = await cli('buildings', 'add', '--name', 'Annex', '--type', 'college');
      expect(badType.code).toBe(2);
      expect(badType.stderr).toContain('--type: Building type must be one of');
      const taken = await cli('buildings', 'add', '--name', 'Second High', '--code', 'mhs');
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('CONFLICT');
      expect(taken.stderr).toContain('A building with code mhs already exists');

      const added = await cli(
        'buildings',
        'add',
        '--name',
        'North Annex',
        '--code',
        'NAX',
        '--type',
        'special',
        '--json',
      );
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)[0]).toMatchObject({
        name: 'North Annex',
        code: 'NAX',
        buildingType: 'special',
        employeeCount: 0,
      });

      const list = await cli('buildings', 'list');
      expect(list.stdout).toMatch(/MHS\s+Millbrook High School\s+high\s+\d+/);
      expect(list.stdout).toMatch(/NAX\s+North Annex\s+special\s+0/);

      // The demo import left an employee whose location code is only a building name's first word.
      const linked = await cli('bulk-update', 'buildings', '--budget-year', 'FY2026');
      expect(linked.code).toBe(0);
      expect(linked.stdout).toMatch(/Pathways Academy\s+PWA\s+1\s+name prefix/);
      expect(linked.stdout).toMatch(/Linked 1 employee\(s\); \d+ without a building remain/);

      const dese = await cli(
        'bulk-update',
        'dese-codes',
        '--budget-year',
        'FY26',
        '--fiscal-year',
        'FY26',
        '--dry-run',
      );
      expect(dese.code).toBe(0);
      expect(dese.stdout).toMatch(/Would update \d+ employee\(s\)/);

      const categories = JSON.parse((await cli('categories', 'list', '--json')).stdout);
      expect(categories[0]).toMatchObject({ name: 'Teachers', deseFunction: '2305', isPersonnel: true });
      expect(categories[0].lineItemCount).toBeGreaterThan(0);
    },
  );
});
