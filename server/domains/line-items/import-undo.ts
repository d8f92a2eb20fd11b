import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { deleteLines } from './change-lines';
import { markLinesChanged } from './follow';

/**
 * The line writer's part of undoing an import (server/domains/imports/import-undo.ts): the run's
 * lines, how many were edited since it ran, and their removal through deleteLines (each audited
 * with what it held; their projected years go with them by the projected lines' trigger).
 */

/** The run's lines still stored, and how many of them changed after it ran (`since`: its start). */
export async function importedLinesState(
  db: Db,
  runId: number,
  since: string,
): Promise<{ stored: number; edited: number }> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS stored, (count(*) FILTER (WHERE updated_at > ?::timestamptz))::int AS edited
       FROM line_items WHERE import_run_id = ?`,
    [since, runId],
  );
  return { stored: Number(rows[0].stored), edited: Number(rows[0].edited) };
}

/** Deletes the run's lines, each audited with `reason`; how many went. */
export async function removeImportedLines(
  trx: Db,
  actor: Actor,
  runId: number,
  reason: string,
): Promise<number> {
  const ids = (await trx('line_items').where({ import_run_id: runId }).orderBy('id').pluck('id')).map(Number);
  // The payroll's people leave their positions and the rosters' cost moves: every roster follows.
  await markLinesChanged(trx, actor, { rosters: ['*'] });
  const removed = await deleteLines(trx, actor, { action: 'delete', reason }, ids, () => ({
    removedBecause: reason,
  }));
  return removed.length;
}
