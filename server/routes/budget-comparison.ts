import { budgetComparisonResponse } from '@shared/schemas/budget-comparison';
import { budgetYearIdQuery } from '@shared/schemas/fiscal-years';
import * as service from '@server/services/budget-comparison';
import { defineRoute } from './define';

export const budgetComparisonRoutes = [
  defineRoute({
    method: 'get',
    path: '/budget-comparison',
    summary: 'Operating against proposed per budget category for six fiscal years from the base year',
    tag: 'Budget comparison',
    action: 'comparison.read',
    query: budgetYearIdQuery,
    response: budgetComparisonResponse,
    handler: ({ app, actor, query }) => service.budgetComparison(app, actor, query.budgetYearId),
  }),
];
