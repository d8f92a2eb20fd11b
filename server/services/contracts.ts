import type { AppContext } from '@server/context';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/queries/audit';
import * as q from '@server/queries/contracts';
import { findWorkGroup } from '@server/queries/work-groups';
import type { Contract, ContractInput, ContractStatusInput } from '@server/schemas/contracts';
import type { Db } from '@server/db/index';
import { recomputeAfterRuleChange } from './next-year-recompute';

/**
 * Union contracts (COLA Management, tab 'Contracts'). A contract's COLA is the first thing the
 * salary rule reads (server/queries/salary-rule.ts), so every write recomputes the automatic
 * next-year salaries of the work groups it touches in the same transaction, and audits both.
 */

const ENTITY = 'contract';

export async function listContracts(
  app: AppContext,
  actor: Actor,
  filter: { workGroupId?: number; status?: Contract['status'] },
) {
  authorize(actor, 'cola.read');
  return { contracts: await q.listContracts(app.db, filter) };
}

export async function getContract(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.read');
  const contract = await q.findContract(app.db, id);
  if (!contract) {
    throw notFound('Contract');
  }
  return { contract };
}

async function checkWorkGroup(trx: Db, workGroupId: number): Promise<void> {
  if (!(await findWorkGroup(trx, workGroupId))) {
    throw validationFailed([{ path: 'workGroupId', message: `Work group ${workGroupId} does not exist` }]);
  }
}

/** Locks a contract for the transaction and returns it as it was, or 404. */
async function lockedContract(trx: Db, id: number): Promise<Contract> {
  if (!(await q.lockContract(trx, id))) {
    throw notFound('Contract');
  }
  return (await q.findContract(trx, id))!;
}

/** Audits an update and recomputes the work groups it touches; the save's answer. */
async function afterUpdate(trx: Db, actor: Actor, before: Contract, verb: string) {
  const contract = (await q.findContract(trx, before.id))!;
  await insertAudit(trx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: before.id,
    before,
    after: contract,
  });
  const groups = [...new Set([before.workGroupId, contract.workGroupId])];
  const recomputedLines = await recomputeAfterRuleChange(trx, actor, groups, cause(verb, contract));
  return { contract, recomputedLines };
}

const cause = (verb: string, c: Pick<Contract, 'id' | 'name'>) => `Contract ${c.id} (${c.name}) ${verb}`;

export async function createContract(app: AppContext, actor: Actor, input: ContractInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await checkWorkGroup(trx, input.workGroupId);
    const id = await q.insertContract(trx, input);
    const contract = (await q.findContract(trx, id))!;
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: contract });
    const recomputedLines = await recomputeAfterRuleChange(
      trx,
      actor,
      [input.workGroupId],
      cause('created', contract),
    );
    return { contract, recomputedLines };
  });
}

/** Replaces a contract's fields and COLA rows; a moved work group recomputes both groups' lines. */
export async function updateContract(app: AppContext, actor: Actor, id: number, input: ContractInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const before = await lockedContract(trx, id);
    await checkWorkGroup(trx, input.workGroupId);
    await q.updateContract(trx, id, input);
    return afterUpdate(trx, actor, before, 'changed');
  });
}

/** A status change alone (settling a contract, letting one expire), as the CLI's set-status does. */
export async function setContractStatus(
  app: AppContext,
  actor: Actor,
  id: number,
  input: ContractStatusInput,
) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const before = await lockedContract(trx, id);
    await q.updateContractStatus(trx, id, input.status, input.settlementDate);
    return afterUpdate(trx, actor, before, `set to ${input.status}`);
  });
}

export async function deleteContract(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const before = await lockedContract(trx, id);
    await q.deleteContract(trx, id);
    await insertAudit(trx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
    const recomputedLines = await recomputeAfterRuleChange(
      trx,
      actor,
      [before.workGroupId],
      cause('deleted', before),
    );
    return { message: `Contract ${before.name} deleted`, recomputedLines };
  });
}
