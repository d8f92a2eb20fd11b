import { compareQuery, compareResponse } from '@shared/schemas/budget-stages-compare';
import { compareStages } from '@server/domains/stages';
import { compareStagesWorkbook } from '@server/domains/stages';
import { defineRoute } from './define';

const tag = 'Budget stages';

export const budgetStageCompareRoutes = [
  defineRoute({
    method: 'get',
    path: '/budget-stages/compare',
    summary:
      "What changed between two stages of a fiscal year (or a stage and today's working figures), and why: totals, by category, DESE function and building, and line by line with each line's reason (the lines, which carry salaries, for ADMIN and FINANCE only: everyone else gets lines=none)",
    tag,
    action: 'stageComparison.read',
    query: compareQuery,
    response: compareResponse,
    handler: ({ app, actor, query }) => compareStages(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/budget-stages/compare.xlsx',
    summary:
      'The stage comparison as an Excel workbook (Summary, By category, By DESE function, By building, and Lines for ADMIN and FINANCE), every difference and total a formula',
    tag,
    action: 'stageComparison.read',
    query: compareQuery,
    handler: async ({ app, actor, query, ctx }) => {
      const book = await compareStagesWorkbook(app, actor, query);
      ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      ctx.set('Content-Disposition', `attachment; filename="${book.fileName}"`);
      ctx.body = book.body;
    },
  }),
];
