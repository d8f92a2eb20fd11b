import type { TownGoal, TownGoalInput } from '@web/api/town-goals';
import { formatGuidanceGap, formatMoneyCents } from '@web/lib/format';
import { dollarsFromPercent, goalsAgree, saveTownGoalBody } from '@shared/schemas/town-goals';
import { goalGap } from '@shared/budget-math';

// The town-goal arithmetic is the server's own (exact, in cents): one rule for the form and the API;
// a goal card's colour (actual - goal beyond ±VARIANCE_THRESHOLD) is the budget arithmetic's.
export { varianceTone } from '@shared/budget-math';
export { dollarsFromPercent, goalsAgree, percentFromDollars } from '@shared/schemas/town-goals';

/**
 * What the API would refuse in a goal, by field, before it is sent: the request schema's rules
 * (cents, percent decimals, the largest amount) and a BOTH pair that disagrees over its baseline.
 */
export function serverProblems(body: TownGoalInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const checked = saveTownGoalBody.safeParse(body);
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  const { dollarGoal, percentGoal, baselineAmount } = body;
  if (
    checked.success &&
    body.goalType === 'BOTH' &&
    dollarGoal != null &&
    percentGoal != null &&
    baselineAmount != null &&
    !goalsAgree(baselineAmount, dollarGoal, percentGoal)
  ) {
    const expected = dollarsFromPercent(baselineAmount, percentGoal);
    problems.dollarGoal = `Does not match the percent goal${expected === null ? '' : `: ${percentGoal}% gives ${formatMoneyCents(expected)}`}`;
  }
  return problems;
}

/**
 * The gap (district need minus town funding) in words that cannot read as a contradiction of the
 * dashboard's card: 'Over guidance by $444,400.50' when the need exceeds the funding, else 'Under
 * guidance by ...' (the dashboard says the same of the same year, in millions); 'No town goal set'
 * for a year with no goal (goalGap), never a gap against $0.
 */
export function guidanceGapLabel(gap: number | null, hasGoal = true): string {
  return formatGuidanceGap(goalGap(gap, hasGoal), formatMoneyCents);
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

const percentText = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;

export function formatPercent(value: number | null): string {
  if (value === null) {
    return '';
  }
  return `${value > 0 ? '+' : ''}${percentText(value)}`;
}

/** A change against its baseline in words: '+3% over', and a cut '1.5% under' (not '-1.5% over'). */
export function changeWords(percent: number): string {
  return percent < 0 ? `${percentText(-percent)} under` : `${formatPercent(percent)} over`;
}
