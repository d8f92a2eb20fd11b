import {
  allFiscalYearsQuery,
  allFiscalYearsResponse,
  budgetYearIdQuery,
  fiscalYearsResponse,
} from '@shared/schemas/fiscal-years';
import { fiscalYears as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Dashboard';

export const fiscalYearRoutes = [
  defineRoute({
    method: 'get',
    path: '/line-items/fiscal-years',
    summary: 'The fiscal years a budget year holds lines for, plus its current fiscal year',
    tag,
    action: 'dashboard.read',
    query: budgetYearIdQuery,
    response: fiscalYearsResponse,
    handler: ({ app, actor, query }) => service.listFiscalYears(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'get',
    path: '/line-items/all-fiscal-years',
    summary: 'Every fiscal year with lines, with the line count and whether it is projected',
    tag,
    action: 'dashboard.read',
    query: allFiscalYearsQuery,
    response: allFiscalYearsResponse,
    handler: ({ app, actor, query }) =>
      service.listAllFiscalYears(
        app,
        actor,
        query.isOperating === undefined ? undefined : query.isOperating === 'true',
      ),
  }),
];
