import { messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/crosswalk';
import { crosswalk as service } from '@server/domains/massachusetts';
import { applyCrosswalk, previewCrosswalk } from '@server/domains/massachusetts';
import { defineRoute } from './define';

const tag = 'Position crosswalk';
const action = 'crosswalk.manage';

export const crosswalkRoutes = [
  defineRoute({
    method: 'get',
    path: '/crosswalk/rules',
    summary: 'The position crosswalk: rules giving a job title a work group, category and DESE code',
    tag,
    action,
    response: s.rulesResponse,
    handler: ({ app, actor }) => service.listRules(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/crosswalk/rules',
    summary:
      'Add a rule (exact title, glob or regex), refused when its pattern is invalid or matches no title of the year (or of the titles given)',
    tag,
    action,
    body: s.createRuleBody,
    response: s.ruleResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createRule(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/crosswalk/rules/batch',
    summary: 'Add several rules at once, all or none (an import’s unmatched titles)',
    tag,
    action,
    body: s.createRulesBody,
    response: s.rulesResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createRules(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/crosswalk/rules/:id',
    summary: 'Change a rule (checked as a new one is); lines change only when the rules are applied',
    tag,
    action,
    params: s.ruleParams,
    body: s.updateRuleBody,
    response: s.ruleResponse,
    handler: ({ app, actor, params, body }) => service.updateRule(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/crosswalk/rules/:id',
    summary: 'Delete a rule; lines keep what it gave them',
    tag,
    action,
    params: s.ruleParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteRule(app, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/crosswalk/preview',
    summary:
      'Each rule against a year’s employee lines: lines matched and changed, titles two rules disagree on, titles no rule matches',
    tag,
    action,
    query: s.previewQuery,
    response: s.previewResponse,
    handler: ({ app, actor, query }) =>
      previewCrosswalk(app, actor, {
        budgetYearId: query.budgetYearId,
        fiscalYear: query.fiscalYear,
        overwrite: query.overwrite === 'true',
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/crosswalk/apply',
    summary:
      'Give a year’s employee lines their work group, category and DESE code from the rules (through the line writer, audited); dryRun counts only',
    tag,
    action,
    body: s.applyBody,
    response: s.applyResponse,
    handler: ({ app, actor, body }) => applyCrosswalk(app, actor, body),
  }),
];
