import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/positions';
import { encodePositionRows } from '@shared/schemas/positions-rows';
import { rosterSalaryLinesResponse } from '@shared/schemas/reconciliation';
import { staffingComparedResponse } from '@shared/schemas/staffing';
import * as service from '@server/domains/positions';
import type { AnyRoute } from './define';
import { defineRoute } from './define';

const tag = 'Positions';

/** The positions API (its contract and route list: shared/schemas/positions.ts). Fixed paths before /:id. */
export const positionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/positions',
    summary:
      "A fiscal year's positions, filtered by building, function code, category, status, work group or text, with totals; " +
      'format=rows answers the compact form the Positions grid reads (each position an array of values, names once)',
    tag,
    action: 'positions.read',
    query: s.positionListQuery,
    response: s.positionListOrRowsResponse,
    handler: async ({ app, actor, query }) => {
      const list = await service.listPositions(app, actor, query);
      return query.format === 'rows' ? encodePositionRows(list) : list;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/positions/staffing',
    summary:
      'FTE by building, function code and work group, filled, vacant and frozen, with budgeted cost (no names)',
    tag,
    action: 'staffing.read',
    query: s.staffingQuery,
    response: staffingComparedResponse,
    handler: ({ app, actor, query }) => service.staffingSummary(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/positions/salary-lines',
    summary:
      "Whether the salary lines a roster's cost is budgeted into are locked (a voted stage) and out of date, and by how much",
    tag,
    action: 'positions.read',
    query: s.rosterSalaryLinesQuery,
    response: rosterSalaryLinesResponse,
    handler: ({ app, actor, query }) => service.rosterSalaryLines(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/positions/vacancy-placement',
    summary: "Each work group's step and lane its vacancies are budgeted at",
    tag,
    action: 'positions.read',
    response: s.vacancyPlacementsResponse,
    handler: ({ app, actor }) => service.listVacancyPlacements(app, actor),
  }),
  defineRoute({
    method: 'put',
    path: '/positions/vacancy-placement/:workGroupId',
    summary: "Set (or clear, both null) the step and lane a work group's vacancies are budgeted at",
    tag,
    action: 'positions.write',
    params: s.workGroupParams,
    body: s.vacancyPlacementBody,
    response: s.vacancyPlacementResponse,
    handler: ({ app, actor, params, body }) =>
      service.setVacancyPlacement(app, actor, params.workGroupId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/positions/bulk',
    summary: 'One change to many positions (each with the version read), all or nothing',
    tag,
    action: 'positions.write',
    body: s.bulkPositionsBody,
    response: s.bulkPositionsResponse,
    handler: ({ app, actor, body }) => service.bulkUpdatePositions(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/positions',
    summary: "Add a position to a fiscal year's roster (vacant unless holders fill it)",
    tag,
    action: 'positions.write',
    body: s.createPositionBody,
    response: s.positionDetailResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createPosition(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/positions/:id',
    summary: 'A position with its holders and its history',
    tag,
    action: 'positions.read',
    params: idParams,
    response: s.positionDetailResponse,
    handler: ({ app, actor, params }) => service.getPosition(app, actor, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/positions/:id',
    summary: 'Change a position (409 when someone else changed it since the version read)',
    tag,
    action: 'positions.write',
    params: idParams,
    body: s.updatePositionBody,
    response: s.positionDetailResponse,
    handler: ({ app, actor, params, body }) => service.updatePosition(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/positions/:id/fill',
    summary:
      "An employee fills (a share of) the position; shares stay within the person's and the position's FTE",
    tag,
    action: 'positions.write',
    params: idParams,
    body: s.fillPositionBody,
    response: s.positionDetailResponse,
    handler: ({ app, actor, params, body }) => service.fillPosition(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/positions/:id/vacate',
    summary: 'A holder leaves the position, which stays (vacant unless another status is asked)',
    tag,
    action: 'positions.write',
    params: idParams,
    body: s.vacatePositionBody,
    response: s.positionDetailResponse,
    handler: ({ app, actor, params, body }) => service.vacatePosition(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/positions/:id/status',
    summary: 'Set a position vacant, posted, frozen or closed (one somebody holds is vacated first)',
    tag,
    action: 'positions.write',
    params: idParams,
    body: s.setPositionStatusBody,
    response: s.positionDetailResponse,
    handler: ({ app, actor, params, body }) => service.setPositionStatus(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/positions/:id',
    summary: 'Delete a position made by mistake (refused while somebody holds it)',
    tag,
    action: 'positions.write',
    params: idParams,
    query: s.deletePositionQuery,
    response: s.deletePositionResponse,
    handler: ({ app, actor, params, query }) => service.deletePosition(app, actor, params.id, query.version),
  }),
];
