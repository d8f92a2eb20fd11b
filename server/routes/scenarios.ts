import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/scenarios';
import { scenarios as scenarios } from '@server/domains/stages';
import { defineRoute } from './define';

const tag = 'Budgets (scenarios)';

export const scenarioRoutes = [
  defineRoute({
    method: 'get',
    path: '/scenarios',
    summary: 'Budgets (scenarios) of a budget year, with their line counts',
    tag,
    action: 'scenarios.read',
    query: s.listScenariosQuery,
    response: s.scenariosResponse,
    handler: ({ app, actor, query }) => scenarios.listScenarios(app, actor, query),
  }),
  ...(['operating', 'proposed'] as const).map((kind) =>
    defineRoute({
      method: 'get',
      path: `/scenarios/active/${kind}`,
      summary: `The active ${kind} budget of a budget year (404 when none)`,
      tag,
      action: 'scenarios.read',
      query: s.activeScenarioQuery,
      response: s.scenarioResponse,
      handler: ({ app, actor, query }) => scenarios.getActiveScenario(app, actor, query.budgetYearId, kind),
    }),
  ),
  defineRoute({
    method: 'post',
    path: '/scenarios',
    summary: 'Create a budget (inactive until set as active), empty or as a copy of a budget’s lines',
    tag,
    action: 'scenarios.write',
    body: s.createScenarioBody,
    response: s.createScenarioResponse,
    status: 201,
    handler: ({ app, actor, body }) => scenarios.createScenario(app, actor, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/scenarios/:id',
    summary: 'Rename a budget',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.renameScenarioBody,
    response: s.scenarioResponse,
    handler: ({ app, actor, params, body }) => scenarios.renameScenario(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/:id/set-active',
    summary: 'Make a budget active; the active one of the same type and budget year is deactivated',
    tag,
    action: 'budgets.manage',
    params: idParams,
    response: s.setActiveResponse,
    handler: ({ app, actor, params }) => scenarios.setActiveScenario(app, actor, params.id),
  }),
];
