import * as s from '@shared/schemas/funds';
import { idParams, messageSchema } from '@shared/schemas/common';
import { funds as service, fundsReport, overAward } from '@server/domains/funds';
import { defineRoute } from './define';

const tag = 'Funds';

export const fundRoutes = [
  defineRoute({
    method: 'get',
    path: '/funds',
    summary: "The district's funds, the general fund first, each with whether it counts toward NSS",
    tag,
    action: 'referenceData.read',
    response: s.fundsResponse,
    handler: ({ app, actor }) => service.listFunds(app, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/funds/report',
    summary:
      "The budget of all funds for a fiscal year: each fund's budget, the year before's and the change; all funds beside the general fund; grants over their award flagged",
    tag,
    action: 'dashboard.read',
    query: s.fundsReportQuery,
    response: s.fundsReportResponse,
    handler: ({ app, actor, query }) => fundsReport(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/funds/over-award',
    summary:
      "The grants whose lines of a fiscal year are more than their award, with the lines' sum and the award (the grids' flag)",
    tag,
    action: 'dashboard.read',
    query: s.overAwardQuery,
    response: s.overAwardResponse,
    handler: ({ app, actor, query }) => overAward(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/funds',
    summary:
      'Add a fund (a name or a code another fund uses, a second general fund, an award on a non-grant: 400)',
    tag,
    action: 'funds.manage',
    body: s.createFundBody,
    response: s.fundResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createFund(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/funds/:id',
    summary: 'Change a fund (its NSS flag follows a new kind unless set for the fund)',
    tag,
    action: 'funds.manage',
    params: idParams,
    body: s.updateFundBody,
    response: s.fundResponse,
    handler: ({ app, actor, params, body }) => service.updateFund(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/funds/:id',
    summary: 'Delete a fund (the general fund stays: 409)',
    tag,
    action: 'funds.manage',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteFund(app, actor, params.id),
  }),
];
