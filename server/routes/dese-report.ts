import { deseReportQuery, deseReportResponse } from '@shared/schemas/dese-report';
import { deseReport } from '@server/domains/massachusetts';
import { deseReportWorkbook } from '@server/domains/massachusetts';
import { defineRoute, type AnyRoute } from './define';

const tag = 'DESE report';

/** The budget in DESE's shape: JSON for the screen and the CLI, and the workbook. */
export const deseReportRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/dese-report',
    summary:
      "A fiscal year's budget by DESE function code (series 1000-9000 and their codes), salaries and other expenses, in the End-of-Year Report's Schedule 19 layout, with the NSS computation; totals equal the dashboard's",
    tag,
    action: 'deseReport.read',
    query: deseReportQuery,
    response: deseReportResponse,
    handler: ({ app, actor, query }) =>
      deseReport(app, actor, { budgetYearId: query.budgetYearId, fiscalYear: query.fiscalYear }),
  }),
  defineRoute({
    method: 'get',
    path: '/dese-report.xlsx',
    summary: 'The DESE report as an Excel workbook (Schedule 19, By function, NSS), every total a formula',
    tag,
    action: 'deseReport.read',
    query: deseReportQuery,
    handler: async ({ app, actor, query, ctx }) => {
      const book = await deseReportWorkbook(app, actor, {
        budgetYearId: query.budgetYearId,
        fiscalYear: query.fiscalYear,
      });
      ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      ctx.set('Content-Disposition', `attachment; filename="${book.fileName}"`);
      ctx.body = book.body;
    },
  }),
];
