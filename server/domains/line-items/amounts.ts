import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { setAmounts } from './queries/line-items-writes-amounts';
import type { LineCause } from './audit';
import { changedLinesBy } from './change-lines';

/**
 * Gives each proposed line its own new amount (amounts as exact decimal text), through the writer:
 * the lines are locked, written in one statement and each changed line audited with `cause`
 * (an adoption names its scenario). Proposed lines have no next-year salary to recompute. Returns
 * the ids whose amount changed.
 */
export async function setLineAmounts(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  amounts: readonly { id: number; amount: string }[],
): Promise<number[]> {
  return changedLinesBy(
    trx,
    actor,
    cause,
    amounts.map((a) => a.id),
    () => setAmounts(trx, amounts),
    { recompute: false },
  );
}
