import { formatNumber } from '@shared/money';
import { longDate } from '@shared/day-words';
// A timestamp for tables ('Dec 2, 2026, 1:15 AM'): one rule with the CLI (shared/day-words.ts).
export { formatDateTime } from '@shared/day-words';

/** A calendar date ('2025-07-01') as 'Jul 1, 2025' (the staff's way, longDate), or the fallback when there is none. */
export function formatDay(date: string | null | undefined, fallback = ''): string {
  const valid = date && !Number.isNaN(new Date(`${date.slice(0, 10)}T00:00:00Z`).getTime());
  return valid ? longDate(date) : fallback;
}

/**
 * A money box's text as the plain decimal the schemas read: the '$', thousands commas and spaces of
 * '$45,342,684.50' (how formatAmount prefills a box) dropped, digits kept as typed, no arithmetic.
 */
export const plainAmount = (text: string) => text.replace(/[$,\s]/g, '');

// The one pluralising rule, shared with the server and the CLI.
export { countOf } from '@shared/count-words';

// Money is formatted in one place for the server, the web app and the CLI (shared/money.ts).
export {
  formatAmount,
  formatDecimalMoney,
  formatFixed,
  formatNumber,
  formatMillions,
  formatMoney,
  formatMoneyAsTyped,
  formatMoneyCents,
  formatMoneyTicks,
} from '@shared/money';

// The guidance gap's words are the budget arithmetic's (the CLI says the same).
export { guidanceGapText as formatGuidanceGap } from '@shared/budget-math';

export const ROLE_LABELS = {
  ADMIN: 'Administrator',
  FINANCE: 'Finance',
  VIEW_ONLY: 'View only',
} as const;

/** A percent as given, with at most 2 decimals (COLA, year-over-year): 3.5 -> '3.5%', 2.25 -> '2.25%'. */
export function formatPercentage(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : `${formatNumber(value, 2)}%`;
}
