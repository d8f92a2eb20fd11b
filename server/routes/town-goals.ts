import { idParams, messageSchema } from '@shared/schemas/common';
import {
  gapAnalysisResponse,
  gapQuery,
  saveTownGoalBody,
  townGoalResponse,
  townGoalsResponse,
  townGoalTotalResponse,
  townGuidanceResponse,
  yearParams,
} from '@shared/schemas/town-goals';
import { townGoals as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Town goals';

export const townGoalRoutes = [
  defineRoute({
    method: 'get',
    path: '/town-goals',
    summary: 'Every town budget goal, oldest fiscal year first',
    tag,
    action: 'townGoals.read',
    response: townGoalsResponse,
    handler: ({ app, actor }) => service.listTownGoals(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/town-goals',
    summary:
      'Create the goal of a fiscal year, or save it (by id or fiscal year); percent and dollars derived from the baseline',
    tag,
    action: 'townGoals.write',
    body: saveTownGoalBody,
    response: townGoalResponse,
    handler: ({ app, actor, body }) => service.saveTownGoal(app, actor, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/town-goals/:id',
    summary: 'Delete a town goal',
    tag,
    action: 'townGoals.write',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteTownGoal(app, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/town-goals/total/:year',
    summary: 'The dollar goal of a fiscal year (FY27 or 2027); 0 when it has none',
    tag,
    action: 'townGoals.read',
    params: yearParams,
    response: townGoalTotalResponse,
    handler: ({ app, actor, params }) => service.totalForYear(app, actor, params.year),
  }),
  defineRoute({
    method: 'get',
    path: '/town-goals/year/:year',
    summary: 'Town guidance for a fiscal year (FY27 or 2027); 404 means no guidance',
    tag,
    action: 'townGoals.read',
    params: yearParams,
    response: townGuidanceResponse,
    handler: ({ app, actor, params }) => service.guidanceForYear(app, actor, params.year),
  }),
  defineRoute({
    method: 'get',
    path: '/town-goals/analysis/gap',
    summary: 'District need (proposed budget) against the town goal of a fiscal year',
    tag,
    action: 'townGoals.read',
    query: gapQuery,
    response: gapAnalysisResponse,
    handler: ({ app, actor, query }) => service.gapAnalysis(app, actor, query),
  }),
];
