/** Sums dollar amounts through whole cents, so 0.1 + 0.2 is 0.3 (money is exact until display). */
export { sumDollars as sumMoney } from '@shared/money';

/** A part's share of a whole for display ('12.5%'), or a dash when the whole is not positive. */
export function shareOf(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';
}
