import type { Context } from 'koa';
import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/line-items';
import { lineItemsEmployee as employee } from '@server/domains/line-items';
import { lineItems as items } from '@server/domains/line-items';
import { salaryProgression } from '@server/domains/line-items';
import { defineRoute } from './define';

const tag = 'Line items';

/** Sends JSON PostgreSQL already built (large budgets are never parsed and re-serialised). */
function sendJson(ctx: Context, json: string | Buffer): undefined {
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.body = json;
  return undefined;
}

// No GET /line-items/:id: it would shadow /line-items/fiscal-years and the dashboard summaries.
export const lineItemRoutes = [
  defineRoute({
    method: 'get',
    path: '/line-items/budget',
    summary:
      `Line items of a budget. ${s.BUDGET_QUERY_COMBINATIONS}. format=rows answers the compact form ` +
      "the grids read: each line an array of values in the order of its kind's column list",
    tag,
    action: 'lineItems.read',
    query: s.budgetLineItemsQuery,
    response: s.budgetLineItemsResponse,
    handler: async ({ app, actor, query, ctx }) =>
      sendJson(ctx, await items.listBudgetLineItemsJson(app, actor, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/budget/totals',
    summary: 'Count and exact sums of the lines matching the grid filters (summary cards)',
    tag,
    action: 'lineItems.read',
    query: s.budgetTotalsQuery,
    response: s.budgetTotalsResponse,
    handler: ({ app, actor, query }) => items.budgetTotals(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/budget/salary-progression',
    summary: 'Salary per fiscal year of people in a position, with the COLA and step/lane increases applied',
    tag,
    action: 'lineItems.read',
    query: s.salaryProgressionQuery,
    response: s.salaryProgressionResponse,
    handler: ({ app, actor, query }) => salaryProgression(app, actor, query),
  }),
  defineRoute({
    method: 'patch',
    path: '/line-items/budget/:id',
    summary: 'Edit an employee line (status rules apply; metadata.needsReview false clears the review flag)',
    tag,
    action: 'lineItems.write',
    params: idParams,
    body: s.updateEmployeeBody,
    response: s.employeeLineItemResponse,
    handler: ({ app, actor, params, body }) => employee.updateEmployeeLine(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/line-items/budget/:id/next-year-salary',
    summary:
      'Set the next-year salary (a number is manual; null reverts to automatic); refused while Inactive or Retiring',
    tag,
    action: 'lineItems.write',
    params: idParams,
    body: s.nextYearSalaryBody,
    response: s.employeeLineItemResponse,
    handler: ({ app, actor, params, body }) =>
      employee.setNextYearSalary(app, actor, params.id, body.nextYearSalary),
  }),
  defineRoute({
    method: 'patch',
    path: '/line-items/budget/:id/status',
    summary:
      'Set the employee status and/or budget status (Inactive or Retiring clears the next-year salary)',
    tag,
    action: 'lineItems.write',
    params: idParams,
    body: s.statusBody,
    response: s.employeeLineItemResponse,
    handler: ({ app, actor, params, body }) => employee.setStatus(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items',
    summary: 'Create an employee line (isOperating true) or a proposed line (isOperating false)',
    tag,
    action: 'lineItems.write',
    body: s.createLineItemBody,
    response: s.lineItemResponse,
    status: 201,
    handler: ({ app, actor, body }) => items.createLineItem(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/line-items/:id',
    summary: 'Edit a proposed line',
    tag,
    action: 'lineItems.write',
    params: idParams,
    body: s.updateProposedBody,
    response: s.proposedLineItemResponse,
    handler: ({ app, actor, params, body }) => items.updateProposedLine(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/line-items/:id',
    summary: 'Assign a building (null = District Wide) or a work group to one line',
    tag,
    action: 'lineItems.write',
    params: idParams,
    body: s.patchLineItemBody,
    response: s.lineItemResponse,
    handler: ({ app, actor, params, body }) => items.patchLineItem(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/line-items/:id',
    summary: "Delete one line (404 'Item not found or already deleted')",
    tag,
    action: 'lineItems.write',
    params: idParams,
    response: s.deleteLineItemResponse,
    handler: ({ app, actor, params }) => items.deleteLineItem(app, actor, params.id),
  }),
];
