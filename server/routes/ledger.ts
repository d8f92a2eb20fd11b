import { z } from 'zod';
import { singleFileUpload, uploadedFile } from '@server/lib/import/upload-middleware';
import * as r from '@shared/schemas/ledger';
import { ledgerSummaryQuery, ledgerSummaryResponse } from '@shared/schemas/ledger-summary';
import * as s from '@shared/schemas/ledger-import';
import { ledgerImport as imports } from '@server/domains/imports';
import { LEDGER_TOO_LARGE } from '@server/domains/imports';
import { ledgerReport as report } from '@server/domains/ledger';
import { budgetVsActualWorkbookStream } from '@server/domains/ledger';
import { defineRoute } from './define';

const tag = 'Budget vs actual';

const analyzeRequest = z.strictObject({
  file: z.string().meta({
    format: 'binary',
    description: `The ledger export: .csv, .xlsx or .xls; ${s.LEDGER_LIMITS_TEXT}`,
  }),
});

const routes = [
  defineRoute({
    method: 'post',
    path: '/ledger/import/analyze',
    summary:
      'Upload a ledger export (multipart: file) and get its columns, suggested mapping, first rows and the account pattern',
    tag,
    action: 'import.run',
    multipart: true,
    before: [singleFileUpload('file', { bytes: s.LEDGER_MAX_BYTES, tooLarge: LEDGER_TOO_LARGE })],
    body: analyzeRequest,
    response: s.ledgerAnalysisResponse,
    handler: ({ app, actor, ctx }) => {
      const file = uploadedFile(ctx);
      return imports.analyzeLedgerUpload(
        app,
        actor,
        file ? { buffer: file.buffer, originalName: file.originalname } : undefined,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/ledger/import/execute',
    summary:
      "Import an analyzed ledger into a fiscal year at a period, replacing the year's earlier period, in one transaction (dryRun: check only)",
    tag,
    action: 'import.run',
    body: s.ledgerExecuteBody,
    response: s.ledgerImportResult,
    handler: ({ app, actor, body }) => imports.executeLedgerUpload(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/imports',
    summary: 'Ledger imports, newest first: the current one of each fiscal year and those it replaced',
    tag,
    action: 'budgetVsActual.read',
    query: s.ledgerImportsQuery,
    response: s.ledgerImportsResponse,
    handler: ({ app, actor, query }) => imports.listLedgerImports(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/account-pattern',
    summary:
      'The account pattern that splits ledger accounts into fund, DESE function, object and location codes',
    tag,
    action: 'ledger.read',
    response: s.accountPatternResponse,
    handler: ({ app, actor }) => imports.getAccountPattern(app, actor),
  }),
  defineRoute({
    method: 'put',
    path: '/ledger/account-pattern',
    summary:
      'Set the account pattern (e.g. FUND-x-xxx-FUNC-...-OBJECT); accounts already imported keep their codes',
    tag,
    action: 'import.run',
    body: s.accountPatternBody,
    response: s.accountPatternResponse,
    handler: ({ app, actor, body }) => imports.setAccountPattern(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/report',
    summary:
      "Budget vs actual for a fiscal year by category, DESE function, building or account: budget, revised, expended, encumbered, available, percent used and projected year-end per group, with the lines that match no account and how many accounts no line names. The accounts it lists: every one (accounts=all, the default), none (accounts=none, the screen's first read) or those no line names (accounts=unmatched); group=<a row's key> lists only that group's (the drill-down)",
    tag,
    action: 'budgetVsActual.read',
    query: r.ledgerReportQuery,
    response: r.ledgerReportResponse,
    handler: ({ app, actor, query }) => report.budgetVsActual(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/report.xlsx',
    summary:
      'Budget vs actual as an Excel workbook: the chosen view, every account and every row that matched nothing, derived figures as formulas; streamed whatever the size of the ledger',
    tag,
    action: 'budgetVsActual.read',
    query: r.ledgerWorkbookQuery,
    handler: async ({ app, actor, query, ctx }) => {
      const book = await budgetVsActualWorkbookStream(app, actor, query);
      ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      ctx.set('Content-Disposition', `attachment; filename="${book.fileName}"`);
      ctx.body = book.stream;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/summary',
    summary: "Spent to date against budget for a fiscal year (the dashboard's card): totals only",
    tag,
    action: 'dashboard.read',
    query: ledgerSummaryQuery,
    response: ledgerSummaryResponse,
    handler: ({ app, actor, query }) => report.ledgerSummary(app, actor, query),
  }),
];

/**
 * The ledger's routes under /ledger, and each again under /actuals, the path the API had before
 * the ledger import was named 'ledger' everywhere (scripts written against it keep working). The
 * old paths are the same operations, documented as such.
 */
export const ledgerRoutes = [
  ...routes,
  ...routes.map((route) => ({
    ...route,
    path: route.path.replace(/^\/ledger\//, '/actuals/'),
    summary: `The old path of ${route.method.toUpperCase()} /api${route.path}, kept as an alias: ${route.summary}`,
  })),
];
