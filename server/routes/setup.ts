import * as s from '@shared/schemas/setup';
import { createBudgetYear, seedDemoCategories, setupStatus } from '@server/domains/setup';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Setup';

/**
 * First start of a district. Buildings, work groups and the dashboard's name and logo have their
 * own routes (POST /buildings, POST /cola/work-groups, PATCH /public-dashboard/config/:id); these
 * are what was missing.
 */
export const setupRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/setup',
    summary:
      'Which first-start steps are done: district name, buildings, budget year, categories, work groups',
    tag,
    action: 'budgets.manage',
    response: s.setupStatusResponse,
    handler: ({ app, actor }) => setupStatus(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/budget-years',
    summary:
      'Create a budget year (FY2020 to FY2034) with its fiscal years, current fiscal year, active operating and proposed budgets and settings',
    tag,
    action: 'budgets.manage',
    body: s.createBudgetYearBody,
    response: s.createdBudgetYearResponse,
    status: 201,
    handler: ({ app, actor, body }) => createBudgetYear(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/setup/budget-categories',
    summary: 'Add the demo district’s budget categories as a start (those already there are kept)',
    tag,
    action: 'referenceData.write',
    response: s.seedCategoriesResponse,
    handler: ({ app, actor }) => seedDemoCategories(app, actor),
  }),
];
