/**
 * The district's calendar day, for what the server dates itself (a reopen, a close, the Draft an
 * adoption records). Massachusetts districts keep Eastern time; the server's clock is UTC, whose day
 * starts at 7 or 8 pm there, so a reopen on a Tuesday evening was dated Wednesday.
 */
const DISTRICT_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISTRICT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of `now` in the district. */
export function districtToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}
