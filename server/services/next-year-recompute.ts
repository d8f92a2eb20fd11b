import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { insertAudits } from '@server/queries/bulk-update';
import { nextYearSalaries, ruleLinesOfWorkGroups } from '@server/queries/line-items-projection';
import { applyAutomaticNextYearSalary } from './salary-projection';

/**
 * After a change to what the salary rule reads (a contract's COLA, the default COLA scenario or its
 * settings), the automatic next-year salaries it moves are rewritten in the same transaction, by
 * the one rule (applyAutomaticNextYearSalary), and each line whose value moved gets an audit entry
 * naming the cause, so the line's history says why its next-year salary changed.
 *
 * Returns how many lines' next-year salary changed.
 */
export async function recomputeAfterRuleChange(
  trx: Db,
  actor: Actor,
  workGroupIds: readonly number[] | 'all',
  cause: string,
): Promise<number> {
  const lines = await ruleLinesOfWorkGroups(trx, workGroupIds);
  if (!lines.length) {
    return 0;
  }
  const before = new Map(lines.map((l) => [l.id, l.next_year_salary]));
  const changed = await applyAutomaticNextYearSalary(trx, [...before.keys()]);
  const after = await nextYearSalaries(trx, changed);
  const moved = changed.filter((id) => after.get(id) !== before.get(id));
  const money = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  await insertAudits(
    trx,
    actor,
    moved.map((id) => ({
      action: 'update',
      entity: 'line-item',
      entityId: id,
      before: { nextYearSalary: money(before.get(id)) },
      after: { nextYearSalary: money(after.get(id)), recomputedBecause: cause },
    })),
  );
  return moved.length;
}
