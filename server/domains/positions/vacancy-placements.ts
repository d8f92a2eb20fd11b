import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { VacancyPlacement, VacancyPlacementBody } from '@shared/schemas/positions';
import { insertAudit } from '@server/db/audit';
import { checkVacancyCell } from './guards';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { afterPositionsChange, withSalaryLines } from './sync';
import {
  rostersOfWorkGroup,
  setVacancyPlacement as writePlacement,
  vacancyPlacements,
  type PlacementRow,
} from './queries/position-writes';

function present(row: PlacementRow): VacancyPlacement {
  return {
    workGroupId: row.work_group_id,
    workGroupName: row.work_group_name,
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    lanes: row.lanes ?? [],
    topStep: row.top_step === null ? null : Number(row.top_step),
    step: row.step,
    lane: row.lane,
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    updatedByName: row.updated_by_name,
  };
}

/**
 * GET /positions/vacancy-placement: every work group with the step and lane its vacancies are
 * budgeted at (null: none set; such a vacancy needs its own or stays unpriced, never step 1).
 */
export async function listVacancyPlacements(
  app: AppContext,
  actor: Actor,
): Promise<{ placements: VacancyPlacement[] }> {
  authorize(actor, 'positions.read');
  return { placements: (await vacancyPlacements(app.db)).map(present) };
}

/**
 * PUT /positions/vacancy-placement/:workGroupId: sets (or, with both null, clears) the district's
 * step and lane for the work group's vacancies. The step and lane must be on its schedule (in any
 * year). Every vacancy of the group without its own placement is priced at it from then on.
 */
export async function setVacancyPlacement(
  app: AppContext,
  actor: Actor,
  workGroupId: number,
  body: VacancyPlacementBody,
): Promise<{ placement: VacancyPlacement; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [before] = await vacancyPlacements(trx, workGroupId);
    if (!before) {
      throw notFound(`Work group ${workGroupId}`);
    }
    await checkVacancyCell(trx, workGroupId, body.step, body.lane, null, 'step');
    const placement = body.step === null || body.lane === null ? null : { step: body.step, lane: body.lane };
    await writePlacement(trx, actor, workGroupId, placement);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'vacancy_placement',
      entityId: workGroupId,
      before: { step: before.step, lane: before.lane },
      after: { ...(placement ?? { step: null, lane: null }), reason: body.reason ?? null },
    });
    // Every roster with the group's vacancies is priced anew: their budgets follow, and the first
    // whose salary lines are locked is said (a position write's note).
    let salaryLines: SalaryLinesLocked | null = null;
    for (const year of await rostersOfWorkGroup(trx, workGroupId)) {
      const note = await afterPositionsChange(trx, actor, year);
      salaryLines ??= note;
    }
    const [after] = await vacancyPlacements(trx, workGroupId);
    return withSalaryLines({ placement: present(after) }, salaryLines);
  });
}
