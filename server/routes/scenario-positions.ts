import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/scenario-positions';
import { scenarioPositions as service } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Scenario Builder';

/** Cuts and adds by position in a cut scenario (shared/schemas/scenario-positions.ts). */
export const scenarioPositionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/scenarios/cuts/:id/positions',
    summary:
      'A cut scenario’s cuts and adds by position, each with what it saves or costs now, and whether its year’s salary lines follow positions',
    tag,
    action: 'scenarios.read',
    params: idParams,
    response: s.scenarioPositionsResponse,
    handler: ({ app, actor, params }) => service.scenarioPositions(app, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/scenarios/cuts/:id/position-groups',
    summary:
      'The groups of the roster a cut can name (a title at a building), with their FTE and what the scenario cuts',
    tag,
    action: 'scenarios.read',
    params: idParams,
    query: s.positionGroupsQuery,
    response: s.positionGroupsResponse,
    handler: ({ app, actor, params, query }) => service.positionGroups(app, actor, params.id, query.search),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/positions/cut',
    summary:
      'Cut FTE of a group (a title at a building): the vacancies first when asked, then the least senior; whole positions. dryRun: what it would pick and save',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.positionCutBody,
    response: s.positionCutResponse,
    handler: ({ app, actor, params, body }) => service.cutPositions(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/positions/add',
    summary:
      'Add new vacant positions to the scenario, priced as vacancies on their work group’s schedule (201); dryRun: priced, nothing added (200)',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.positionAddBody,
    response: s.scenarioPositionsResponse,
    status: 201,
    statusOf: ({ body }) => (body.dryRun ? 200 : 201),
    handler: ({ app, actor, params, body }) => service.addPositions(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/scenarios/cuts/:id/positions/:changeId',
    summary: 'Take one cut or add by position out of the scenario',
    tag,
    action: 'scenarios.write',
    params: s.changeParams,
    response: s.scenarioPositionsResponse,
    handler: ({ app, actor, params }) => service.removePositionChange(app, actor, params.id, params.changeId),
  }),
];
