import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import * as place from './queries/line-items-writes-placement';
import type { LineCause } from './audit';
import { changeLinesBy } from './change-lines';

/**
 * Placements on a salary schedule, written through the writer: a change of step or lane moves
 * the automatic next-year salary (the rule reads them), so each recomputes the lines it moved and
 * audits them. How a salary matches a cell is the query's (line-items-writes-placement.ts).
 */

/** Suggests a cell for each of `ids`; the counts, and how many lines changed. */
export async function suggestPlacements(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  scheduleId: number,
  ids: readonly number[],
  tolerancePercent: number,
): Promise<{ suggested: number; exact: number; unmatched: number }> {
  let counts = { suggested: 0, exact: 0, unmatched: 0 };
  await changeLinesBy(
    trx,
    actor,
    cause,
    ids,
    async () => {
      const result = await place.suggestPlacements(trx, scheduleId, ids, tolerancePercent);
      counts = { suggested: result.suggested, exact: result.exact, unmatched: result.unmatched };
      return result.changed;
    },
    { field: 'salaryStep' },
  );
  return counts;
}

/**
 * Clears the placements of `ids` the schedule cannot hold (see clearPlacements) and recomputes
 * every one of `ids` (`recomputeAll`: the schedule's amounts changed) or only those cleared.
 * How many lines changed.
 */
export async function clearPlacements(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  scheduleId: number | null,
  options: { keepSuggested?: boolean; recomputeAll?: boolean } = {},
): Promise<number> {
  return changeLinesBy(trx, actor, cause, ids, async () => {
    const cleared = await place.clearPlacements(trx, ids, scheduleId, options.keepSuggested ?? false);
    return options.recomputeAll ? ids : cleared;
  });
}

/** Sets one line's step and lane (null clears both), confirmed by a person. */
export async function setPlacement(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  id: number,
  step: number | null,
  lane: string | null,
): Promise<void> {
  await changeLinesBy(
    trx,
    actor,
    cause,
    [id],
    async () => {
      await place.setPlacement(trx, id, step, lane, step === null ? null : 'confirmed');
      return [id];
    },
    // A cell whose amount x FTE would move the salary past what a line holds: 400, nothing written.
    { field: 'salaryStep' },
  );
}

/** Confirms the suggested placements of `ids` (the amount does not move); the ids confirmed. */
export async function confirmPlacements(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
): Promise<number[]> {
  let confirmed: number[] = [];
  await changeLinesBy(
    trx,
    actor,
    cause,
    ids,
    async () => (confirmed = await place.confirmPlacements(trx, ids)),
    { recompute: false },
  );
  return confirmed;
}
