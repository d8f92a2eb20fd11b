import * as s from '@shared/schemas/roll-forward';
import { latestRollForward, rollForward, undoRollForward } from '@server/domains/roll-forward';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Roll forward';

/** Roll forward: the next fiscal year's budget started from a year's (ADMIN only). */
export const rollForwardRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/roll-forward',
    summary:
      'Start the next fiscal year from a year: employees at their next-year salaries, proposed lines but one-time ones (dryRun: totals only)',
    tag,
    action: 'budgets.manage',
    body: s.rollForwardBody,
    response: s.rollForwardResponse,
    handler: ({ app, actor, body }) => rollForward(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/roll-forward/undo',
    summary: 'Undo the roll forward that started a fiscal year, while it is still Draft and unedited',
    tag,
    action: 'budgets.manage',
    body: s.rollForwardUndoBody,
    response: s.rollForwardUndoResponse,
    handler: ({ app, actor, body }) => undoRollForward(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/roll-forward/latest',
    summary: 'The roll forward that started a fiscal year, and whether it can still be undone',
    tag,
    action: 'budgets.manage',
    query: s.rollForwardStatusQuery,
    response: s.rollForwardStatusResponse,
    handler: ({ app, actor, query }) => latestRollForward(app, actor, query.toFiscalYear),
  }),
];
