import {
  budgetYearResponse,
  budgetYearsResponse,
  currentFiscalYearBody,
  deletedBudgetYearResponse,
} from '@shared/schemas/budget-years';
import { editBudgetYearBody, editedBudgetYearResponse } from '@shared/schemas/setup';
import { idParams } from '@shared/schemas/common';
import { budgetYearEdit, budgetYears as service } from '@server/domains/budgets';
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
  // Who may create a budget year (POST /budget-years, budgets.manage) may edit and delete one.
  defineRoute({
    method: 'patch',
    path: '/budget-years/:id',
    summary:
      "Rename a budget year, change its notes, or change the fiscal years it plans (a dropped year must hold nothing; an added one must not be another budget year's)",
    tag: 'Budget years',
    action: 'budgets.manage',
    params: idParams,
    body: editBudgetYearBody,
    response: editedBudgetYearResponse,
    handler: ({ app, actor, params, body }) => budgetYearEdit.editBudgetYear(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/budget-years/:id',
    summary:
      'Delete a budget year that holds nothing (no lines, positions, scenarios, imports, stages...); 409 saying what it holds otherwise',
    tag: 'Budget years',
    action: 'budgets.manage',
    params: idParams,
    response: deletedBudgetYearResponse,
    handler: ({ app, actor, params }) => budgetYearEdit.deleteBudgetYear(app, actor, params.id),
  }),
];
