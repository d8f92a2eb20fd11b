import { countOf } from './count-words';
import { formatMoneyCents } from './money';

/**
 * The positions whose cost lands in no salary line of the proposed budget (no budget category, or
 * one that is not personnel: server/sql/salary-line.ts), with that cost, in the words the Positions
 * banner, `positions list` and the Budget Dashboard's cards of a year with no lines all use: without
 * it the roster's budgeted total and the proposed budget disagree and nothing says why. `noun`: what
 * is counted, positions or a payroll's employee lines; a cost of null (withheld from a reader who
 * may not see so few people's pay) is left out.
 */
export function noSalaryLineText(
  t: { noSalaryLineCount: number; noSalaryLineCost: number | null },
  noun = 'position',
): string {
  const one = t.noSalaryLineCount === 1;
  const cost = t.noSalaryLineCost === null ? '' : ` (${formatMoneyCents(t.noSalaryLineCost)})`;
  return (
    `${countOf(t.noSalaryLineCount, noun)}${cost} ` +
    `${one ? 'has' : 'have'} no personnel category: ${one ? 'its' : 'their'} cost is in no salary line`
  );
}

/**
 * What Update Salary Budget put in the proposed budget, of what: '$36,845,488.49 of the positions'
 * $36,882,930.65 budgeted cost' for a year being planned (its lines follow the roster before it),
 * '$35,293,887.00 of $35,293,887.00 payroll' for a year with a payroll of its own; and the part with
 * no salary line to land on (no personnel category), said of positions or of employees to match.
 * The web's confirmation and the CLI both word it here, each with its own money format.
 */
export function salaryBudgetTotalText(
  r: {
    source: 'positions' | 'payroll';
    distributedAmount: number;
    totalOperatingSalary: number;
    undistributedAmount: number;
  },
  money: (dollars: number) => string,
): string {
  const positions = r.source === 'positions';
  const of = positions
    ? `${money(r.distributedAmount)} of the positions' ${money(r.totalOperatingSalary)} budgeted cost`
    : `${money(r.distributedAmount)} of ${money(r.totalOperatingSalary)} payroll`;
  if (r.undistributedAmount === 0) {
    return of;
  }
  const whose = positions ? 'is the cost of positions' : 'belongs to employees';
  return `${of} (${money(r.undistributedAmount)} ${whose} with no personnel category)`;
}
