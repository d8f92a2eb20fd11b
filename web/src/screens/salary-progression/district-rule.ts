import type { BudgetSettings } from '@web/api/budget-settings';
import type { SalaryProgression } from '@web/api/salary-progression';
import type { Schedule } from '@web/api/salary-schedules';
import { formatMoneyCents, formatNumber } from '@web/lib/format';

/**
 * What this district's data says its rule is, in words. Nothing here computes a raise: the server's
 * rule (server/sql/salary-rule.ts) made every figure; these functions only read and name them (the
 * worked example beside them is rule-example.ts).
 */

export interface GroupCola {
  workGroup: string;
  years: { fiscalYear: number; percent: number }[];
}

/**
 * The COLA each work group's rows show in each fiscal year, from the people listed. Years with a
 * typed salary carry no COLA and are left out; where people of a group differ (a person placed on a
 * schedule gets the schedule's own change, in percent of their salary) the most common value wins,
 * ties to the lower one.
 */
export function colaByWorkGroup(people: readonly SalaryProgression[]): GroupCola[] {
  const tally = new Map<string, Map<number, Map<number, number>>>();
  for (const person of people) {
    if (!person.workGroup) {
      continue;
    }
    const years = tally.get(person.workGroup) ?? new Map<number, Map<number, number>>();
    tally.set(person.workGroup, years);
    for (const y of person.yearData) {
      if (y.basis === 'manual') {
        continue;
      }
      const counts = years.get(y.fiscalYear) ?? new Map<number, number>();
      years.set(y.fiscalYear, counts);
      counts.set(y.colaApplied, (counts.get(y.colaApplied) ?? 0) + 1);
    }
  }
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([workGroup, years]) => ({
      workGroup,
      years: [...years.entries()]
        .sort(([a], [b]) => a - b)
        .map(([fiscalYear, counts]) => ({
          fiscalYear,
          percent: [...counts.entries()].sort(([pa, na], [pb, nb]) => nb - na || pa - pb)[0][0],
        })),
    }))
    .filter((g) => g.years.length > 0);
}

/** A stored percent to its third decimal (numeric(12,3)), as the rule uses it: '1.125%'. */
export const exactPercent = (value: number) => `${formatNumber(value, 3)}%`;

/** 'A', 'A and B', 'A, B and C'. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names[0] ?? '';
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The pooled steps-and-lanes allowance of the budget settings, in a sentence: how much, for whom.
 * `groupNames` resolves the work-group ids the settings list.
 */
export function stepsLanesRule(
  settings: BudgetSettings | null | undefined,
  groupNames: ReadonlyMap<number, string>,
): string {
  if (!settings || settings.stepsLanesWorkGroups.length === 0) {
    return 'No work group is listed in this budget year’s step-and-lane settings, so no one gets a pooled steps-and-lanes increase.';
  }
  const groups = listNames(
    settings.stepsLanesWorkGroups
      .map((id) => groupNames.get(id) ?? `work group ${id}`)
      .sort((a, b) => a.localeCompare(b)),
  );
  const amount =
    settings.stepLaneAdjustmentType === 'DOLLAR'
      ? `${formatMoneyCents(settings.stepLaneAdjustmentValue)} added to each salary`
      : `${exactPercent(settings.stepLaneAdjustmentValue)} of each salary`;
  return `${amount}, the same for everyone (pooled), in ${groups}; other work groups get none.`;
}

/** Which work groups have a salary schedule that placed employees follow instead of the pooled allowance. */
export function schedulesRule(schedules: readonly Schedule[]): string {
  const attached = schedules.filter((s) => s.workGroup !== null);
  if (attached.length === 0) {
    return 'No work group has a step-and-lane salary schedule yet, so the pooled allowance applies to everyone.';
  }
  const names = attached.map((s) => `${s.workGroup} (‘${s.name}’, ${s.placedCount} placed)`);
  return `Employees placed on a salary schedule move one step a year at the schedule’s amount instead of the pooled allowance: ${listNames(names)}.`;
}
