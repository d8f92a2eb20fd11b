import { updateSalaryBudgetBody, updateSalaryBudgetResponse } from '@shared/schemas/reconciliation';
import { reconciliation as service } from '@server/domains/line-items';
import { defineRoute } from './define';

export const reconciliationRoutes = [
  defineRoute({
    method: 'post',
    path: '/reconciliation/update-salary-budget',
    summary: 'Set the proposed personnel lines of a fiscal year to the operating payroll',
    tag: 'Reconciliation',
    action: 'reconciliation.write',
    body: updateSalaryBudgetBody,
    response: updateSalaryBudgetResponse,
    handler: ({ app, actor, body }) => service.updateSalaryBudget(app, actor, body),
  }),
];
