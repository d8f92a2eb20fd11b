import { badRequest } from '@server/errors';
import { isLocked, LOCKED_STATUSES } from '@shared/schemas/salary-rule-lines';

/**
 * THE status rule of an employee line's next-year salary, the only copy: every
 * write goes through changeLines (./change-lines.ts), which applies it.
 * - Inactive or Retiring: the employee leaves, so the next-year salary is cleared and not manual;
 *   a typed value for such a line is refused.
 * - A typed number is manual; null reverts to the automatic rule.
 * - Back to Active from Inactive/Retiring, or a change to what the rule reads (salary, work group,
 *   step, lane): the automatic value is recomputed unless it is manual.
 */

// Which statuses lock the next-year salary is shared with the web and the SQL.
export { isLocked, LOCKED_STATUSES };

export const lockedMessage = (status: string) =>
  `Next year salary cannot be set while the employee is ${status}; set the status to Active first`;

/** The line as the rule sees it before a change. */
export interface RuleLine {
  employee_status: string | null;
  next_year_salary_manual: boolean;
}

/** What a change asks of the next-year salary. */
export interface RuleChange {
  /** The new employee status, if the change sets one. */
  status?: string | null;
  /** A typed value (manual), null (back to automatic), undefined (left alone). */
  nextYearSalary?: number | null;
  /** The salary, work group, step or lane really changed. */
  basisChanged?: boolean;
}

/**
 * The next-year salary columns a change implies for one line, and whether the automatic rule must
 * run on it afterwards.
 */
export function nextYearSalaryRule(
  line: RuleLine,
  change: RuleChange,
): { columns: Record<string, unknown>; recompute: boolean } {
  const statusAfter = change.status ?? line.employee_status ?? 'Active';
  if (isLocked(statusAfter)) {
    if (typeof change.nextYearSalary === 'number') {
      throw badRequest(lockedMessage(statusAfter), [
        { path: 'nextYearSalary', message: `Not allowed while the employee is ${statusAfter}` },
      ]);
    }
    // Only a change that names the status (or reverts the value) writes the lock: a line that is
    // already Inactive keeps what it holds when, say, its building changes.
    const writes = change.status !== undefined || change.nextYearSalary === null;
    return {
      columns: writes ? { next_year_salary: null, next_year_salary_manual: false } : {},
      recompute: false,
    };
  }
  if (typeof change.nextYearSalary === 'number') {
    return {
      columns: { next_year_salary: change.nextYearSalary, next_year_salary_manual: true },
      recompute: false,
    };
  }
  if (change.nextYearSalary === null) {
    return { columns: { next_year_salary_manual: false }, recompute: true };
  }
  const reactivated = isLocked(line.employee_status);
  return {
    columns: {},
    recompute: !line.next_year_salary_manual && (reactivated || Boolean(change.basisChanged)),
  };
}
