import { singleFileUpload, uploadedFile } from '@server/lib/import/upload-middleware';
import { idParams } from '@shared/schemas/common';
import { employeeLineItemResponse } from '@shared/schemas/line-items';
import * as s from '@shared/schemas/salary-schedules';
import { salarySchedulePlacements as placements } from '@server/domains/planning';
import { salarySchedules as service } from '@server/domains/planning';
import type { AnyRoute } from './define';
import { defineRoute } from './define';

const tag = 'COLA: salary schedules';

export const salaryScheduleRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/cola/schedules/import',
    summary:
      'Import a step-and-lane salary schedule (multipart: file, name?, workGroupId?, replace?, budgetYearId?); attached to a work group, its employees are placed by salary',
    tag,
    action: 'cola.write',
    multipart: true,
    before: [singleFileUpload('file')],
    body: s.importScheduleRequest,
    response: s.scheduleImportResponse,
    status: 201,
    handler: ({ app, actor, body, ctx }) => {
      const file = uploadedFile(ctx);
      return service.importSchedule(
        app,
        actor,
        file ? { buffer: file.buffer, originalName: file.originalname } : undefined,
        body,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/cola/schedules',
    summary: 'Every salary schedule, with its work group, years, steps, lanes and placement counts',
    tag,
    action: 'cola.read',
    response: s.schedulesResponse,
    handler: ({ app, actor }) => service.listSchedules(app, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/schedules/:id',
    summary: 'A salary schedule and every amount (fiscal year x step x lane)',
    tag,
    action: 'cola.read',
    params: idParams,
    response: s.scheduleDetailResponse,
    handler: ({ app, actor, params }) => service.getSchedule(app, actor, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/schedules/:id',
    summary: 'Rename a salary schedule or attach it to another work group (null: none)',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.updateScheduleBody,
    response: s.scheduleWriteResponse,
    handler: ({ app, actor, params, body }) => service.updateSchedule(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/cola/schedules/:id',
    summary: "Delete a salary schedule; its work group's placements are cleared and salaries recomputed",
    tag,
    action: 'cola.write',
    params: idParams,
    response: s.scheduleDeleteResponse,
    handler: ({ app, actor, params }) => service.deleteSchedule(app, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/schedules/:id/placements',
    summary:
      "The schedule's work-group employees of a budget year's current fiscal year and their step and lane",
    tag,
    action: 'cola.read',
    params: idParams,
    query: s.placementsQuery,
    response: s.placementsResponse,
    handler: ({ app, actor, params, query }) => placements.listPlacements(app, actor, params.id, query),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/schedules/:id/suggest-placements',
    summary:
      'Place the work group’s unconfirmed employees on the cell nearest their salary (within 10%), marked suggested',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.suggestPlacementsBody,
    response: s.suggestPlacementsResponse,
    handler: ({ app, actor, params, body }) => placements.suggestPlacements(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/schedules/:id/confirm-placements',
    summary: 'Confirm suggested placements of the work group’s lines',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.confirmPlacementsBody,
    response: s.confirmPlacementsResponse,
    handler: ({ app, actor, params, body }) => placements.confirmPlacements(app, actor, params.id, body.ids),
  }),
  defineRoute({
    method: 'patch',
    path: '/line-items/budget/:id/placement',
    summary:
      "Place an employee line on its work group's schedule (step and lane, confirmed) or clear it (null); recomputes its next-year salary",
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.placementBody,
    response: employeeLineItemResponse,
    handler: ({ app, actor, params, body }) => placements.setLinePlacement(app, actor, params.id, body),
  }),
];
