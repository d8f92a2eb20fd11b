import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/cola-scenarios';
import { colaScenarios as service } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

const tag = 'COLA scenarios';

export const colaScenarioRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/cola/scenarios',
    summary: 'COLA planning scenarios, the default first',
    tag,
    action: 'cola.read',
    response: s.colaScenariosResponse,
    handler: ({ app, actor }) => service.listColaScenarios(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/scenarios',
    summary: 'Add a COLA scenario (the first one becomes the default)',
    tag,
    action: 'cola.write',
    body: s.createColaScenarioBody,
    response: s.colaScenarioResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createColaScenario(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/scenarios/:id',
    summary: 'Rename a COLA scenario or change its description',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.updateColaScenarioBody,
    response: s.colaScenarioResponse,
    handler: ({ app, actor, params, body }) => service.updateColaScenario(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/cola/scenarios/:id',
    summary: 'Delete a COLA scenario that is not the default (409 for the default)',
    tag,
    action: 'cola.write',
    params: idParams,
    response: s.colaScenarioDeletedResponse,
    handler: ({ app, actor, params }) => service.deleteColaScenario(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/scenarios/:id/set-default',
    summary:
      'Make a scenario the default (the rule’s fallback where no contract covers a year); recomputes every automatic next-year salary',
    tag,
    action: 'cola.write',
    params: idParams,
    response: s.colaDefaultResponse,
    handler: ({ app, actor, params }) => service.setDefaultColaScenario(app, actor, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/scenarios/:id/long-term',
    summary:
      'Set a scenario’s long-term COLA assumption (after the last contract year and the scenario’s last year; null for none) and work groups’ own; the default scenario’s recompute next-year salaries',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.saveLongTermBody,
    response: s.colaLongTermSavedResponse,
    handler: ({ app, actor, params, body }) => service.saveLongTerm(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/settings',
    summary: 'A COLA scenario’s percentages by work-group category and by work group',
    tag,
    action: 'cola.read',
    query: s.colaSettingsQuery,
    response: s.colaSettingsResponse,
    handler: ({ app, actor, query }) => service.listColaSettings(app, actor, query.scenarioId),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/settings',
    summary:
      'Save COLA percentages of a scenario: one {workGroupId, fiscalYear, colaPercentage, scenarioId} or a batch {scenarioId, settings[]} (null clears a cell); the default scenario’s recompute next-year salaries',
    tag,
    action: 'cola.write',
    body: s.saveColaSettingsBody,
    response: s.colaSettingsSavedResponse,
    handler: ({ app, actor, body }) => service.saveColaSettings(app, actor, body),
  }),
];
