import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import * as q from './queries/town-goals';
// A cycle of domains (stages reads budget years), safe: only functions cross it, called at request time.
import { requireUnclosedFiscalYear } from '@server/domains/stages';

/**
 * The goals that follow another year's goal (queries/town-goals.ts standingGoals) when that goal
 * changes or goes: a goal left with nothing to follow keeps its figures, and a closed year's goal
 * does not move with an open year's.
 */

/**
 * Before the goal of `fiscalYear` goes (deleted, or moved to another year): each goal that follows
 * it keeps its baseline and dollars as they stand, now as an entered baseline. Audited.
 */
export async function keepFollowers(db: Db, actor: Actor, fiscalYear: number): Promise<void> {
  const followers = (await q.listTownGoals(db)).filter(
    (g) => g.baseline_from_goal && g.baseline_year === fiscalYear && g.baseline_amount !== null,
  );
  for (const goal of followers) {
    await q.keepStandingFigures(db, goal);
    const after = await q.findTownGoalById(db, goal.id);
    await insertAudit(db, actor, {
      action: 'update',
      entity: 'town-goal',
      entityId: goal.id,
      before: q.presentTownGoal(goal),
      after: after ? q.presentTownGoal(after) : undefined,
    });
  }
}

/**
 * After the goal of `fiscalYear` is saved: a goal in a closed year that follows it, and whose
 * figures the save moved, refuses the save (its year's history stays as it was closed).
 */
export async function requireClosedFollowersKept(
  db: Db,
  before: readonly q.StandingTownGoal[],
  fiscalYear: number,
): Promise<void> {
  for (const goal of q.followersOf(await q.listTownGoals(db), fiscalYear)) {
    const was = before.find((g) => g.id === goal.id);
    if (!was || (was.dollar_goal === goal.dollar_goal && was.percent_goal === goal.percent_goal)) {
      continue;
    }
    try {
      await requireUnclosedFiscalYear(db, goal.fiscal_year);
    } catch (err) {
      if (!(err instanceof AppError)) {
        throw err;
      }
      const which = `The ${fiscalYearLabel(goal.fiscal_year)} goal follows the ${fiscalYearLabel(fiscalYear)} goal and would change with it:`;
      throw new AppError(err.status, err.code, `${which} ${err.message}`, err.details);
    }
  }
}
