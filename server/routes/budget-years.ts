import { budgetYearResponse, budgetYearsResponse, currentFiscalYearBody } from '@shared/schemas/budget-years';
import { idParams } from '@shared/schemas/common';
import { budgetYears as service } from '@server/domains/budgets';
import { defineRoute, type AnyRoute } from './define';

export const budgetYearRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/budget-years',
    summary: 'List budget years',
    tag: 'Budget years',
    action: 'dashboard.read',
    response: budgetYearsResponse,
    handler: ({ app, actor }) => service.listBudgetYears(app, actor),
  }),
  defineRoute({
    method: 'patch',
    path: '/budget-years/:id/current-fiscal-year',
    summary: 'Set the fiscal year the dashboard centres on (2020 to 2034)',
    tag: 'Budget years',
    action: 'budgets.manage',
    params: idParams,
    body: currentFiscalYearBody,
    response: budgetYearResponse,
    handler: ({ app, actor, params, body }) =>
      service.setCurrentFiscalYear(app, actor, params.id, body.currentFiscalYear),
  }),
];
