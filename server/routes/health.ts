import { z } from 'zod';
import { queueFor } from '@server/db/queue';
import { defineRoute } from './define';

/** A request first in line this long means people are waiting on the server: 'degraded'. */
export const DEGRADED_AFTER_MS = 1_000;

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    // 'degraded' (still 200): requests have waited for the database over a second.
    summary: "Liveness and database check ('degraded' when requests wait over a second)",
    tag: 'System',
    action: 'public',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.enum(['pg', 'pglite']),
      /** Requests waiting for a database turn, and how long the first of them has waited. */
      waitingRequests: z.number().int(),
      oldestWaitMs: z.number().int(),
    }),
    handler: async ({ app }) => {
      // Never queued behind a heavy load: work in progress or just finished proves the database
      // answers; only an idle database is asked (and answers at once).
      const queue = queueFor(app.db);
      if (queue.busy === 0 && Date.now() - queue.lastDoneAt > 5_000) {
        await app.db.raw('select 1');
      }
      const oldestWaitMs = queue.oldestWaitMs();
      return {
        status: oldestWaitMs > DEGRADED_AFTER_MS ? ('degraded' as const) : ('ok' as const),
        database: app.db.client.config.client === 'pg' ? ('pg' as const) : ('pglite' as const),
        waitingRequests: queue.depth,
        oldestWaitMs,
      };
    },
  }),
];
