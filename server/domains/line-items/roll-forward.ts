import type { Db } from '@server/db/index';
import * as q from './queries/line-items-writes-roll-forward';
import { applyAutomaticNextYearSalary } from './next-year';
import { markLinesChanged } from './follow';
import { deleteLines } from './change-lines';
import * as rq from './queries/reconciliation';
import { positionsRoster } from './reconciliation';
import { stageStateOf } from '@server/domains/stages';
import type { Actor } from '@server/policies/index';

/**
 * The line writer's part of a roll forward (server/domains/roll-forward): the next fiscal year's
 * lines written from a year's, in the caller's transaction, the new year's next-year salaries by the
 * one rule (applyAutomaticNextYearSalary), and their removal on undo. The roll forward audits them
 * as one entry, as every bulk writer does (auditBulkChange).
 */
export type { RollSource, RollTarget } from './queries/line-items-writes-roll-forward';
export const rollSourceTotals = q.rollSourceTotals;
export const linesInFiscalYear = q.linesIn;
export const rolledLinesUntouched = q.rolledLinesUntouched;

export async function rollLinesForward(trx: Db, from: q.RollSource, to: q.RollTarget) {
  const written = await q.insertRolledLines(trx, from, to);
  // New payroll years change which year follows which roster: follow.ts sets them before the commit.
  await markLinesChanged(trx, null, { rosters: ['*'] });
  await applyAutomaticNextYearSalary(trx, written.employeeIds, 'fromFiscalYear');
  return written;
}

export async function removeRolledLines(
  trx: Db,
  target: { budgetYearId: number; fiscalYear: number; rollForwardId: number },
): Promise<number> {
  await markLinesChanged(trx, null, { rosters: ['*'] });
  return q.deleteRolledLines(trx, target);
}

/**
 * The proposed salary lines the positions' follow keeps in the year a roll forward starts: every
 * proposed line of a personnel category (the lines Update Salary Budget owns), when the year has no
 * payroll of its own, is not locked, and the roster before it has positions (follow.ts,
 * salarySource). They are that roster's cost, derived and recomputed at any time, so a roll forward
 * may replace them; [] otherwise.
 */
export async function followedSalaryLines(
  trx: Db,
  target: { budgetYearId: number; fiscalYear: number },
): Promise<number[]> {
  // Lines the positions set (the year follows a roster: reconciliation.positionsRoster), unless the
  // year is locked (voted): the follow no longer sets them, so they are not its.
  if (
    !(await positionsRoster(trx, target.budgetYearId, target.fiscalYear)).follows ||
    (await stageStateOf(trx, target.budgetYearId, target.fiscalYear)).locked
  ) {
    return [];
  }
  return (await rq.personnelLines(trx, target.budgetYearId, target.fiscalYear)).map((l) => Number(l.id));
}

/** Removes those lines for a roll forward, each audited with why (the undo's follow sets them again). */
export async function removeFollowedSalaryLines(
  trx: Db,
  actor: Actor,
  ids: readonly number[],
  reason: string,
): Promise<number> {
  const removed = await deleteLines(trx, actor, { action: 'delete', reason }, ids, () => ({
    removedBecause: reason,
  }));
  return removed.length;
}
