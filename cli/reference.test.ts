import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINES_ALL_YEARS } from '@shared/count-labels';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';

/**
 * The reference-data commands, run as budget-cli against the demo district in a database
 * of their own (a PGlite folder, or a fresh database on TEST_DATABASE_URL's server).
 */
describe('budget-cli buildings, categories and bulk-update', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('ref');
  });
  afterAll(() => runner?.close());

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
      expect(JSON.parse(added.stdout)).toMatchObject({
        name: 'North Annex',
        code: 'NAX',
        buildingType: 'special',
        employeeCount: 0,
      });

      const list = await cli('buildings', 'list');
      expect(list.stdout).toMatch(/MHS\s+Millbrook High School\s+high\s+\d+/);
      expect(list.stdout).toMatch(/NAX\s+North Annex\s+special\s+0\s+0/);
      // Every year's lines, the count a delete refuses on, in the web's words.
      expect(list.stdout).toContain(LINES_ALL_YEARS);

      // The demo import left an employee whose location code is only a building name's first word:
      // one line, the FY26 import (its FY27 projection takes its building from it: projected_lines).
      const linked = await cli('bulk-update', 'buildings', '--budget-year', 'FY2026');
      expect(linked.code).toBe(0);
      expect(linked.stdout).toMatch(/Pathways Academy\s+PWA\s+1\s+name prefix/);
      expect(linked.stdout).toMatch(/Linked 1 employee\(s\); \d+ without a building remain/);

      const deseDryRun = [
        'bulk-update',
        'dese-codes',
        '--budget-year',
        'FY26',
        '--fiscal-year',
        'FY26',
        '--dry-run',
      ];
      const dese = await cli(...deseDryRun);
      expect(dese.code).toBe(0);
      expect(dese.stdout).toMatch(/Would update \d+ employee\(s\)/);

      // --json: lists are arrays, a bulk fix's report one object.
      const buildings = jsonDocument(await cli('buildings', 'list', '--json'), 'array');
      expect(buildings).toContainEqual(expect.objectContaining({ code: 'NAX', employeeCount: 0 }));
      const relinked = jsonDocument(
        await cli('bulk-update', 'buildings', '--budget-year', 'FY26', '--dry-run', '--json'),
        'object',
      );
      expect(relinked).toMatchObject({ dryRun: true, totalLinked: 0, results: [] });
      const deseJson = jsonDocument(await cli(...deseDryRun, '--json'), 'object');
      // The same dry run as the table above, the same count.
      expect(deseJson).toMatchObject({ dryRun: true, results: expect.any(Array) });
      expect(dese.stdout).toContain(
        `Would update ${deseJson.totalUpdated.toLocaleString('en-US')} employee(s)`,
      );

      const categories = jsonDocument(await cli('categories', 'list', '--json'), 'array');
      expect(categories[0]).toMatchObject({ name: 'Teachers', deseFunction: '2305', isPersonnel: true });
      expect(categories[0].lineItemCount).toBeGreaterThan(0);
      // The table heads that count as the web's column does: every year's lines, in its words.
      const heads = (await cli('categories', 'list')).stdout.split('\n')[0]!.split(/ {2,}/);
      expect(heads).toContain(LINES_ALL_YEARS);
      expect(heads).not.toContain('Lines');
    },
  );
});
