import {
  budgetSummaryResponse,
  byBuildingResponse,
  byCategoryResponse,
  dashboardQuery,
  employeeStatsResponse,
  headcountResponse,
  salaryDistributionResponse,
  type DashboardQuery,
} from '@shared/schemas/dashboard';
import { dashboard as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Dashboard';
const scope = (q: DashboardQuery) => ({
  budgetYearId: q.budgetYearId,
  fiscalYear: q.fiscalYear,
  funds: q.funds,
});

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/line-items/budget/summary',
    summary:
      'Proposed budget total for a budget year and fiscal year, imported and projected, of all funds or the general fund alone (funds)',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: budgetSummaryResponse,
    handler: ({ app, actor, query }) => service.budgetSummary(app, actor, scope(query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/summary/by-category',
    summary: 'Proposed budget by budget category',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: byCategoryResponse,
    handler: ({ app, actor, query }) => service.summaryByCategory(app, actor, scope(query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/summary/by-building',
    summary: 'Proposed budget by building (no building = District Wide)',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: byBuildingResponse,
    handler: ({ app, actor, query }) => service.summaryByBuilding(app, actor, scope(query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/budget/stats',
    summary: 'Employees of the operating budget: count, salaries and FTE, by building',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: employeeStatsResponse,
    handler: ({ app, actor, query }) => service.budgetStats(app, actor, scope(query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/salary-distribution',
    summary: 'Teacher and paraeducator salaries by $10k range (ranges under 5 people left out)',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: salaryDistributionResponse,
    handler: ({ app, actor, query }) => service.salaryDistribution(app, actor, scope(query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/headcount-by-location',
    summary: 'Employees and payroll by location',
    tag,
    action: 'dashboard.read',
    query: dashboardQuery,
    response: headcountResponse,
    handler: ({ app, actor, query }) => service.headcountByLocation(app, actor, scope(query)),
  }),
];
