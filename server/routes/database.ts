import { databaseStatusResponse } from '@shared/schemas/database';
import { databaseStatus, downloadBackup } from '@server/domains/admin';
import { clientOf } from './auth';
import { defineRoute } from './define';

const tag = 'Database';

export const databaseRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/database',
    summary: 'Database kind, size on disk and the last backup (admin screen)',
    tag,
    action: 'database.manage',
    response: databaseStatusResponse,
    handler: ({ app, actor }) => databaseStatus(app, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/database/backup',
    summary:
      'Download a consistent backup: embedded, a copy of the data folder (budget-cli restore reads it); PostgreSQL, pg_dump custom format',
    tag,
    action: 'database.manage',
    handler: async ({ app, actor, ctx }) => {
      const backup = await downloadBackup(app, actor, clientOf(ctx));
      ctx.type = backup.type;
      ctx.set('Content-Disposition', `attachment; filename="${backup.fileName}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = backup.body;
    },
  }),
];
