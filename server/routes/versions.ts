import * as s from '@shared/schemas/versions';
import { versions as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Budget versions';

export const versionRoutes = [
  defineRoute({
    method: 'get',
    path: '/versions',
    summary:
      'List budget versions (optionally of one fiscal year, or one budget year and the unassigned ones)',
    tag,
    action: 'versions.manage',
    query: s.versionsQuery,
    response: s.versionsResponse,
    handler: ({ app, actor, query }) => service.listVersions(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/versions',
    summary: 'Create a budget version; it starts as DRAFT with the next version number of its fiscal year',
    tag,
    action: 'versions.manage',
    body: s.createVersionBody,
    response: s.versionResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createVersion(app, actor, body),
  }),
];
