import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as p from './queries/salary-schedule-placements';
import * as q from './queries/salary-schedules';
import { moneyFromText } from '@shared/money';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import type { EmployeeLineItem } from '@shared/schemas/line-items';
import {
  SUGGESTION_TOLERANCE_PERCENT,
  type PlacementBody,
  type PlacementCounts,
  type SuggestedPlacements,
} from '@shared/schemas/salary-schedules';
import { requireBudgetYear } from '@server/domains/budgets';
import { placements } from '@server/domains/line-items';
import { answerWithSalaryLines, lockEmployeeLine, reread } from '@server/domains/line-items';

/**
 * Placing employees on their work group's salary schedule: suggested from their salary, confirmed
 * or corrected by a person. A change of step or lane moves the line's automatic next-year salary
 * (the rule, server/sql/salary-rule.ts, reads the step and lane), so every placement is written
 * by the line writer (line-items/placement.ts), which recomputes and audits it in the same
 * transaction.
 */

/** The schedule, or 404. */
export async function requireSchedule(db: Db, id: number): Promise<q.ScheduleRow> {
  const row = await q.scheduleById(db, id);
  if (!row) {
    throw notFound('Salary schedule');
  }
  return row;
}

/** Which lines to place: the budget year (default: the newest holding them) and the fiscal year. */
export interface PlacementTarget {
  budgetYearId?: number;
  /** Default: the budget year's current fiscal year. Any fiscal year holding the group's employees. */
  fiscalYear?: number;
}

/**
 * The placement scope of a schedule: its work group's lines of a fiscal year in a budget year (the
 * year being planned as well as the current one). A fiscal year named that holds none
 * of the group's employees is a 400 naming the years that do.
 */
async function scopeOf(
  db: Db,
  schedule: q.ScheduleRow,
  target: PlacementTarget,
): Promise<p.PlacementScope | null> {
  if (schedule.work_group_id === null) {
    throw badRequest(`The schedule '${schedule.name}' is not attached to a work group; attach it first`, [
      { path: 'workGroupId', message: 'The schedule has no work group' },
    ]);
  }
  const { budgetYearId, fiscalYear } = target;
  let year: { id: number; current_fiscal_year: number; fiscal_year?: string } | undefined;
  if (budgetYearId !== undefined) {
    year = await requireBudgetYear(db, budgetYearId, 'budgetYearId');
  } else {
    year = await p.newestBudgetYearOfGroup(db, schedule.work_group_id, fiscalYear ?? null);
  }
  if (fiscalYear !== undefined) {
    const years = year ? await p.fiscalYearsOfGroup(db, year.id, schedule.work_group_id) : [];
    if (!years.includes(fiscalYear)) {
      const where = year?.fiscal_year ? ` in budget year ${year.fiscal_year}` : '';
      const held = years.length ? `: its employees are in ${years.map((y) => label(y)).join(', ')}` : '';
      const message = `${label(fiscalYear)} has no ${schedule.work_group ?? 'work group'} employees${where}${held}`;
      throw badRequest(message, [{ path: 'fiscalYear', message }]);
    }
  }
  return year
    ? {
        scheduleId: schedule.id,
        workGroupId: schedule.work_group_id,
        budgetYearId: year.id,
        fiscalYear: fiscalYear ?? year.current_fiscal_year,
      }
    : null;
}

/** What a suggestion that considered no line did. */
export const noPlacements = (): PlacementCounts => ({
  suggested: 0,
  exact: 0,
  unmatched: 0,
  belowCurrent: { count: 0, amount: 0 },
});

/**
 * Suggests placements for the schedule's work group in one transaction of the caller's. With
 * `strict`, a budget year whose current fiscal year the schedule does not print is a 400; else its
 * lines are simply left unmatched (an import attaches a schedule whatever the year).
 */
export async function suggestIn(
  trx: Db,
  actor: Actor,
  schedule: q.ScheduleRow,
  target: PlacementTarget,
  strict: boolean,
): Promise<PlacementCounts> {
  const scope = await scopeOf(trx, schedule, target);
  if (!scope) {
    return noPlacements();
  }
  if (strict && !schedule.fiscal_years.includes(scope.fiscalYear)) {
    const span = `${label(schedule.fiscal_years[0])}–${label(schedule.fiscal_years[schedule.fiscal_years.length - 1])}`;
    throw badRequest(
      `The schedule '${schedule.name}' prints ${span}; ${label(scope.fiscalYear)} is not on it`,
      [
        {
          path: target.fiscalYear === undefined ? 'budgetYearId' : 'fiscalYear',
          message: `${label(scope.fiscalYear)} is not a year of the schedule`,
        },
      ],
    );
  }
  const ids = await p.suggestableLineIds(trx, scope);
  const placed = await placements.suggestPlacements(
    trx,
    actor,
    { action: 'suggest-placement', reason: `Placement suggested on the schedule '${schedule.name}'` },
    schedule.id,
    ids,
    SUGGESTION_TOLERANCE_PERCENT,
  );
  const below = await p.belowCurrentSalary(trx, ids);
  const counts: PlacementCounts = {
    ...placed,
    belowCurrent: { count: below.count, amount: moneyFromText(below.amount) },
  };
  await insertAudit(trx, actor, {
    action: 'suggest-placements',
    entity: 'salary-schedule',
    entityId: schedule.id,
    after: { budgetYearId: scope.budgetYearId, fiscalYear: scope.fiscalYear, ...counts },
  });
  return counts;
}

/** POST /cola/schedules/:id/suggest-placements. */
export async function suggestPlacements(
  app: AppContext,
  actor: Actor,
  id: number,
  input: PlacementTarget,
): Promise<SuggestedPlacements> {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockSchedule(trx, id);
    const counts = await suggestIn(trx, actor, await requireSchedule(trx, id), input, true);
    return answerWithSalaryLines(trx, actor, counts);
  });
}

/** POST /cola/schedules/:id/confirm-placements: suggested placements of the group's lines become confirmed. */
export async function confirmPlacements(app: AppContext, actor: Actor, id: number, ids: number[]) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    const schedule = await requireSchedule(trx, id);
    const unique = [...new Set(ids)];
    const wrong =
      schedule.work_group_id === null
        ? unique
        : await p.notPlacedInGroup(trx, unique, schedule.work_group_id);
    if (wrong.length) {
      throw badRequest(
        `Not placed lines of ${schedule.work_group ?? 'the schedule’s work group'}: ${wrong.slice(0, 20).join(', ')}${wrong.length > 20 ? ', …' : ''}`,
        [{ path: 'ids', message: `${wrong.length} of the lines have no placement on this schedule` }],
      );
    }
    const confirmed = await placements.confirmPlacements(
      trx,
      actor,
      { action: 'confirm-placement', reason: `Placement confirmed on the schedule '${schedule.name}'` },
      unique,
    );
    return answerWithSalaryLines(trx, actor, { confirmed: confirmed.length });
  });
}

/** GET /cola/schedules/:id/placements: the work group's lines and where they sit. */
export async function listPlacements(
  app: AppContext,
  actor: Actor,
  id: number,
  target: PlacementTarget = {},
) {
  authorize(actor, 'cola.read');
  const schedule = await requireSchedule(app.db, id);
  const none = { budgetYearId: null, fiscalYear: null, fiscalYears: [], placements: [] };
  if (schedule.work_group_id === null) {
    return none;
  }
  const scope = await scopeOf(app.db, schedule, target);
  if (!scope) {
    return none;
  }
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    fiscalYears: await p.fiscalYearsOfGroup(app.db, scope.budgetYearId, scope.workGroupId),
    placements: await p.placementRows(app.db, scope),
  };
}

/**
 * PATCH /line-items/budget/:id/placement: a person sets (confirmed) or clears an employee line's
 * step and lane; the step and lane must exist on the schedule of the line's work group.
 */
export async function setLinePlacement(app: AppContext, actor: Actor, id: number, input: PlacementBody) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await lockEmployeeLine(trx, id);
    const before = (await reread(trx, id)) as EmployeeLineItem;
    if (input.salaryStep !== null && input.salaryLane !== null) {
      if (before.isProjected) {
        throw badRequest(
          'This is a projected line: place the employee on their line of the base year, then generate the projections again',
          [{ path: 'salaryStep', message: 'Projected lines take their step from the year before' }],
        );
      }
      const schedule =
        before.workGroupId === null ? undefined : await q.scheduleOfWorkGroup(trx, before.workGroupId);
      if (!schedule) {
        throw badRequest(
          `${before.workGroup ?? 'The line’s work group'} has no salary schedule: import one in COLA Management first`,
          [{ path: 'salaryStep', message: 'The work group has no salary schedule' }],
        );
      }
      const exists = await p.cellExists(trx, schedule.id, input.salaryStep, input.salaryLane);
      const details = [
        ...(exists.step
          ? []
          : [
              {
                path: 'salaryStep',
                message: `Step ${input.salaryStep} is not on the schedule '${schedule.name}' (steps 1 to ${schedule.steps})`,
              },
            ]),
        ...(exists.lane
          ? []
          : [
              {
                path: 'salaryLane',
                message: `Lane '${input.salaryLane}' is not on the schedule '${schedule.name}' (lanes ${schedule.lanes.join(', ')})`,
              },
            ]),
      ];
      if (details.length) {
        throw validationFailed(details);
      }
    }
    await placements.setPlacement(
      trx,
      actor,
      { action: 'placement', reason: input.salaryStep === null ? 'Placement cleared' : 'Placement set' },
      id,
      input.salaryStep,
      input.salaryLane,
    );
    // A holder's placement moves its position's cost: locked salary lines it cannot reach are said.
    return answerWithSalaryLines(trx, actor, { lineItem: (await reread(trx, id)) as EmployeeLineItem });
  });
}
