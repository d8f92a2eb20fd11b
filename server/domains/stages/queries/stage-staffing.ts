import type { Db } from '@server/db/index';

/** budget_stage_staffing: a stage's roster FTE frozen with its lines (null roster: nothing written). */
export async function insertStageStaffing(db: Db, stageId: number, staffing: object | null): Promise<void> {
  if (staffing) {
    await db('budget_stage_staffing').insert({ stage_id: stageId, staffing: JSON.stringify(staffing) });
  }
}
