import * as s from '@shared/schemas/planning-defaults';
import { planningDefaults } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

export const planningDefaultsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/cola/planning-defaults',
    summary:
      'What the planning tools start from: the budget of the year before the planned one as baseline, the planned year’s town goal as funding (null when it has none), each with its source',
    tag: 'COLA calculations',
    action: 'cola.read',
    query: s.planningDefaultsQuery,
    response: s.planningDefaultsResponse,
    handler: ({ app, actor, query }) => planningDefaults(app, actor, query),
  }),
];
