import * as s from '@shared/schemas/line-items';
import { lineItemsBulk as bulk } from '@server/domains/line-items';
import { duplicates as duplicates } from '@server/domains/line-items';
import { markReviewed, needsReviewCount } from '@server/domains/line-items';
import { mergeByRule } from '@server/domains/line-items';
import { lineItems as items } from '@server/domains/line-items';
import { defineRoute } from './define';

const tag = 'Line items';
const quality = 'Data quality';

export const lineItemBulkRoutes = [
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-update',
    summary: 'Assign a building (null = District Wide) to 1..5000 lines of one fiscal year',
    tag,
    action: 'lineItems.write',
    body: s.bulkUpdateBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => bulk.bulkAssignBuilding(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-delete',
    summary: 'Delete 1..5000 lines of one fiscal year; ids not found are reported in failed',
    tag,
    action: 'lineItems.write',
    body: s.bulkDeleteBody,
    response: s.bulkDeleteResponse,
    handler: ({ app, actor, body }) => bulk.bulkDelete(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-status',
    summary: 'Set the employee status of 1..5000 employee lines (status rules apply)',
    tag,
    action: 'lineItems.write',
    body: s.bulkStatusBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => bulk.bulkSetStatus(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-work-group',
    summary: 'Assign a work group (by id or name) to 1..5000 employee lines',
    tag,
    action: 'lineItems.write',
    body: s.bulkWorkGroupBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => bulk.bulkSetWorkGroup(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-category',
    summary:
      'Set a budget category (from the list) on 1..5000 lines; employee lines take only a personnel category',
    tag,
    action: 'lineItems.write',
    body: s.bulkCategoryBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => bulk.bulkSetCategory(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/bulk-fund',
    summary:
      'Set the fund that pays 1..5000 proposed lines (null: the general fund); a closed grant or an employee line is a 400',
    tag,
    action: 'lineItems.write',
    body: s.bulkFundBody,
    response: s.bulkCountResponse,
    handler: ({ app, actor, body }) => bulk.bulkSetFund(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/budget/needs-review',
    summary: 'Employee lines flagged for review (metadata.needsReview)',
    tag: quality,
    action: 'dataQuality.manage',
    query: s.needsReviewQuery,
    response: s.employeeLineItemsResponse,
    handler: async ({ app, actor, query, ctx }) => {
      ctx.type = 'application/json';
      ctx.body = await items.needsReviewJson(app, actor, query.budgetYearId, query.fiscalYear);
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/budget/needs-review/count',
    summary: 'How many employee lines are flagged for review: the length of the needs-review list',
    tag: quality,
    action: 'dataQuality.manage',
    query: s.needsReviewQuery,
    response: s.needsReviewCountResponse,
    handler: ({ app, actor, query }) => needsReviewCount(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/mark-reviewed',
    summary:
      'Mark 1..5000 flagged records reviewed with a note saying what was checked; each line audited with the note',
    tag: quality,
    action: 'dataQuality.manage',
    body: s.markReviewedBody,
    response: s.markReviewedResponse,
    handler: ({ app, actor, body }) => markReviewed(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/duplicates',
    summary:
      'Groups of employee lines of one fiscal year that look like the same person, with score and factors',
    tag: quality,
    action: 'dataQuality.manage',
    query: s.duplicatesQuery,
    response: s.duplicatesResponse,
    handler: ({ app, actor, query }) => duplicates.findDuplicates(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/merge-duplicates',
    summary:
      'Keep one record (its empty fields filled from the other) and delete the other, in one transaction',
    tag: quality,
    action: 'dataQuality.manage',
    body: s.mergeDuplicatesBody,
    response: s.mergeDuplicatesResponse,
    handler: ({ app, actor, body }) => duplicates.mergeDuplicates(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/duplicates/merge-by-rule',
    summary:
      'Merge many duplicate groups by a rule (keep the imported, entered or newest record); dryRun previews, else one transaction',
    tag: quality,
    action: 'dataQuality.manage',
    body: s.mergeByRuleBody,
    response: s.mergeByRuleResponse,
    handler: ({ app, actor, body }) => mergeByRule(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/line-items/dismiss-duplicate',
    summary: 'Remember that two records are different people; never suggested again',
    tag: quality,
    action: 'dataQuality.manage',
    body: s.dismissDuplicateBody,
    response: s.dismissDuplicateResponse,
    handler: ({ app, actor, body }) => duplicates.dismissDuplicate(app, actor, body),
  }),
];
