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

/**
 * Dollars in millions for dashboards (SPEC section 9): 87,834,567 -> '$87.8M' with 1 decimal,
 * '$87.83M' with 2; negative amounts keep their sign ('-$1.2M').
 */
export function formatMillions(value: number | null | undefined, decimals: 1 | 2 = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '';
  }
  const millions = (Math.abs(value) / 1_000_000).toFixed(decimals);
  return `${value < 0 ? '-' : ''}$${millions}M`;
}

export const ROLE_LABELS = {
  ADMIN: 'Administrator',
  FINANCE: 'Finance',
  VIEW_ONLY: 'View only',
} as const;
