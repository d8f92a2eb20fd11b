import type { Knex } from 'knex';

/** SQLSTATEs PostgreSQL asks the client to retry: serialization_failure and deadlock_detected. */
export const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(err: unknown): boolean {
  return RETRYABLE.has((err as { code?: string } | null)?.code ?? '');
}

/**
 * Makes `knex.transaction(async (trx) => …)` run the callback a second time when PostgreSQL
 * aborted the first attempt as a serialisation failure or a deadlock victim. Those errors mean
 * "nothing was written, try again"; one retry clears the usual collision of two clicks. A second
 * failure goes on to translateDbError, which answers 503 with Retry-After, never 500.
 * Only the callback form is wrapped (every service uses it); nested transactions are savepoints
 * inside an attempt and are retried with it.
 */
export function retryTransactions(knex: Knex): void {
  const context = (knex as unknown as { context: { transaction: Knex['transaction'] } }).context;
  const original = context.transaction.bind(context) as (...args: unknown[]) => Promise<unknown>;
  context.transaction = ((container?: unknown, config?: unknown) => {
    if (typeof container !== 'function') {
      return original(container, config);
    }
    return original(container, config).catch((err: unknown) => {
      if (!isRetryable(err)) {
        throw err;
      }
      return original(container, config);
    });
  }) as unknown as Knex['transaction'];
}
