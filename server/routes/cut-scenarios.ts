import { idParams, messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/cut-scenarios';
import { cutScenariosCalc as calc } from '@server/domains/planning';
import { cutScenarios as service } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Scenario Builder';

/** Before the /scenarios/:id routes of budgets, so these fixed paths are matched first. */
export const cutScenarioRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/scenarios/baseline',
    summary:
      'The proposed lines of a budget year’s fiscal year with a cut scenario’s percents (none without one), and the summary against the town goal. ' +
      'Each line is an object with named fields (accountDesc, category, building, fy26ProposedV3, ...); format=rows answers the compact form the Scenario Builder reads (each line an array of values, categories and buildings once)',
    tag,
    action: 'scenarios.read',
    query: s.baselineQuery,
    response: s.baselineResponse,
    handler: async ({ app, actor, query, ctx }) => {
      if (query.format !== 'rows') {
        return calc.baseline(app, actor, query);
      }
      // PostgreSQL's JSON of the lines, sent as it is (never parsed and re-serialised).
      ctx.type = 'application/json';
      ctx.body = await calc.baselineJson(app, actor, query);
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/calculate',
    summary:
      'The summary of a set of percents kept (line id -> percent), checked against scope and floors; nothing stored',
    tag,
    action: 'scenarios.read',
    body: s.calculateBody,
    response: s.calculateResponse,
    handler: ({ app, actor, body }) => calc.calculate(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/scenarios/cuts',
    summary: 'Cut scenarios of a budget year, each with its summary',
    tag,
    action: 'scenarios.read',
    query: s.cutScenariosQuery,
    response: s.cutScenariosResponse,
    handler: ({ app, actor, query }) =>
      service.listCutScenarios(app, actor, query.budgetYearId, query.fiscalYear),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts',
    summary: 'Add a cut scenario (optionally a copy of another’s cuts)',
    tag,
    action: 'scenarios.write',
    body: s.createCutScenarioBody,
    response: s.cutScenarioResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createCutScenario(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/scenarios/cuts/compare',
    summary: 'Two or three cut scenarios side by side by category (ids=1,2,3)',
    tag,
    action: 'scenarios.read',
    query: s.compareQuery,
    response: s.compareResponse,
    handler: ({ app, actor, query }) => calc.compare(app, actor, query.ids),
  }),
  defineRoute({
    method: 'patch',
    path: '/scenarios/cuts/:id',
    summary: 'Rename a cut scenario or change its description',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.updateCutScenarioBody,
    response: s.cutScenarioResponse,
    handler: ({ app, actor, params, body }) => service.updateCutScenario(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/scenarios/cuts/:id',
    summary: 'Delete a cut scenario',
    tag,
    action: 'scenarios.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteCutScenario(app, actor, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/scenarios/cuts/:id/adjustments',
    summary: 'Replace a cut scenario’s percents kept (checked against scope and floors; audited per line)',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.saveAdjustmentsBody,
    response: s.cutScenarioResponse,
    handler: ({ app, actor, params, body }) =>
      service.saveAdjustments(app, actor, params.id, body.adjustments),
  }),
  defineRoute({
    method: 'patch',
    path: '/scenarios/cuts/:id/adjustments',
    summary:
      'Change some of a cut scenario’s percents kept (100 uncuts a line; the others stay as they are; checked and audited as PUT)',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.saveAdjustmentsBody,
    response: s.cutScenarioResponse,
    handler: ({ app, actor, params, body }) =>
      service.saveAdjustments(app, actor, params.id, body.adjustments, false),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/quick-cut',
    summary: 'Cut lines or a category to a percent kept, each held at its floor; says what the floors kept',
    tag,
    action: 'scenarios.write',
    params: idParams,
    body: s.quickCutBody,
    response: s.quickCutResponse,
    handler: ({ app, actor, params, body }) => service.quickCut(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/set-active',
    summary: 'Make a cut scenario the adopted plan of its budget and fiscal year',
    tag,
    action: 'scenarios.write',
    params: idParams,
    response: s.cutScenarioResponse,
    handler: ({ app, actor, params }) => service.setActiveCutScenario(app, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/scenarios/floors',
    summary: 'Floors of a budget year: the least percent a category or a line may keep',
    tag,
    action: 'scenarios.read',
    query: s.floorsQuery,
    response: s.floorsResponse,
    handler: ({ app, actor, query }) => service.listFloors(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'put',
    path: '/scenarios/floors',
    summary: 'Set or remove floors (floorPercent null removes one)',
    tag,
    action: 'scenarios.write',
    body: s.saveFloorsBody,
    response: s.floorsResponse,
    handler: ({ app, actor, body }) => service.saveFloors(app, actor, body),
  }),
];
