import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { reconciliation, rollForwardLines } from '@server/domains/line-items';
import { positionsRollForward } from '@server/domains/positions';
import type { RollForwardRosterBefore } from '@shared/schemas/roll-forward';
import * as q from './queries/roll-forwards';

/**
 * What a roll forward does about positions (docs/ARCHITECTURE.md, 'Positions' and 'Roll forward').
 *
 * The year a roll forward starts may already hold lines: when the roster before it has positions
 * and it has no payroll of its own, the positions' follow keeps its proposed salary lines at that
 * roster's cost (server/domains/line-items/follow.ts). Those lines, and only those, do not stand in
 * the way: the roll forward removes them (each audited) and then starts the year as it starts an
 * empty one. It does not set the year's salary lines from the new payroll itself: after the roll
 * forward the year has a payroll (the carried employees), so it is a payroll year like every rolled
 * year, its proposed lines the ones carried, and Update Salary Budget sets its salary lines from that
 * payroll when the district asks, as after any roll forward. Writing them here would leave lines the
 * roll forward did not carry, and undo relies on the year holding exactly what was carried,
 * untouched. Undo loses nothing: the removed lines were derived, and once the carried lines are
 * gone the follow (marked by the line writer's undo) sets them again from the same roster.
 */

export interface TargetLines {
  /** Lines of any other kind: a roll forward into the year is refused. */
  others: number;
  /** The follow's salary lines, replaced. */
  followed: number[];
}

export async function targetLines(
  trx: Db,
  target: { budgetYearId: number; fiscalYear: number },
): Promise<TargetLines> {
  const all = await rollForwardLines.linesInFiscalYear(trx, target.budgetYearId, target.fiscalYear);
  const followed = all ? await rollForwardLines.followedSalaryLines(trx, target) : [];
  return { others: all - followed.length, followed };
}

export async function removeFollowedLines(
  trx: Db,
  actor: Actor,
  followed: number[],
  from: string,
  to: string,
): Promise<number> {
  return rollForwardLines.removeFollowedSalaryLines(
    trx,
    actor,
    followed,
    `Roll forward of ${from}: ${to} now has ${from}'s staff as its payroll, so its salary lines no longer follow ${from}'s positions`,
  );
}

/** The roster of the year rolled from, carried into the year started (after the lines). */
export const carryPositions = positionsRollForward.rollPositionsForward;

/**
 * The roster a roll forward from a year with no positions leaves behind: the latest earlier fiscal
 * year whose home budget year holds positions not closed (the roster the Positions manager shows for
 * it), or null. Only the year's own roster is carried, so a district whose roster sits in an earlier
 * year would otherwise start the new year with none and not be told.
 */
export async function rosterBefore(trx: Db, fromFiscalYear: number): Promise<RollForwardRosterBefore> {
  for (const row of await q.openRostersBefore(trx, fromFiscalYear)) {
    if ((await homeOfFiscalYear(trx, row.fiscal_year))?.id === row.budget_year_id) {
      return { fiscalYear: row.fiscal_year, positions: Number(row.positions) };
    }
  }
  return null;
}

export const rolledPositionsUntouched = positionsRollForward.rolledPositionsUntouched;
export const removeRolledPositions = positionsRollForward.removeRolledPositions;

/**
 * After undo removed a carried roster, the year after it no longer follows any positions: the
 * follow at the commit only visits rosters that have some, so this one is followed here, and the
 * salary lines it set there are taken back to that year's own source (salarySource), none at all
 * when the year has no employees.
 */
export async function followEmptiedRoster(
  trx: Db,
  actor: Actor,
  emptied: { budgetYearId: number; fiscalYear: number },
): Promise<void> {
  await reconciliation.followRoster(trx, actor, emptied);
}
