import { idParams, messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/work-groups';
import { workGroups as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Reference data';

export const workGroupRoutes = [
  defineRoute({
    method: 'get',
    path: '/cola/work-groups',
    summary:
      'Work groups with their category and employee and contract counts (employees in the budget year’s fiscal year with ?budgetYearId=, else every year’s)',
    tag,
    action: 'referenceData.read',
    query: s.listWorkGroupsQuery,
    response: s.workGroupsResponse,
    handler: ({ app, actor, query }) => service.listWorkGroups(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/work-groups',
    summary: 'Add a work group',
    tag,
    action: 'referenceData.write',
    body: s.createWorkGroupBody,
    response: s.workGroupResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createWorkGroup(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/work-groups/:id',
    summary: 'Change a work group (a rename relabels the employee lines that carry its old name)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    body: s.updateWorkGroupBody,
    response: s.workGroupResponse,
    handler: ({ app, actor, params, body }) => service.updateWorkGroup(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/cola/work-groups/:id',
    summary: 'Delete a work group no employee line or contract uses (else 409 with the counts)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteWorkGroup(app, actor, params.id),
  }),
];
