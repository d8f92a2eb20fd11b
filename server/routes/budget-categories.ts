import * as s from '@shared/schemas/budget-categories';
import { idParams, messageSchema } from '@shared/schemas/common';
import { budgetCategories as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Reference data';

export const budgetCategoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/categories',
    summary: 'Budget categories with line-item counts, by display order then name',
    tag,
    action: 'referenceData.read',
    response: s.budgetCategoriesResponse,
    handler: ({ app, actor }) => service.listBudgetCategories(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/categories',
    summary: 'Create a budget category, or update the one whose id the body carries',
    tag,
    action: 'referenceData.write',
    body: s.saveCategoryBody,
    response: s.budgetCategoryResponse,
    status: 201,
    statusOf: ({ body }) => (body.id === undefined ? 201 : 200),
    handler: ({ app, actor, body }) => service.saveBudgetCategory(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/categories/:id',
    summary: 'Change the given fields of a budget category',
    tag,
    action: 'referenceData.write',
    params: idParams,
    body: s.updateCategoryBody,
    response: s.budgetCategoryResponse,
    handler: ({ app, actor, params, body }) => service.updateBudgetCategory(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/categories/:id',
    summary: 'Set the default year-over-year increase (percent, or null for none)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    body: s.patchYoYBody,
    response: s.budgetCategoryResponse,
    handler: ({ app, actor, params, body }) => service.updateBudgetCategory(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/categories/:id',
    summary: 'Delete a budget category no line item uses (else 409 with the count)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteBudgetCategory(app, actor, params.id),
  }),
];
