import * as s from '@shared/schemas/buildings';
import { idParams, messageSchema } from '@shared/schemas/common';
import { buildings as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Reference data';

export const buildingRoutes = [
  defineRoute({
    method: 'get',
    path: '/buildings',
    summary: 'Buildings with employee counts (for a budget year and fiscal year when given)',
    tag,
    action: 'referenceData.read',
    query: s.buildingsQuery,
    response: s.buildingsResponse,
    handler: ({ app, actor, query }) => service.listBuildings(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/buildings',
    summary: 'Add a building (a code another building uses is refused with 409)',
    tag,
    action: 'referenceData.write',
    body: s.createBuildingBody,
    response: s.buildingResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createBuilding(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/buildings/:id',
    summary: 'Change a building',
    tag,
    action: 'referenceData.write',
    params: idParams,
    body: s.updateBuildingBody,
    response: s.buildingResponse,
    handler: ({ app, actor, params, body }) => service.updateBuilding(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/buildings/:id',
    summary: 'Delete a building no employee or line item is assigned to (else 409 with the counts)',
    tag,
    action: 'referenceData.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteBuilding(app, actor, params.id),
  }),
];
