import { countOf } from './count-words';
import { formatMoneyCents } from './money';

/**
 * The positions whose cost lands in no salary line of the proposed budget (no budget category, or
 * one that is not personnel: server/sql/salary-line.ts), with that cost, in the words the Positions
 * banner and `positions list` both use: without it the roster's budgeted total and the proposed
 * budget disagree and nothing says why.
 */
export function noSalaryLineText(t: { noSalaryLineCount: number; noSalaryLineCost: number }): string {
  const one = t.noSalaryLineCount === 1;
  return (
    `${countOf(t.noSalaryLineCount, 'position')} (${formatMoneyCents(t.noSalaryLineCost)}) ` +
    `${one ? 'has' : 'have'} no personnel category: ${one ? 'its' : 'their'} cost is in no salary line`
  );
}
