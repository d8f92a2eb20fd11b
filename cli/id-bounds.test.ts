import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * An id past the database's integer columns, typed on the command line, is refused by the same
 * schema the API uses, naming the argument or flag typed, before it reaches a query (where it
 * would fail the statement and print a stack). 10^15 is a whole number JSON and JavaScript hold
 * exactly, so only the bound of the column stops it.
 */
const BIG = '1000000000000000';
const TOO_LARGE = 'Too large for an id (ids go up to 2147483647)';

describe('budget-cli ids past the integer columns', () => {
  let runner: CliRunner;
  beforeAll(async () => {
    runner = await createCliRunner('id-bounds', { timeout: 240_000 });
    expect((await runner.cli('db', 'seed', '--demo')).code).toBe(0);
  }, 240_000);
  afterAll(() => runner?.close());

  const commands: [string, string[]][] = [
    ['<id>', ['history', 'line-item', BIG]],
    ['<id>', ['stage', 'show', BIG]],
    ['<id>', ['dese', 'rule-delete', BIG]],
    ['<id>', ['scenarios', 'adopt', BIG]],
    ['id', ['ai', 'show', BIG]],
    ['--id', ['budgets', 'set-active', BIG]],
    ['--id', ['contracts', 'delete', BIG]],
    ['--id', ['schedules', 'suggest', BIG]],
    [
      '--copy-from',
      ['budgets', 'create', '--budget-year', 'FY26', '--type', 'proposed', '--name', 'X', '--copy-from', BIG],
    ],
    ['--from', ['stage', 'compare', '--fiscal-year', 'FY27', '--from', BIG, '--to', 'current']],
    ['--scenario', ['rif', '--fiscal-year', 'FY27', '--scenario', BIG]],
    ['--supersedes', ['contracts', 'set-status', '1', '--status', 'SETTLED', '--supersedes', BIG]],
  ];
  for (const [named, args] of commands) {
    it(`budget-cli ${args.join(' ')}`, { timeout: 120_000 }, async () => {
      const res = await runner.cli(...args);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toContain(`${named}: `);
      expect(res.stderr).toContain(TOO_LARGE);
      // A refusal, not a database error with its stack.
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(res.stderr).not.toMatch(/out of range for type integer/);
    });
  }
});
