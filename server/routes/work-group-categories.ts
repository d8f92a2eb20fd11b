import { idParams, messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/work-group-categories';
import { workGroupCategories as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Reference data';

export const workGroupCategoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/cola/work-group-categories',
    summary: 'Work-group categories with their colours and work-group counts',
    tag,
    action: 'referenceData.read',
    response: s.workGroupCategoriesResponse,
    handler: ({ app, actor }) => service.listWorkGroupCategories(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/work-group-categories',
    summary: 'Add a work-group category (colours #RRGGBB, default #e5e7eb on #1f2937)',
    tag,
    action: 'referenceData.write',
    body: s.createWorkGroupCategoryBody,
    response: s.workGroupCategoryResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createWorkGroupCategory(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/work-group-categories/:id',
    summary: 'Change a work-group category',
    tag,
    action: 'referenceData.write',
    params: idParams,
    body: s.updateWorkGroupCategoryBody,
    response: s.workGroupCategoryResponse,
    handler: ({ app, actor, params, body }) => service.updateWorkGroupCategory(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/cola/work-group-categories/:id',
    summary: 'Delete a work-group category no work group uses (else 409)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteWorkGroupCategory(app, actor, params.id),
  }),
];
