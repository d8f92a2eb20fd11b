import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, commandName, COMMAND_GROUPS, programFor } from './program';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../bin/budget-cli.mjs');
const argv = (...args: string[]) => ['node', 'budget-cli', ...args];

describe('budget-cli loads only the command module it runs', () => {
  it('shows the same top-level help without loading any command module', async () => {
    const overview = await programFor(argv('--help'));
    const full = await buildProgram();
    expect(overview.helpInformation()).toBe(full.helpInformation());
    expect(overview.helpInformation()).toContain('import [options] <file>');
  });

  it('lists in COMMAND_GROUPS exactly the commands each module registers', async () => {
    for (const group of COMMAND_GROUPS) {
      const program = new Command('budget-cli');
      (await group.load())(program);
      expect(program.commands.map((c) => c.name())).toEqual(Object.keys(group.commands));
      expect(program.commands.map((c) => c.aliases())).toEqual(
        Object.values(group.commands).map((c) => c.aliases ?? []),
      );
    }
  });

  it('loads one module for a command named by its alias: actuals is ledger', async () => {
    const program = await programFor(argv('actuals', 'report', '--fiscal-year', 'FY2023'));
    expect(program.commands.map((c) => c.name())).toEqual(['ledger']);
    expect(program.commands[0].aliases()).toEqual(['actuals']);
  });

  it('finds the command past the global --as and through help', () => {
    expect(commandName(['users', 'list'])).toBe('users');
    expect(commandName(['--as', 'pat@example.org', 'town-goals', 'list'])).toBe('town-goals');
    expect(commandName(['--as=pat@example.org', 'import', 'x.csv'])).toBe('import');
    expect(commandName(['help', 'buildings'])).toBe('buildings');
    expect(commandName(['help'])).toBeNull();
    expect(commandName(['--help', 'users'])).toBeNull();
    expect(commandName([])).toBeNull();
  });

  it('loads one module for a known command and every module for an unknown one', async () => {
    expect((await programFor(argv('categories', 'list'))).commands.map((c) => c.name())).toEqual([
      'buildings',
      'categories',
      'bulk-update',
    ]);
    const all = COMMAND_GROUPS.flatMap((g) => Object.keys(g.commands));
    expect((await programFor(argv('nonsense'))).commands.map((c) => c.name())).toEqual(all);
  });

  it(
    'answers --help from the built CLI without loading database drivers, knex or exceljs',
    { timeout: 120_000 },
    async () => {
      // Lists the CommonJS modules Node loaded (knex, pg, exceljs and the PGlite dialect are CommonJS).
      const probe = `data:text/javascript,${encodeURIComponent(
        "import { createRequire } from 'node:module'; const r = createRequire(process.cwd() + '/');" +
          "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(Object.keys(r.cache))));",
      )}`;
      const { stdout, stderr } = await run(process.execPath, ['--import', probe, BIN, '--help']);
      expect(stdout).toContain('Usage: budget-cli');
      const loaded = JSON.parse(stderr.slice(stderr.indexOf('LOADED ') + 7)) as string[];
      expect(loaded.some((f) => f.includes('/node_modules/commander/'))).toBe(true);
      for (const heavy of ['knex', 'pg', 'exceljs', 'knex-pglite', 'zod', 'koa']) {
        expect(loaded.filter((f) => f.includes(`/node_modules/${heavy}/`))).toEqual([]);
      }
    },
  );
});
