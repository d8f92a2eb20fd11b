import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import type { BulkPositionsBody, Position } from '@shared/schemas/positions';
import { checkReferences, checkVacancyCell, lockForWrite, refuseHeldStatus } from './guards';
import { changeEntries, valuesOf } from './position-writes';
import { presentPosition } from './present';
import { positionsById } from './queries/positions';
import { updatePositions } from './queries/position-writes';
import { recordChanges } from './record';
import { afterPositionsChange, withSalaryLines } from './sync';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';

/**
 * POST /positions/bulk: one change to many positions (status, place, category, work group,
 * vacancy step and lane), all or nothing: one stale version, one held position asked to close,
 * one step the schedule lacks refuses the whole call with nothing written.
 */
export async function bulkUpdatePositions(
  app: AppContext,
  actor: Actor,
  body: BulkPositionsBody,
): Promise<{ updated: number; positions: Position[]; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const positions = await lockForWrite(trx, body.items);
    const { patch } = body;
    await checkReferences(trx, patch);
    const current = await positionsById(
      trx,
      positions.map((p) => p.id),
    );
    const holdersById = new Map(current.map((r) => [r.id, Number(r.holder_count)]));
    const checked = new Set<string>();
    for (const position of positions) {
      if (patch.status !== undefined) {
        await refuseHeldStatus(trx, position, holdersById.get(position.id) ?? 0, patch.status);
      }
      const workGroupId = patch.workGroupId !== undefined ? patch.workGroupId : position.work_group_id;
      const step = patch.vacancyStep !== undefined ? patch.vacancyStep : position.vacancy_step;
      const lane = patch.vacancyLane !== undefined ? patch.vacancyLane : position.vacancy_lane;
      const key = JSON.stringify([workGroupId, step, lane, position.fiscal_year]);
      if (!checked.has(key)) {
        checked.add(key);
        await checkVacancyCell(trx, workGroupId, step, lane, position.fiscal_year + 1);
      }
    }
    const values = valuesOf(patch);
    const entries = positions.flatMap((p) => changeEntries(p, values, body.reason ?? null));
    const changed = [...new Set(entries.map((e) => e.positionId))];
    // The positions are one roster in practice; of several, the last locked one is said.
    let lines: SalaryLinesLocked | null = null;
    if (changed.length) {
      await updatePositions(trx, actor, changed, values);
      await recordChanges(trx, actor, entries);
      const years = new Map(positions.map((p) => [`${p.budget_year_id}:${p.fiscal_year}`, p]));
      for (const year of years.values()) {
        lines = (await afterPositionsChange(trx, actor, year)) ?? lines;
      }
    }
    const rows = await positionsById(
      trx,
      positions.map((p) => p.id),
    );
    return withSalaryLines({ updated: changed.length, positions: rows.map(presentPosition) }, lines);
  });
}
