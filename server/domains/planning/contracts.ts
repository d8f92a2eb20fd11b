import type { AppContext } from '@server/context';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/contracts';
import { findWorkGroup } from '@server/domains/budgets';
import type { Contract, ContractInput, ContractStatusInput } from '@shared/schemas/contracts';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import type { Db } from '@server/db/index';
import { applySupersession, checkNoSettledOverlap } from './contracts-supersession';
import { answerWithSalaryLines, recomputeAfterRuleChange } from '@server/domains/line-items';

/**
 * Union contracts (COLA Management, tab 'Contracts'). A contract's COLA is the first thing the
 * salary rule reads (server/sql/salary-rule.ts), so every write recomputes the automatic
 * next-year salaries of the work groups it touches in the same transaction, and audits both.
 * A rule that re-prices a roster's holders and vacancies while the year their cost is budgeted
 * for is voted answers the locked salary lines' note (answerWithSalaryLines).
 * Every write also runs the overlap rule (./contracts-supersession): two settled contracts of one
 * work group cover the same year only when the newer supersedes the older.
 */

const ENTITY = 'contract';

/** A save's answer: the contract, the salaries it recomputed, and the locked lines' note when any. */
type ContractSaved = { contract: Contract; recomputedLines: number; salaryLines?: SalaryLinesLocked };

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

/**
 * Locks a contract for the transaction and returns it as it was, or 404. Its work group's (and
 * `alsoGroup`'s) contract writes are serialised first, always in that order, so two saves cannot
 * both pass the overlap check nor wait on each other's locks.
 */
async function lockedContract(trx: Db, id: number, alsoGroup?: number): Promise<Contract> {
  const current = await q.findContract(trx, id);
  if (!current) {
    throw notFound('Contract');
  }
  await q.lockWorkGroupContracts(trx, [current.workGroupId, ...(alsoGroup ? [alsoGroup] : [])]);
  if (!(await q.lockContract(trx, id))) {
    throw notFound('Contract');
  }
  return (await q.findContract(trx, id))!;
}

/**
 * Audits an update and recomputes the work groups it touches; the save's answer. A COLA that would
 * move a next-year salary past what a line holds is a 400 naming `field`, and nothing is written.
 */
async function afterUpdate(
  trx: Db,
  actor: Actor,
  before: Contract,
  verb: string,
  field: string,
): Promise<ContractSaved> {
  const contract = (await q.findContract(trx, before.id))!;
  await insertAudit(trx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: before.id,
    before,
    after: contract,
  });
  const groups = [...new Set([before.workGroupId, contract.workGroupId])];
  const recomputedLines = await recomputeAfterRuleChange(
    trx,
    actor,
    { workGroupIds: groups, field },
    cause(verb, contract),
  );
  return answerWithSalaryLines(trx, actor, { contract, recomputedLines });
}

const cause = (verb: string, c: Pick<Contract, 'id' | 'name'>) => `Contract ${c.id} (${c.name}) ${verb}`;

export async function createContract(
  app: AppContext,
  actor: Actor,
  input: ContractInput,
): Promise<ContractSaved> {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await checkWorkGroup(trx, input.workGroupId);
    await q.lockWorkGroupContracts(trx, [input.workGroupId]);
    const id = await q.insertContract(trx, input);
    const touched = await applySupersession(trx, actor, id, input.supersedesContractId ?? null);
    await checkNoSettledOverlap(trx, [id, ...touched]);
    const contract = (await q.findContract(trx, id))!;
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: contract });
    const recomputedLines = await recomputeAfterRuleChange(
      trx,
      actor,
      { workGroupIds: [input.workGroupId], field: 'yearlyIncreases' },
      cause('created', contract),
    );
    return answerWithSalaryLines(trx, actor, { contract, recomputedLines });
  });
}

/** Replaces a contract's fields and COLA rows; a moved work group recomputes both groups' lines. */
export async function updateContract(app: AppContext, actor: Actor, id: number, input: ContractInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await checkWorkGroup(trx, input.workGroupId);
    const before = await lockedContract(trx, id, input.workGroupId);
    await q.updateContract(trx, id, input);
    if (before.supersededBy && before.workGroupId !== input.workGroupId) {
      // Moved to another work group, it no longer answers to the contract that superseded it.
      await q.setSupersedes(trx, before.supersededBy.id, null);
    }
    const touched = await applySupersession(trx, actor, id, input.supersedesContractId);
    await checkNoSettledOverlap(trx, [id, ...touched]);
    return afterUpdate(trx, actor, before, 'changed', 'yearlyIncreases');
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
    const touched = await applySupersession(trx, actor, id, input.supersedesContractId);
    await checkNoSettledOverlap(trx, [id, ...touched]);
    return afterUpdate(trx, actor, before, `set to ${input.status}`, 'status');
  });
}

export async function deleteContract(
  app: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string; recomputedLines: number; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const before = await lockedContract(trx, id);
    // The contracts it superseded are in force again (the foreign key clears their mark).
    const released = await q.supersededBy(trx, id);
    await applySupersession(trx, actor, id, null);
    await q.deleteContract(trx, id);
    await insertAudit(trx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
    await checkNoSettledOverlap(trx, released);
    const recomputedLines = await recomputeAfterRuleChange(
      trx,
      actor,
      [before.workGroupId],
      cause('deleted', before),
    );
    // One after another: the transaction's one pg client takes one query at a time.
    const again = [];
    for (const r of released) {
      const c = await q.findContract(trx, r);
      if (c !== null) {
        again.push(c);
      }
    }
    const inForce = again.map((c) => `; “${c.name}” is in force again`).join('');
    return answerWithSalaryLines(trx, actor, {
      message: `Contract ${before.name} deleted${inForce}`,
      recomputedLines,
    });
  });
}
