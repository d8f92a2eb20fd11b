import type { Db } from '@server/db/index';

/**
 * The stage rows an undone roll forward reads and removes. Kept in the stages domain, the one
 * writer of budget_stages (test/table-writers.test.ts), so the table's guard has one neighbour.
 */

/** The stage rows of a budget year's fiscal year, in order (undo needs exactly the roll forward's own). */
export async function stageIdsOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<number[]> {
  const rows = await db('budget_stages')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .orderBy('id')
    .pluck('id');
  return rows.map(Number);
}

/**
 * Deletes the first snapshot a roll forward wrote: the stages' guard lets this transaction delete
 * that one stage (migration 20261127000400), nothing else.
 */
export async function deleteRolledSnapshot(db: Db, stageId: number): Promise<void> {
  await db.raw(`SELECT set_config('budget.undo_stage', ?, true)`, [String(stageId)]);
  await db('budget_stages').where({ id: stageId }).del();
  await db.raw(`SELECT set_config('budget.undo_stage', '', true)`);
}
