const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A timestamp for tables, or the fallback when there is none. */
export function formatDateTime(iso: string | null | undefined, fallback = 'Never'): string {
  if (!iso) {
    return fallback;
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

/** Whole US dollars (SPEC section 9: currency USD with no decimals). */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : usd.format(value);
}

const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars and cents, for line-item grids and editors where every cent is shown. */
export function formatMoneyCents(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : usdCents.format(value);
}

const fixed = [0, 1, 2, 3].map(
  (d) => new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }),
);

/** '$1,911.6' style: a sign only when the rounded figure is not zero, thousands separators. */
function dollars(value: number, scale: number, decimals: number, suffix: string): string {
  const figure = fixed[decimals].format(Math.abs(value) / scale);
  const sign = value < 0 && /[1-9]/.test(figure) ? '-' : '';
  return `${sign}$${figure}${suffix}`;
}

/**
 * Dollars in millions for dashboards (SPEC section 9): 87,834,567 -> '$87.8M' with 1 decimal,
 * '$87.83M' with 2, 1,911,555,602 -> '$1,911.6M'; negative amounts keep their sign ('-$1.2M').
 */
export function formatMillions(value: number | null | undefined, decimals: 1 | 2 = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '';
  }
  return dollars(value, 1_000_000, decimals, 'M');
}

/** The fewest decimals (at most 3) that write every value exactly. */
function decimalsFor(values: readonly number[]): number {
  const exact = (d: number) =>
    values.every((v) => Math.abs(v * 10 ** d - Math.round(v * 10 ** d)) < 1e-6 * Math.max(1, Math.abs(v)));
  return [0, 1, 2].find(exact) ?? 3;
}

/**
 * Labels for the ticks of a money axis, all in one unit: millions from a million (with at least the
 * dashboard's 1 decimal), thousands from a thousand, else dollars, with the decimals the steps need.
 * Small budgets read '$0, $250K, $500K' instead of '$0.0M' at every tick.
 */
export function formatMoneyTicks(ticks: readonly number[]): string[] {
  const top = Math.max(0, ...ticks.map((t) => Math.abs(t)));
  const [scale, suffix] = top >= 1_000_000 ? [1_000_000, 'M'] : top >= 1_000 ? [1_000, 'K'] : [1, ''];
  const needed = decimalsFor(ticks.map((t) => t / scale));
  const decimals = suffix === 'M' ? Math.max(1, needed) : needed;
  return ticks.map((t) => (t === 0 ? '$0' : dollars(t, scale, decimals, suffix)));
}

// The guidance gap's words are the budget arithmetic's (the CLI says the same).
export { guidanceGapText as formatGuidanceGap } from '@server/lib/budget-math';

export const ROLE_LABELS = {
  ADMIN: 'Administrator',
  FINANCE: 'Finance',
  VIEW_ONLY: 'View only',
} as const;

const percentage = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A percent as given, with at most 2 decimals (COLA, year-over-year): 3.5 -> '3.5%', 2.25 -> '2.25%'. */
export function formatPercentage(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? ''
    : `${percentage.format(value)}%`;
}

/**
 * Whole dollars from a server's exact decimal text ('1200000.00'); the conversion is for display
 * only, sums of such texts go through cents (toCents) first.
 */
export function formatMoneyText(text: string | null | undefined): string {
  return text === null || text === undefined || text === '' ? '' : formatMoney(Number(text));
}
