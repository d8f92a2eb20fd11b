import * as s from '@shared/schemas/salary-verification';
import { verifySalaries } from '@server/domains/planning';
import { defineRoute } from './define';

export const salaryVerificationRoutes = [
  defineRoute({
    method: 'get',
    path: '/salary-verification',
    summary: 'Employee salaries of a fiscal year that fail a check (missing, outliers, decreases, ...)',
    tag: 'Line items',
    action: 'lineItems.read',
    query: s.salaryVerificationQuery,
    response: s.salaryVerificationResponse,
    handler: ({ app, actor, query }) => verifySalaries(app, actor, query),
  }),
];
