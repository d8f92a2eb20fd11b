import type { ColaSource } from '@server/schemas/cola-calc';

/** COLA screens name fiscal years in full, as SPEC's grid and messages do: 2027 -> 'FY2027'. */
export const fy = (year: number) => `FY${year}`;

/** Where a work group's COLA for a year came from (docs/ARCHITECTURE.md 'Salary rules'). */
export const SOURCE_LABELS: Record<ColaSource, string> = {
  SETTLED: 'Settled contract',
  NEGOTIATING: 'Negotiating contract',
  SCENARIO: 'COLA scenario',
  NONE: 'None (0%)',
};

/** The precedence every COLA figure on these screens follows, stated once. */
export const COLA_RULE =
  'COLA for a work group in a fiscal year: the settled contract covering that year, else the negotiating one, else the COLA scenario’s setting (the work group’s own, then its category’s), else 0%. Each employee’s COLA is their salary times that percent, rounded to the cent; sums are of those cents.';
