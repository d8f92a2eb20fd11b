import { messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/nss';
import { nssMeter as meter } from '@server/domains/massachusetts';
import { perPupil } from '@server/domains/massachusetts';
import { nss as service } from '@server/domains/massachusetts';
import { defineRoute, type AnyRoute } from './define';

const tag = 'Net school spending';

/** Chapter 70 net school spending: state figures, inclusion rules, the meter, per-pupil spending. */
export const nssRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/nss/state-figures',
    summary:
      'The state figures DESE published for each fiscal year, with the town’s spending on the schools’ behalf',
    tag,
    action: 'dashboard.read',
    response: s.stateFiguresListResponse,
    handler: ({ app, actor }) => service.listStateFigures(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/nss/state-figures/import',
    summary:
      'Import state figures from a CSV (one row per fiscal year); a file with a missing or unknown column or an unreadable value writes nothing',
    tag,
    action: 'stateFigures.write',
    body: s.importFiguresBody,
    response: s.importFiguresResponse,
    handler: ({ app, actor, body }) => service.importStateFigures(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/nss/state-figures/:fiscalYear',
    summary: 'Enter or replace a fiscal year’s state figures and municipal lines (audited)',
    tag,
    action: 'stateFigures.write',
    params: s.yearParams,
    body: s.stateFiguresBody,
    response: s.stateFiguresResponse,
    handler: ({ app, actor, params, body }) => service.saveStateFigures(app, actor, params.fiscalYear, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/nss/state-figures/:fiscalYear',
    summary: 'Delete a fiscal year’s state figures (audited)',
    tag,
    action: 'stateFigures.write',
    params: s.yearParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => service.deleteStateFigures(app, actor, params.fiscalYear),
  }),
  defineRoute({
    method: 'get',
    path: '/nss/rules',
    summary: 'The NSS inclusion rules and carry-forward limit in force in a fiscal year, with their sources',
    tag,
    action: 'dashboard.read',
    query: s.rulesQuery,
    response: s.rulesResponse,
    handler: ({ app, actor, query }) => service.rulesInForce(app, actor, query.fiscalYear),
  }),
  defineRoute({
    method: 'get',
    path: '/nss/meter',
    summary:
      'The NSS meter of a budget year’s fiscal year: DESE’s six columns, headroom above 100% and 95%, and what a shortfall costs',
    tag,
    action: 'dashboard.read',
    query: s.meterQuery,
    response: s.nssMeter,
    handler: ({ app, actor, query }) => meter.yearMeter(app, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/nss/meter/scenario',
    summary:
      'The NSS meter of a cut scenario, or of percents kept not yet saved (checked as /scenarios/calculate)',
    tag,
    action: 'scenarios.read',
    body: s.scenarioMeterBody,
    response: s.nssMeter,
    handler: ({ app, actor, body }) => meter.scenarioMeter(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/nss/per-pupil',
    summary:
      'Spending per pupil two ways: over district enrollment and by DESE’s method (over foundation enrollment), of all funds or the general fund alone (funds)',
    tag,
    action: 'dashboard.read',
    query: s.perPupilQuery,
    response: s.perPupilResponse,
    handler: ({ app, actor, query }) => perPupil(app, actor, query),
  }),
];
