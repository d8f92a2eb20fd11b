import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import type { EmployeeScope } from './queries/bulk-update';
import * as sets from './queries/line-items-writes-sets';
import type { LineCause } from './audit';
import { changeLinesBy, changedLinesBy } from './change-lines';

/**
 * Set-based changes of many lines through the writer: each is one statement, then the same
 * recompute and audit as any change (changeLinesBy).
 */

/** Links lines to buildings where they still have none; the ids linked. */
export async function linkBuildings(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  links: { id: number; buildingId: number }[],
): Promise<number[]> {
  let linked: number[] = [];
  await changeLinesBy(
    trx,
    actor,
    cause,
    links.map((l) => l.id),
    async () => (linked = await sets.linkLines(trx, links)),
    { recompute: false },
  );
  return linked;
}

/** Sets DESE codes by job class (see deseCodeTargets); each change. */
export async function setDeseCodes(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  scope: EmployeeScope,
  targetIds: readonly number[],
  mappings: { jobKey: string; deseCode: string }[],
  onlyBlank: boolean,
): Promise<sets.CodeChange[]> {
  let changes: sets.CodeChange[] = [];
  await changeLinesBy(
    trx,
    actor,
    cause,
    targetIds,
    async () => {
      changes = await sets.setDeseCodes(trx, scope, mappings, onlyBlank);
      return changes.map((c) => c.id);
    },
    { recompute: false },
  );
  return changes;
}

/**
 * A renamed work group's lines still labelled with its old name take the new one; the rule
 * runs again on them (its review warning names the group). The ids relabelled.
 */
export async function relabelWorkGroup(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  lineIds: readonly number[],
  workGroupId: number,
  names: { from: string; to: string },
): Promise<number[]> {
  return changedLinesBy(trx, actor, cause, lineIds, () =>
    sets.relabelLines(trx, workGroupId, names.from, names.to),
  );
}
