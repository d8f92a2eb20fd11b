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

export const ROLE_LABELS = {
  ADMIN: 'Administrator',
  FINANCE: 'Finance',
  VIEW_ONLY: 'View only',
} as const;
