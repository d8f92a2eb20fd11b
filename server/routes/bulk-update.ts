import * as s from '@shared/schemas/bulk-update';
import { bulkUpdate as service } from '@server/domains/line-items';
import { defineRoute } from './define';

const tag = 'Import and bulk update';

export const bulkUpdateRoutes = [
  defineRoute({
    method: 'get',
    path: '/bulk-update/options',
    summary: 'Fiscal years, positions, job classes and departments the bulk operations can target',
    tag,
    action: 'bulkUpdate.run',
    query: s.bulkOptionsQuery,
    response: s.bulkOptionsResponse,
    handler: ({ app, actor, query }) => service.bulkOptions(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/bulk-update/buildings',
    summary: 'Link employees without a building to one by location code or building name',
    tag,
    action: 'bulkUpdate.run',
    body: s.linkBuildingsBody,
    response: s.linkBuildingsResponse,
    handler: ({ app, actor, body }) => service.linkEmployeesToBuildings(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/bulk-update/dese-codes',
    summary:
      'Set DESE codes on employee lines by job class (given mappings, or fill blanks from the most common)',
    tag,
    action: 'bulkUpdate.run',
    body: s.deseCodesBody,
    response: s.deseCodesResponse,
    handler: ({ app, actor, body }) => service.updateDeseCodes(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/bulk-update/work-groups',
    summary: 'Put every employee matching a position, job class or department in a work group',
    tag,
    action: 'bulkUpdate.run',
    body: s.bulkWorkGroupBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => service.assignWorkGroup(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/bulk-update/employee-status',
    summary: 'Set the status of every matching employee (Inactive and Retiring clear next-year salaries)',
    tag,
    action: 'bulkUpdate.run',
    body: s.bulkStatusBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => service.setEmployeeStatus(app, actor, body),
  }),
];
