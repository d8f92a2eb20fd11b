import {
  advanceStageBody,
  closedYearsResponse,
  closeYearBody,
  reopenStageBody,
  snapshotParams,
  snapshotQuery,
  snapshotResponse,
  stageYearQuery,
  stagesResponse,
} from '@shared/schemas/budget-stages';
import {
  budgetStages as service,
  closeYear,
  listClosedYears,
  reopenClosedYear,
} from '@server/domains/stages';
import { defineRoute } from './define';

const tag = 'Budget stages';

export const budgetStageRoutes = [
  defineRoute({
    method: 'get',
    path: '/budget-stages',
    summary:
      'The stages of a fiscal year: where it stands, the next stage, every move and reopen with its totals',
    tag,
    action: 'dashboard.read',
    query: stageYearQuery,
    response: stagesResponse,
    handler: ({ app, actor, query }) => service.listStages(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/budget-stages/closed-years',
    summary:
      'The closed fiscal years (closed by an administrator, or by the appropriation two years on), with why their writes are refused',
    tag,
    action: 'dashboard.read',
    response: closedYearsResponse,
    handler: ({ app, actor }) => listClosedYears(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/budget-stages/advance',
    summary: 'Move a fiscal year to its next stage with the date and a note; freezes a snapshot of its lines',
    tag,
    action: 'budgetStages.manage',
    body: advanceStageBody,
    response: stagesResponse,
    handler: ({ app, actor, body }) => service.advanceStage(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/budget-stages/reopen',
    summary: 'Reopen a voted fiscal year for changes, with a reason (audit and security logs)',
    tag,
    action: 'budgetStages.manage',
    body: reopenStageBody,
    response: stagesResponse,
    handler: ({ app, actor, body }) => service.reopenStage(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/budget-stages/close',
    summary:
      'Close a past fiscal year: read-only history (no line, import, stage, scenario or adoption changes it); reports still read it',
    tag,
    action: 'budgetStages.manage',
    body: closeYearBody,
    response: stagesResponse,
    handler: ({ app, actor, body }) => closeYear(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/budget-stages/reopen-closed',
    summary:
      'Reopen a closed fiscal year, with a reason (audit and security logs): it stands where it did before',
    tag,
    action: 'budgetStages.manage',
    body: reopenStageBody,
    response: stagesResponse,
    handler: ({ app, actor, body }) => reopenClosedYear(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/budget-stages/:id/snapshot',
    summary: 'The lines a stage froze, as they were (employee lines carry salaries: staff only)',
    tag,
    action: 'lineItems.read',
    params: snapshotParams,
    query: snapshotQuery,
    response: snapshotResponse,
    handler: ({ app, actor, params, query }) => service.showSnapshot(app, actor, params.id, query.kind),
  }),
];
