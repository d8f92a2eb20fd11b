import { queueFor } from '@server/db/queue';
import * as s from '@shared/schemas/ai-analysis';
import { idParams } from '@shared/schemas/common';
import { analyzeBudgetCuts, getAnalysis, listAnalyses } from '@server/domains/ai';
import { scenarioFromAnalysis } from '@server/domains/ai';
import { defineRoute, type AnyRoute } from './define';

const tag = 'AI Analysis';

export const aiAnalysisRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/ai-analysis/budget-cuts',
    summary:
      'Ask Claude (with the signed-in user’s own key) for budget cuts reaching a target: the year’s proposed lines and its personnel budget by position and work group are sent (no names, no individual salaries); the answer is checked, saved and returned',
    tag,
    action: 'ai.analyze',
    body: s.budgetCutsBody,
    response: s.analysisResponse,
    status: 201,
    handler: ({ app, actor, body, ctx }) => {
      // A browser that cancels (or leaves) stops the call to Claude; nothing is saved then.
      const abort = new AbortController();
      ctx.res.once('close', () => {
        if (!ctx.res.writableFinished) {
          abort.abort();
        }
      });
      return analyzeBudgetCuts(app, actor, body, {
        signal: abort.signal,
        // The minutes Claude may take hold no database turn (server/db/queue.ts).
        outsideDb: (work) => queueFor(app.db).outside(work),
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/ai-analysis/analyses',
    summary: 'Recent saved analyses, newest first (of one budget year with budgetYearId)',
    tag,
    action: 'ai.analyze',
    query: s.analysesQuery,
    response: s.analysesResponse,
    handler: ({ app, actor, query }) => listAnalyses(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-analysis/analyses/:id',
    summary: 'A saved analysis with its checked result, reopened without calling Claude',
    tag,
    action: 'ai.analyze',
    params: idParams,
    response: s.analysisResponse,
    handler: ({ app, actor, params }) => getAnalysis(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/ai-analysis/analyses/:id/scenario',
    summary:
      'Turn chosen suggestions (keys such as likelyNeeded:0) into a new cut scenario with percent kept per line; personnel suggestions are skipped with the reason',
    tag,
    action: 'ai.analyze',
    params: idParams,
    body: s.analysisScenarioBody,
    response: s.analysisScenarioResponse,
    status: 201,
    handler: ({ app, actor, params, body }) => scenarioFromAnalysis(app, actor, params.id, body),
  }),
];
