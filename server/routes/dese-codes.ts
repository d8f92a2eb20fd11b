import { deseCodesQuery, deseCodesResponse } from '@shared/schemas/dese-codes';
import { listDeseCodes } from '@server/domains/massachusetts';
import { defineRoute } from './define';

export const deseCodeRoutes = [
  defineRoute({
    method: 'get',
    path: '/categories/dese-codes',
    summary:
      'The DESE function codes a budget category or line can carry, each saying whether it is in force in the fiscal year asked about',
    tag: 'Reference data',
    action: 'referenceData.read',
    query: deseCodesQuery,
    response: deseCodesResponse,
    handler: ({ app, actor, query }) => listDeseCodes(app, actor, query),
  }),
];
