import { countOf } from './count-words';
import { formatMoneyCents, formatNumber } from './money';
import { SUGGESTION_TOLERANCE_PERCENT, type PlacementCounts } from './schemas/salary-schedules';

/**
 * What a suggestion of placements did, in the words the COLA screen's Schedules tab, the schedule
 * upload and `budget-cli schedules import|suggest` all print: '2,644 on the nearest cell (within
 * 10%), ...', and, when a suggested cell puts anyone's next-year salary below this year's (the rule
 * prices a suggested cell before anyone confirms it), how many and by how much, so nobody's pay is
 * cut without a word.
 */
export function placementCountsText(p: PlacementCounts): string {
  const counts =
    `${formatNumber(p.exact)} on their exact salary, ${formatNumber(p.suggested)} on the nearest cell ` +
    `(within ${SUGGESTION_TOLERANCE_PERCENT}%), ${formatNumber(p.unmatched)} left unplaced`;
  const below = p.belowCurrent;
  if (!below.count) {
    return counts;
  }
  const lines = countOf(below.count, 'suggested placement');
  return (
    `${counts}. ${lines} ${below.count === 1 ? 'puts' : 'put'} next year's salary below this year's ` +
    `(${formatMoneyCents(below.amount)} less in all): check ${below.count === 1 ? 'it' : 'them'} before confirming`
  );
}
