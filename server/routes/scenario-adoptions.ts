import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/scenario-adoptions';
import { scenarioAdoptions as service } from '@server/domains/stages';
import { scenarioAdoptionsUndo as undo } from '@server/domains/stages';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Scenario adoption';

/** Adopting a cut scenario into the budget, and undoing it. */
export const scenarioAdoptionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/adopt/preview',
    summary:
      'What adopting a cut scenario into the budget would change now: each line’s current and new amount, the year’s proposed total before and after, and the basis to adopt with; nothing written',
    tag,
    action: 'budgetStages.manage',
    params: idParams,
    body: s.adoptPreviewBody,
    response: s.adoptPreviewResponse,
    handler: ({ app, actor, params, body }) => service.previewAdoption(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/scenarios/cuts/:id/adopt',
    summary:
      'Adopt a cut scenario into the budget: each line’s new amount through the line writer (audited, naming the scenario), in one transaction; 409 when the year is locked or changed since the preview',
    tag,
    action: 'budgetStages.manage',
    params: idParams,
    body: s.adoptBody,
    response: s.adoptResponse,
    handler: ({ app, actor, params, body }) => service.adoptScenario(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/scenario-adoptions',
    summary: 'Adoptions of cut scenarios in a budget year (of a fiscal year or a scenario), newest first',
    tag,
    action: 'scenarios.read',
    query: s.adoptionsQuery,
    response: s.adoptionsResponse,
    handler: ({ app, actor, query }) => service.listAdoptions(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/scenario-adoptions/:id/undo/preview',
    summary:
      'What undoing an adoption would return: each line’s amount now, the amount the adoption replaced, and whether it was edited since (kept as it is unless overwriteEdited); nothing written',
    tag,
    action: 'budgetStages.manage',
    params: idParams,
    body: s.undoPreviewBody,
    response: s.undoPreviewResponse,
    handler: ({ app, actor, params, body }) => undo.previewUndo(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/scenario-adoptions/:id/undo',
    summary:
      'Undo an adoption in one transaction (audited): the lines still at the amounts it set return to the amounts it replaced; lines edited since stay as they are unless overwriteEdited; the scenario gets back the cuts of the lines returned',
    tag,
    action: 'budgetStages.manage',
    params: idParams,
    body: s.undoBody,
    response: s.undoResponse,
    handler: ({ app, actor, params, body }) => undo.undoAdoption(app, actor, params.id, body),
  }),
];
