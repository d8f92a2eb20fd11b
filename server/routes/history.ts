import * as s from '@shared/schemas/history';
import { getHistory } from '@server/domains/admin';
import { defineRoute } from './define';

export const historyRoutes = [
  defineRoute({
    method: 'get',
    path: '/history/:entity/:id',
    summary: `Change history of a record, newest first (entity: ${s.historyEntityNames.join(', ')})`,
    tag: 'History',
    action: 'lineItems.read',
    params: s.historyParams,
    query: s.historyQuery,
    response: s.historyResponse,
    handler: ({ app, actor, params, query }) => getHistory(app, actor, params.entity, params.id, query.limit),
  }),
];
