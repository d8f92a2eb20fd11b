import type { TownGoal } from '@web/api/town-goals';

/** Percent goal -> dollars from the baseline, to the cent (SPEC section 5; the server does the same). */
export function dollarsFromPercent(baseline: number, percent: number): number {
  return Math.round((Math.round(baseline * 100) * (100 + percent)) / 100) / 100;
}

/** Dollar goal -> percent over the baseline, 3 decimals; null without a positive baseline. */
export function percentFromDollars(baseline: number, goal: number): number | null {
  if (!(baseline > 0)) {
    return null;
  }
  return (
    Math.round(
      ((Math.round(goal * 100) - Math.round(baseline * 100)) / Math.round(baseline * 100)) * 100000,
    ) / 1000
  );
}

/** The dollar goal of the year before, the default baseline. */
export function previousGoal(
  goals: readonly TownGoal[],
  fiscalYear: number,
  baselineYear?: number,
): TownGoal | undefined {
  const year = baselineYear ?? fiscalYear - 1;
  return goals.find((g) => g.fiscalYear === year && g.dollarGoal !== null);
}

/** Actual minus goal beyond ±$10,000 colours a card (SPEC section 9): under is good, over is not. */
export function varianceTone(variance: number | null): 'good' | 'bad' | 'near' | null {
  if (variance === null) {
    return null;
  }
  return variance < -10_000 ? 'good' : variance > 10_000 ? 'bad' : 'near';
}

export function formatPercent(value: number | null): string {
  if (value === null) {
    return '';
  }
  return `${value > 0 ? '+' : ''}${value.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}
