import { afterAll, beforeAll } from 'vitest';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from './db';

/**
 * A database for this file (or describe block), opened in beforeAll by `open` (by default a copy of
 * the run's migrated template, test/db.ts) and closed in afterAll. The handle returned stands in
 * for the one opened: read `db.knex` inside tests and hooks, never at the top of a file.
 */
export function useDb(open: () => Promise<DbHandle> = () => createTestDb()): DbHandle {
  let handle: DbHandle | undefined;
  const current = (): DbHandle => {
    if (!handle) {
      throw new Error('useDb: the database opens in beforeAll; use it inside a test or a hook');
    }
    return handle;
  };
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(() => handle?.close());
  return {
    get knex() {
      return current().knex;
    },
    get kind() {
      return current().kind;
    },
    get pglite() {
      return current().pglite;
    },
    close: () => current().close(),
  };
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
export async function sqlState(query: PromiseLike<unknown>): Promise<string | null> {
  try {
    await query;
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'no code';
  }
}
