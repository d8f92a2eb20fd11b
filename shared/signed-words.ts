/*
 * How a change is written with its sign, on every screen, the resident page and the CLI: '+' for a
 * rise, the true minus sign (U+2212) for a fall, and none for no change. Staffing wrote its FTE
 * changes so while Budget Comparison wrote its variances with a hyphen ('-$12,008' beside
 * '−0.250'); both now ask this one rule. The figure itself is the caller's formatter's (formatMoney,
 * formatFte, a percent), given the size of the change.
 */

/** The minus sign, U+2212 (a hyphen is shorter and sits lower; it reads as a dash in a column). */
export const MINUS = '\u2212';

/**
 * `value` written by `magnitude` with its sign: signedText(-12008, formatMoney) -> '−$12,008',
 * signedText(1.5, fte) -> '+1.500'. The sign follows the figure as written, so a change too small
 * to show ('0.0%', '$0') carries none.
 */
export function signedText(value: number, magnitude: (size: number) => string): string {
  const text = magnitude(Math.abs(value));
  if (value === 0 || text === magnitude(0)) {
    return text;
  }
  return `${value > 0 ? '+' : MINUS}${text}`;
}
