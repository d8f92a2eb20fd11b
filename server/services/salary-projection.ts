import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import * as projection from '@server/queries/line-items-projection';

/**
 * The automatic next-year salary of an employee line (SPEC section 4: 'Auto' as opposed to a
 * 'Manual' value someone typed). THE rule: edits (single, bulk, create), imports and projections
 * all use it, through the SQL in server/queries/line-items-projection.ts.
 *
 *   next_year_salary = round(current_salary × (1 + COLA% / 100) + step/lane adjustment, 2)
 *
 * - COLA%: the cola_percentage for the line's fiscal year + 1 in the contract of the line's work
 *   group, when that contract is SETTLED or NEGOTIATING (an EXPIRED contract gives nothing: there is
 *   no agreed raise to budget). A settled contract outranks a negotiating one. Without one, the
 *   default COLA scenario's percent for the work group, else for the work group's category, is the
 *   fallback; with neither, 0% and the line is flagged for review saying so (NEXT_YEAR_COLA_PERCENT
 *   and NEXT_YEAR_SALARY_WARNING in server/queries/salary-rule.ts, the one place this is decided).
 * - Step/lane adjustment: only when the work group is listed in the budget year's
 *   budget_settings.steps_lanes_work_groups. PERCENTAGE adds that percent of the current salary,
 *   DOLLAR adds that many dollars. No settings row → 0. (An employee placed on the work group's
 *   salary schedule instead moves one step at the schedule's next-year amount: salary-rule.ts.)
 * - No work group: no contract can apply, so there is no automatic value: next_year_salary stays
 *   NULL and the line is flagged for review with that reason.
 * - Rounded to cents in SQL (numeric, no floating point). A value beyond the numeric(14,2) column
 *   is a 400 naming nextYearSalary, and nothing is written.
 *
 * Flags go into metadata the way imports write them: needsReview = true and a warning in
 * importWarnings (Data Quality lists both). A later run replaces its own earlier warning. Projected
 * lines get the same value but no flag (Generate Projections rewrites them).
 *
 * It applies only to lines that follow the rule: status Active, not manual, and a current salary
 * above 0. A current salary of 0 is a new hire starting next year; their next-year salary is what
 * was entered and is never overwritten. Inactive and Retiring lines have no next-year salary.
 * Returns the ids whose next-year salary or review warning changed.
 */
export async function applyAutomaticNextYearSalary(trx: Db, ids: readonly number[]): Promise<number[]> {
  const { changed, overflow } = await projection.recomputeNextYearSalaries(trx, ids);
  if (overflow.length) {
    const { MAX_MONEY_LABEL: max, moneyLabel } = projection;
    const which = overflow.map((o) => `line ${o.id}: ${moneyLabel(o.value)}`).join(', ');
    throw badRequest(
      `nextYearSalary: the automatic next-year salary would exceed ${max}, the most a line can hold (${which}); lower the current salary or enter the next-year salary`,
      overflow.map((o) => ({
        path: 'nextYearSalary',
        message: `Line ${o.id}: the automatic next-year salary ${moneyLabel(o.value)} exceeds ${max}`,
      })),
    );
  }
  return changed;
}
