import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import type { EmployeeLineItem } from '@shared/schemas/line-items';
import { auditLines, type LineCause } from './audit';
import * as read from './queries/line-items';
import * as write from './queries/line-items-writes';
import { applyAutomaticNextYearSalary } from './next-year';
import { reviewFlagsAfterChange } from './review';
import { nextYearSalaryRule } from './status-rule';

/**
 * Merges two records of one person: the kept line takes `fill` (the other's values for its empty
 * fields), the other is deleted, and both are audited ('merge', naming each other and the cause).
 * A work group filled in moves the kept line's automatic next-year salary, by the rule an edit uses.
 */
export async function mergeLines(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  keep: EmployeeLineItem,
  drop: EmployeeLineItem,
  fill: Record<string, unknown>,
  extra: Record<string, unknown>,
): Promise<EmployeeLineItem> {
  await write.materializeProjected(trx, [keep.id, drop.id]);
  const [key] = await read.lockLines(trx, [keep.id]);
  const rule = nextYearSalaryRule(key, {
    basisChanged: fill.work_group_id !== undefined || fill.work_group !== undefined,
  });
  await write.updateLines(trx, [keep.id], { ...fill, ...rule.columns });
  if (rule.recompute) {
    await applyAutomaticNextYearSalary(trx, [keep.id]);
  }
  await write.deleteLines(trx, [drop.id]);
  await reviewFlagsAfterChange(trx, [keep.id]);
  const lineItem = (await read.lineItemById(trx, keep.id)) as EmployeeLineItem;
  await auditLines(trx, actor, cause, [
    { id: keep.id, before: keep, after: { ...lineItem, mergedFromId: drop.id, ...extra } },
    { id: drop.id, before: drop, after: { mergedIntoId: keep.id, ...extra } },
  ]);
  return lineItem;
}
