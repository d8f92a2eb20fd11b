const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * How the staff's screens, the CLI and the server's messages write a day: '2027-03-12' → 'Mar 12,
 * 2027', as an American office writes it. No Date, so no time zone can move the day. The web's
 * formatDay is this rule; the resident page spells the month out (americanDate).
 */
export function longDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${MONTHS[m - 1].slice(0, 3)} ${d}, ${y}`;
}

/** '2026-03-12' → 'March 12, 2026': the resident page's way (no Date: no time zone can move the day). */
export function americanDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

// Made on first use: a browser loads ICU's date data on the first Intl formatter (tens of
// milliseconds), which a screen's first rows need not wait for.
let dateTime: Intl.DateTimeFormat | undefined;

/**
 * A timestamp as the staff's tables and the CLI write it: '2026-12-02T01:15:45.728Z' → 'Dec 2,
 * 2026, 1:15 AM' in the reader's time zone; the fallback when there is none or it is not a date.
 */
export function formatDateTime(iso: string | null | undefined, fallback = 'Never'): string {
  if (!iso) {
    return fallback;
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? fallback
    : (dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(
        date,
      );
}
