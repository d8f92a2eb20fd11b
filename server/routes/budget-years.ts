import { budgetYearsResponse } from '@server/schemas/budget-years';
import * as service from '@server/services/budget-years';
import { defineRoute } from './define';

export const budgetYearRoutes = [
  defineRoute({
    method: 'get',
    path: '/budget-years',
    summary: 'List budget years',
    tag: 'Budget years',
    action: 'dashboard.read',
    response: budgetYearsResponse,
    handler: ({ app, actor }) => service.listBudgetYears(app, actor),
  }),
];
