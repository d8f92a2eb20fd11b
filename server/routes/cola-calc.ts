import {
  colaCalculateBody,
  colaCalculateResponse,
  multiYearQuery,
  multiYearResponse,
  rifGapBody,
  rifGapResponse,
  rifListQuery,
  rifListResponse,
} from '@shared/schemas/cola-calc';
import { calculateCola } from '@server/domains/planning';
import { multiYearProjection } from '@server/domains/planning';
import { calculateRifGap, listRifCalculations } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

const tag = 'COLA calculations';

export const colaCalcRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/cola/calculate',
    summary:
      'Payroll of the base year moved year by year by the salary rules (contracts, else the COLA scenario), with each year’s increase, overall and per work group',
    tag,
    action: 'cola.read',
    body: colaCalculateBody,
    response: colaCalculateResponse,
    handler: ({ app, actor, body }) => calculateCola(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/calculate-rif-gap',
    summary:
      'Reduction-in-force gap of a fiscal year: district need (baseline + COLA impact + steps and lanes) minus town funding; saved',
    tag,
    action: 'cola.write',
    body: rifGapBody,
    response: rifGapResponse,
    handler: ({ app, actor, body }) => calculateRifGap(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/rif-calculations',
    summary: 'Saved RIF gap calculations, newest first (latest 10 unless limit says otherwise, at most 50)',
    tag,
    action: 'cola.read',
    query: rifListQuery,
    response: rifListResponse,
    handler: ({ app, actor, query }) => listRifCalculations(app, actor, query.limit),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/multi-year-projection',
    summary:
      'District need year by year (each baseline the year before’s need) against town funding (goal, else the last goal carried forward)',
    tag,
    action: 'cola.read',
    query: multiYearQuery,
    response: multiYearResponse,
    handler: ({ app, actor, query }) => multiYearProjection(app, actor, query),
  }),
];
