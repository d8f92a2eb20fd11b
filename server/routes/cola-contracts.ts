import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/contracts';
import { contracts as service } from '@server/domains/planning';
import { defineRoute, type AnyRoute } from './define';

const tag = 'COLA contracts';

export const colaContractRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/cola/contracts',
    summary: 'Union contracts with their yearly COLA rows (optionally of one work group or status)',
    tag,
    action: 'cola.read',
    query: s.contractsQuery,
    response: s.contractsResponse,
    handler: ({ app, actor, query }) => service.listContracts(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/cola/contracts/:id',
    summary: 'One contract with its yearly COLA rows',
    tag,
    action: 'cola.read',
    params: idParams,
    response: s.contractSavedResponse.pick({ contract: true }),
    handler: ({ app, actor, params }) => service.getContract(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/cola/contracts',
    summary:
      'Add a contract with one COLA row per fiscal year; recomputes its work group’s automatic next-year salaries',
    tag,
    action: 'cola.write',
    body: s.contractBody,
    response: s.contractSavedResponse,
    status: 201,
    handler: ({ app, actor, body }) => service.createContract(app, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/cola/contracts/:id',
    summary:
      'Replace a contract and its COLA rows; recomputes the automatic next-year salaries of the work group(s) it touches',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.contractBody,
    response: s.contractSavedResponse,
    handler: ({ app, actor, params, body }) => service.updateContract(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/cola/contracts/:id/status',
    summary: 'Change a contract’s status (a settlement date only when SETTLED); recomputes as a save does',
    tag,
    action: 'cola.write',
    params: idParams,
    body: s.contractStatusBody,
    response: s.contractSavedResponse,
    handler: ({ app, actor, params, body }) => service.setContractStatus(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/cola/contracts/:id',
    summary: 'Delete a contract; recomputes its work group’s automatic next-year salaries',
    tag,
    action: 'cola.write',
    params: idParams,
    response: s.contractDeletedResponse,
    handler: ({ app, actor, params }) => service.deleteContract(app, actor, params.id),
  }),
];
