import { MAX_MONEY_CENTS, MAX_MONEY_TEXT, unitsOf } from '@server/schemas/common';

/** What a typed amount means: its cents, or why it cannot be read. */
export type MoneyText = { ok: true; cents: bigint } | { ok: false; error: string };

// Millions and thousands move the decimal point instead of multiplying a float: '1.2M' is
// 1.2 x 10^8 cents, read as 1.2 in units of 10^-8 (unitsOf is exact on decimal text).
const SCALE_PLACES: Record<string, number> = { '': 2, k: 5, m: 8 };

/**
 * Reads an amount as people type it: '1200000', '1,200,000', '$1,200,000.50', '1.2M', '$850K'.
 * Exact to the cent (no floating-point arithmetic on the typed value); more precision than a cent
 * is refused rather than rounded, as the server does.
 */
export function parseMoneyText(text: string): MoneyText {
  const compact = text.trim().replace(/[\s$]/g, '').toLowerCase();
  if (!compact) {
    return { ok: false, error: 'Enter an amount' };
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?([km]?)$/.exec(compact);
  if (!match || (!match[1] && !match[2])) {
    return { ok: false, error: 'Enter an amount in dollars, e.g. 1,200,000 or 1.2M' };
  }
  const decimal = `${(match[1] ?? '0').replace(/,/g, '')}${match[2] ?? ''}`;
  const cents = unitsOf(decimal, SCALE_PLACES[match[3]]);
  if (cents === null) {
    return { ok: false, error: 'Use at most 2 decimal places (whole cents)' };
  }
  if (cents <= 0n) {
    return { ok: false, error: 'Enter an amount above zero' };
  }
  if (cents > MAX_MONEY_CENTS) {
    return { ok: false, error: `The amount is too large (at most ${MAX_MONEY_TEXT})` };
  }
  return { ok: true, cents };
}
