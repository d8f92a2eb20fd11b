import { budgetYearIdQuery } from '@shared/schemas/fiscal-years';
import {
  baseYearDiagnosticResponse,
  baseYearsQuery,
  baseYearsResponse,
  fixBaseYearBody,
  fixBaseYearResponse,
  generateProjectionsBody,
  generateProjectionsResponse,
  projectionStatusResponse,
} from '@shared/schemas/projections';
import { projections as service } from '@server/domains/planning';
import { generateProjections } from '@server/domains/planning';
import { defineRoute } from './define';

const tag = 'Projections';

export const projectionRoutes = [
  defineRoute({
    method: 'get',
    path: '/projections/status',
    summary: 'Data diagnostics: lines of each kind per fiscal year, with No Data / Partial / Complete',
    tag,
    action: 'dashboard.read',
    query: budgetYearIdQuery,
    response: projectionStatusResponse,
    handler: ({ app, actor, query }) => service.projectionStatus(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'get',
    path: '/projections/base-years',
    summary: 'The latest fiscal year with imported lines, per kind (of one budget year when given)',
    tag,
    action: 'dashboard.read',
    query: baseYearsQuery,
    response: baseYearsResponse,
    handler: ({ app, actor, query }) => service.baseYears(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'get',
    path: '/projections/base-year-diagnostic',
    summary: 'Where each kind’s imported data sits against the budget year’s base year',
    tag,
    action: 'dashboard.read',
    query: budgetYearIdQuery,
    response: baseYearDiagnosticResponse,
    handler: ({ app, actor, query }) => service.baseYearDiagnostic(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'post',
    path: '/projections/fix-base-year',
    summary: 'Move one kind’s imported lines to the correct base year (and its projections with them)',
    tag,
    action: 'projections.write',
    body: fixBaseYearBody,
    response: fixBaseYearResponse,
    handler: ({ app, actor, body }) => service.fixBaseYear(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/projections/generate',
    summary: 'Project the base year’s lines of one kind into every fiscal year up to toFiscalYear',
    tag,
    action: 'projections.write',
    body: generateProjectionsBody,
    response: generateProjectionsResponse,
    handler: ({ app, actor, body }) => generateProjections(app, actor, body),
  }),
];
