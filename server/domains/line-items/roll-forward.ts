import type { Db } from '@server/db/index';
import * as q from './queries/line-items-writes-roll-forward';
import { applyAutomaticNextYearSalary } from './next-year';
import { markLinesChanged } from './follow';

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
