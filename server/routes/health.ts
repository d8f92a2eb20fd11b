import { z } from 'zod';
import { queueFor } from '@server/db/queue';
import { defineRoute } from './define';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness and database check',
    tag: 'System',
    action: 'public',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pg', 'pglite']) }),
    handler: async ({ app }) => {
      // Never queued behind a heavy load: work in progress or just finished proves the database
      // answers; only an idle database is asked (and answers at once).
      const queue = queueFor(app.db);
      if (queue.busy === 0 && Date.now() - queue.lastDoneAt > 5_000) {
        await app.db.raw('select 1');
      }
      return { status: 'ok' as const, database: app.db.client.config.client === 'pg' ? 'pg' : 'pglite' };
    },
  }),
];
