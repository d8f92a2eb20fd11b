import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCliRunner, type CliResult, type CliRunner } from './cli';

export interface CliWorld {
  /** Runs budget-cli on this block's database (in this process: test/cli-process.ts). */
  cli(...args: string[]): Promise<CliResult>;
  /** Opens the CLI's database for `fn` and closes it after (the CLI cannot run while it is open). */
  withDb<T>(fn: (knex: Knex) => Promise<T>): Promise<T>;
  /** The runner itself, once beforeAll has made it. */
  readonly runner: CliRunner;
}

/**
 * A CLI database of this describe block's own (test/cli.ts), made and migrated by the CLI's own
 * `db migrate` in beforeAll, then given the rows `seed` writes; removed in afterAll.
 */
export function useCli(
  name: string,
  options: { timeout?: number; seed?: (knex: Knex) => Promise<unknown>; setupTimeout?: number } = {},
): CliWorld {
  let runner: CliRunner | undefined;
  const current = (): CliRunner => {
    if (!runner) {
      throw new Error('useCli: the runner starts in beforeAll; use it inside a test or a hook');
    }
    return runner;
  };
  const world: CliWorld = {
    cli: (...args) => current().cli(...args),
    async withDb(fn) {
      const handle = await current().openDb();
      try {
        return await fn(handle.knex);
      } finally {
        await handle.close();
      }
    },
    get runner() {
      return current();
    },
  };
  beforeAll(async () => {
    runner = await createCliRunner(name, options.timeout === undefined ? {} : { timeout: options.timeout });
    expect((await runner.cli('db', 'migrate')).code).toBe(0);
    if (options.seed) {
      await world.withDb(options.seed);
    }
  }, options.setupTimeout ?? 180_000);
  afterAll(() => runner?.close());
  return world;
}

/** The CLI tests' usual year: budget year FY27, fiscal year FY2027. */
export const FY27 = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];

/** `stage advance` to `stage` on `date` in FY27's FY2027. */
export const advanceArgs = (stage: string, date: string, ...rest: string[]) =>
  ['stage', 'advance', ...FY27, '--stage', stage, '--date', date].concat(rest);
