import { countOf } from './count-words';
import { longDate } from './schemas/budget-stages';
import type { PositionChangeListed } from './schemas/budget-stages-compare';

/**
 * The words of a stage comparison's 'Positions changed', one home for the screen and
 * `budget-cli stage compare`.
 */

/**
 * The holders who left or joined with a change, folded into its row: '1 holder left',
 * '2 holders joined'; '' when none did.
 */
export function positionChangeHolders(
  c: Pick<PositionChangeListed, 'holdersLeft' | 'holdersJoined'>,
): string {
  const moved = (n: number, how: string) => (n > 0 ? `${countOf(n, 'holder')} ${how}` : '');
  return [moved(c.holdersLeft, 'left'), moved(c.holdersJoined, 'joined')].filter(Boolean).join(', ');
}

/** The day of a change where the reader is, written as the comparison writes its stages' dates ('Mar 4, 2027'). */
export function positionChangeDay(at: string): string {
  return longDate(new Date(at).toLocaleDateString('en-CA'));
}
