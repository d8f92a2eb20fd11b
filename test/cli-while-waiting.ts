import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';

/**
 * Someone else's write landing while a budget-cli command runs, at a set point: `hold` takes a lock
 * in a transaction of the test's own; `run` starts the command, which reads, then waits for that
 * lock before it writes; once it waits, `meanwhile` writes in the same transaction, whose commit
 * lets the command go on to find its reading out of date. PostgreSQL only: the embedded database
 * has one connection, so nothing else can write while the command holds it. The test's connection
 * is opened from `runner` and closed after.
 */
export async function whileCommandWaits<T>(
  runner: { openDb(): Promise<DbHandle> },
  steps: {
    hold: (trx: Knex.Transaction) => Promise<unknown>;
    run: () => Promise<T>;
    meanwhile: (trx: Knex.Transaction) => Promise<unknown>;
  },
): Promise<T> {
  const handle = await runner.openDb();
  const trx = await handle.knex.transaction();
  try {
    await steps.hold(trx);
    let settled = false;
    const running = steps.run().finally(() => {
      settled = true;
    });
    await untilWaiting(handle.knex, () => settled);
    await steps.meanwhile(trx);
    await trx.commit();
    return await running;
  } finally {
    if (!trx.isCompleted()) {
      await trx.rollback();
    }
    await handle.close();
  }
}

/** Until a session of this database waits for a lock (the command), or the command has ended. */
async function untilWaiting(knex: Knex, ended: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !ended(); i++) {
    const { rows } = await knex.raw<{ rows: { n: number }[] }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The command never waited for the lock the test holds');
}
