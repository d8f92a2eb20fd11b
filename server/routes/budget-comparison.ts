import { budgetComparisonResponse } from '@shared/schemas/budget-comparison';
import { budgetYearIdQuery } from '@shared/schemas/fiscal-years';
import { budgetComparison } from '@server/domains/budgets';
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
    handler: ({ app, actor, query }) => budgetComparison(app, actor, query.budgetYearId),
  }),
];
