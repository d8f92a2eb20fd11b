/** The forecast preview starts from 100,000 and runs five years. */
export const FORECAST_BASE = 100_000;
export const FORECAST_YEARS = 5;

/**
 * What FORECAST_BASE grows to in years 1 to 5 at a yearly increase of `percent`, compounding:
 * base × (1 + percent/100)^year. Unrounded; the screen rounds for display only. A null or
 * non-finite percent means no growth.
 */
export function forecast(percent: number | null, base = FORECAST_BASE, years = FORECAST_YEARS): number[] {
  const rate = percent !== null && Number.isFinite(percent) ? percent / 100 : 0;
  return Array.from({ length: years }, (_, i) => base * (1 + rate) ** (i + 1));
}

/** A typed increase, or null when it is not a number ('' or 'abc'): only numbers are saved. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') {
    return null;
  }
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
