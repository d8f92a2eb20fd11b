import { deseCodesResponse } from '@shared/schemas/dese-codes';
import { listDeseCodes } from '@server/domains/massachusetts';
import { defineRoute } from './define';

export const deseCodeRoutes = [
  defineRoute({
    method: 'get',
    path: '/categories/dese-codes',
    summary: 'The DESE function codes a budget category or line can carry',
    tag: 'Reference data',
    action: 'referenceData.read',
    response: deseCodesResponse,
    handler: ({ app, actor }) => listDeseCodes(app, actor),
  }),
];
