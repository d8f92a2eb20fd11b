import { z } from 'zod';
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
      await app.db.raw('select 1');
      return { status: 'ok' as const, database: app.db.client.config.client === 'pg' ? 'pg' : 'pglite' };
    },
  }),
];
