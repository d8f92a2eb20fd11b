import { activeScope } from './line-items-scope';
import { AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS, cellPay, NEXT_STEP, ON_SCHEDULE } from './salary-rule';

/**
 * THE rule for which employee lines a planning calculation starts from, and what each is paid in
 * the year after: the COLA calculation, the RIF gap, the multi-year projection (the salary walk,
 * ./salary-walk.ts) and Generate Projections all splice these fragments in, so they count the same
 * people and the same dollars (docs/ARCHITECTURE.md 'Salary rules').
 *
 * Counted: operating (employee) lines of an actual year (imported or entered, not projected), Active
 * (or with no status), in the budgets that count (activeScope). Inactive and Retiring lines leave.
 * A current salary of 0 is a new hire starting next fiscal year: counted, and paid
 * from next year what was entered for them, else their schedule cell (see firstYearSalary).
 */

/** The counted lines, as a condition on `alias` (callers add their budget year and fiscal year). */
export function countedEmployeeLine(alias = 'li'): string {
  return `(${alias}.is_operating AND NOT ${alias}.is_projected AND ${stillEmployed(alias)})`;
}

/** A line whose person is still paid: Active (or no status) in a budget that counts. */
export function stillEmployed(alias = 'li'): string {
  // Active written as an OR (not coalesce) so the planner sees how many lines pass.
  return `((${alias}.employee_status = 'Active' OR ${alias}.employee_status IS NULL) AND ${activeScope(alias)})`;
}

/** A new hire: a counted line whose current salary (the SQL given) is 0, starting next fiscal year. */
export const newHire = (currentSalary = 'li.current_salary') => `(${currentSalary} = 0)`;

/**
 * The next-year salary a person entered that a calculation honours: a new hire's (what they were
 * hired at) and a manual one (a promotion, an FTE change: that person's decision for the year);
 * NULL when the rule decides.
 */
export const enteredNextYearSalary = (alias = 'li') =>
  `(CASE WHEN ${newHire(`${alias}.current_salary`)} OR ${alias}.next_year_salary_manual
    THEN ${alias}.next_year_salary END)`;

/**
 * A counted line's salary in the year after its own, over `src` (the line moving into
 * src.fiscal_year + 1) and RULE_JOINS_ON_INPUTS (./salary-rule.ts), given the two facts above as SQL:
 * - a new hire: what was entered; else, when placed on their work group's schedule, the next
 *   year's amount of the cell they were placed on times their FTE (they start on that step); else 0;
 * - anyone else: what was entered (manual); else the automatic rule; else (no work group) the same.
 * A statement that has already worked out the automatic salary, the new hire's cell (newHireCell)
 * or the salary may pass them as columns instead, so nothing is evaluated twice.
 */
export function firstYearSalary(facts: {
  newHire: string;
  entered: string;
  automatic?: string;
  cell?: string;
  salary?: string;
}): string {
  const automatic = facts.automatic ?? AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS;
  return `CASE WHEN ${facts.newHire} THEN coalesce(${facts.entered}, ${facts.cell ?? NEW_HIRE_CELL}, 0)
    ELSE coalesce(${facts.entered}, ${automatic}, ${facts.salary ?? 'src.current_salary'}) END`;
}

/** The pay of the schedule cell a new hire was placed on, next year (NULL when not placed). */
export const NEW_HIRE_CELL = `CASE WHEN ${ON_SCHEDULE} THEN ${cellPay('rule_sy.amounts[src.salary_step]')} END`;

/** The step a counted line holds the year after: a new hire starts on the step they were placed on. */
export const firstYearStep = (facts: { newHire: string }) =>
  `CASE WHEN ${facts.newHire} THEN src.salary_step ELSE ${NEXT_STEP} END`;
