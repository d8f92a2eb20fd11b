import * as s from '@shared/schemas/budget-settings';
import { idParams } from '@shared/schemas/common';
import { budgetSettings as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Budget settings';

export const budgetSettingsRoutes = [
  defineRoute({
    method: 'get',
    path: '/budget-settings',
    summary: "A budget year's step/lane settings (created as PERCENTAGE 1.5 on first read)",
    tag,
    action: 'referenceData.read',
    query: s.budgetSettingsQuery,
    response: s.budgetSettingsResponse,
    handler: ({ app, actor, query }) => service.getBudgetSettings(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'put',
    path: '/budget-settings',
    summary: "Save a budget year's step/lane settings, creating them if needed",
    tag,
    action: 'budgetSettings.write',
    body: s.upsertBudgetSettingsBody,
    response: s.budgetSettingsResponse,
    handler: ({ app, actor, body }) => service.upsertBudgetSettings(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/budget-settings/:id',
    summary: 'Save step/lane settings by id (work groups as an array or a JSON string of one)',
    tag,
    action: 'budgetSettings.write',
    params: idParams,
    body: s.updateBudgetSettingsBody,
    response: s.budgetSettingsResponse,
    handler: ({ app, actor, params, body }) => service.updateBudgetSettings(app, actor, params.id, body),
  }),
];
