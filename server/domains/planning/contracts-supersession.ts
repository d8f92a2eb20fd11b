import type { Db } from '@server/db/index';
import { AppError, validationFailed } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/contracts';
import type { Contract } from '@shared/schemas/contracts';
import { fiscalYearLabel as fy } from '@shared/budget-math';

/**
 * The one rule for contracts that overlap: two SETTLED contracts of one work
 * group may not cover the same fiscal year unless the newer explicitly supersedes the older, which
 * is then kept, marked superseded, and promises nothing (server/sql/salary-rule.ts reads the
 * mark). Negotiating offers may stand beside each other and beside a settled contract. Every
 * contract write (create, edit, status change, delete) runs through here, inside its transaction.
 */

const PATH = 'supersedesContractId';
/** 'FY27', 'FY27–FY29' for a run, else a list: how the refusal names the years in conflict. */
export function yearsText(years: readonly number[]): string {
  const sorted = [...years].sort((a, b) => a - b);
  const run = sorted.every((y, i) => i === 0 || y === sorted[i - 1] + 1);
  if (sorted.length > 1 && run) {
    return `${fy(sorted[0])}–${fy(sorted[sorted.length - 1])}`;
  }
  return sorted.map(fy).join(', ');
}

const span = (c: Pick<Contract, 'startYear' | 'endYear'>) => `${fy(c.startYear)}–${fy(c.endYear)}`;

/**
 * Checks the contract `contract` may supersede `targetId` (it exists, is another SETTLED contract of
 * the same work group in force or already superseded by this one, and shares a fiscal year with
 * it); a 400 naming supersedesContractId otherwise.
 */
async function checkTarget(trx: Db, contract: Contract, targetId: number): Promise<void> {
  const refuse = (message: string) => validationFailed([{ path: PATH, message }]);
  if (targetId === contract.id) {
    throw refuse('A contract cannot supersede itself');
  }
  const target = await q.findContract(trx, targetId);
  if (!target) {
    throw refuse(`Contract ${targetId} does not exist`);
  }
  if (contract.supersededBy) {
    throw refuse(
      `“${contract.name}” is itself superseded by “${contract.supersededBy.name}” (#${contract.supersededBy.id}), so it replaces nothing`,
    );
  }
  const named = `“${target.name}” (#${target.id})`;
  if (target.workGroupId !== contract.workGroupId) {
    throw refuse(
      `${named} covers ${target.workGroup ?? 'another work group'}, not ${contract.workGroup ?? 'this work group'}: a contract can supersede only one of its own work group`,
    );
  }
  if (target.status !== 'SETTLED') {
    throw refuse(`${named} is ${target.status.toLowerCase()}: only a settled contract is superseded`);
  }
  if (target.supersededBy && target.supersededBy.id !== contract.id) {
    throw refuse(
      `${named} is already superseded by “${target.supersededBy.name}” (#${target.supersededBy.id})`,
    );
  }
  const mine = new Set(contract.colaSettings.map((r) => r.fiscalYear));
  if (!target.colaSettings.some((r) => mine.has(r.fiscalYear))) {
    throw refuse(
      `${named} covers ${span(target)}, none of this contract’s years (${span(contract)}): there is nothing to supersede`,
    );
  }
}

/**
 * Sets what contract `id` (already written) supersedes: `requested` as sent (undefined keeps what
 * it supersedes today). A NEGOTIATING contract supersedes nothing, so going back to negotiating puts
 * the older contract in force again. Audits each contract whose mark changed; returns their ids.
 */
export async function applySupersession(
  trx: Db,
  actor: Actor,
  id: number,
  requested: number | null | undefined,
): Promise<number[]> {
  const contract = (await q.findContract(trx, id))!;
  let target = requested === undefined ? contract.supersedesContractId : requested;
  if (contract.status === 'NEGOTIATING') {
    target = null;
  }
  if (target !== null) {
    await checkTarget(trx, contract, target);
  }
  const candidates = [...new Set([...(await q.supersededBy(trx, id)), ...(target === null ? [] : [target])])];
  const before = new Map<number, Contract>();
  for (const cid of candidates) {
    before.set(cid, (await q.findContract(trx, cid))!);
  }
  const changed = await q.setSupersedes(trx, id, target);
  for (const cid of changed) {
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'contract',
      entityId: cid,
      before: before.get(cid),
      after: await q.findContract(trx, cid),
    });
  }
  return changed;
}

/**
 * Refuses (409 CONTRACT_OVERLAP, nothing written: the caller's transaction rolls back) when one of
 * `ids` is a settled contract in force sharing a fiscal year with others of its work group. The
 * message names every contract in conflict with its years; details carry them for the form's
 * Supersedes field.
 */
export async function checkNoSettledOverlap(trx: Db, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const others = await q.settledOverlaps(trx, id);
    if (!others.length) {
      continue;
    }
    const contract = (await q.findContract(trx, id))!;
    const group = contract.workGroup ?? 'its work group';
    const list = others
      .map((o) => `“${o.name}” (#${o.id}, ${span(o)}) in ${yearsText(o.fiscalYears)}`)
      .join('; ');
    const message =
      `“${contract.name}” would overlap the settled ${group} contract${others.length === 1 ? '' : 's'} ${list}. ` +
      'Two settled contracts of one work group cannot cover the same fiscal year: choose the contract ' +
      'this one replaces under Supersedes, or change the years.';
    throw new AppError(
      409,
      'CONTRACT_OVERLAP',
      message,
      others.map((o) => ({ path: PATH, message, contractId: o.id, fiscalYears: o.fiscalYears })),
    );
  }
}
