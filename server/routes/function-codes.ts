import { messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/function-codes';
import { functionCodeRules as rules } from '@server/domains/massachusetts';
import { functionCodes as codes } from '@server/domains/massachusetts';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Function codes';

/** A DESE function code on every dollar: rules, their application, bulk codes, gaps. */
export const functionCodeRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/function-codes/unmapped',
    summary:
      "The fiscal year's lines (as the dashboard counts them) without a DESE function code of their own or their category's: how many, and their dollars",
    tag,
    action: 'dashboard.read',
    query: s.unmappedQuery,
    response: s.unmappedResponse,
    handler: ({ app, actor, query }) =>
      codes.unmappedCodes(app, actor, { budgetYearId: query.budgetYearId, fiscalYear: query.fiscalYear }),
  }),
  defineRoute({
    method: 'get',
    path: '/function-codes/rules',
    summary:
      'The function-code rules (by budget category, work group, position or account) and the lines each reaches',
    tag,
    action: 'functionCodes.manage',
    response: s.rulesResponse,
    handler: ({ app, actor }) => rules.listRules(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/function-codes/rules',
    summary:
      'Add a rule; a code not in DESE’s chart, an invalid pattern, or a rule that would give a line two codes is refused (nothing written)',
    tag,
    action: 'functionCodes.manage',
    body: s.ruleBody,
    response: s.ruleResponse,
    status: 201,
    handler: ({ app, actor, body }) => rules.createRule(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/function-codes/rules/apply',
    summary:
      'Apply the rules to a budget year’s lines without a code (or every line with overwrite), audited per line; voted years are left alone',
    tag,
    action: 'functionCodes.manage',
    body: s.applyRulesBody,
    response: s.applyRulesResponse,
    handler: ({ app, actor, body }) => rules.applyRules(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/function-codes/rules/:id',
    summary: 'Replace a rule (checked as a new one)',
    tag,
    action: 'functionCodes.manage',
    params: s.ruleParams,
    body: s.ruleBody,
    response: s.ruleResponse,
    handler: ({ app, actor, params, body }) => rules.updateRule(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/function-codes/rules/:id',
    summary: 'Delete a rule (lines keep the codes it gave them)',
    tag,
    action: 'functionCodes.manage',
    params: s.ruleParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => rules.deleteRule(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-function-code',
    summary: 'Give 1..5000 lines of one fiscal year a DESE function code from the chart (audited per line)',
    tag: 'Line items',
    action: 'lineItems.write',
    body: s.bulkFunctionCodeBody,
    response: s.bulkFunctionCodeResponse,
    handler: ({ app, actor, body }) => codes.bulkSetFunctionCode(app, actor, body),
  }),
];
