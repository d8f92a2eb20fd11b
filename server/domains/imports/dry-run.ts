import type { Knex } from 'knex';
import type { Db } from '@server/db/index';

/** Thrown inside a dry run's transaction to roll it back while handing its result out. */
class DryRunDone<R> extends Error {
  constructor(public result: R) {
    super('dry run');
  }
}

/**
 * Every import's last step: `work` runs in ONE transaction, which a real import commits and a dry
 * run rolls back (everything it wrote included, a version it created, the saved mapping, the audit
 * row), answering with what the import would have done. `committed` says which happened.
 */
export async function commitUnlessDryRun<R>(
  db: Db,
  dryRun: boolean | undefined,
  work: (trx: Knex.Transaction) => Promise<R>,
): Promise<{ result: R; committed: boolean }> {
  try {
    const result = await db.transaction(async (trx) => {
      const done = await work(trx);
      if (dryRun) {
        throw new DryRunDone(done);
      }
      return done;
    });
    return { result, committed: true };
  } catch (err) {
    if (err instanceof DryRunDone) {
      return { result: err.result as R, committed: false };
    }
    throw err;
  }
}
