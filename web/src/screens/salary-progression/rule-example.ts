import type { SalaryProgression } from '@web/api/salary-progression';
import { formatMoneyCents, formatPercentage } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { exactPercent } from './district-rule';

/** One listed person's year that the rule grew, with the year before it: the worked example. */
export interface RuleExample {
  name: string;
  workGroup: string | null;
  fromYear: number;
  fromSalary: number;
  toYear: number;
  toSalary: number;
  colaPercent: number;
  stepsPercent: number;
}

/**
 * The worked example of the rule: the first person listed (of the work group of most people listed
 * first) with a year the rule grew (basis 'rule') right after a year of theirs. Every figure is the
 * server's: the rule is computed in one place (server/sql/salary-rule.ts) and a second copy here
 * could drift from it, so nothing is worked out again. Null while no one listed has such a year.
 */
export function ruleExample(people: readonly SalaryProgression[]): RuleExample | null {
  const order = groupsByPeople(people);
  const rank = (p: SalaryProgression) => (p.workGroup ? order.indexOf(p.workGroup) : order.length);
  for (const person of [...people].sort((a, b) => rank(a) - rank(b))) {
    for (let i = 1; i < person.yearData.length; i += 1) {
      const [from, to] = [person.yearData[i - 1], person.yearData[i]];
      if (to.basis === 'rule' && to.fiscalYear === from.fiscalYear + 1) {
        return {
          name: person.name,
          workGroup: person.workGroup,
          fromYear: from.fiscalYear,
          fromSalary: from.currentSalary,
          toYear: to.fiscalYear,
          toSalary: to.currentSalary,
          colaPercent: to.colaApplied,
          stepsPercent: to.stepsLanesApplied,
        };
      }
    }
  }
  return null;
}

/** The work groups of the people listed, the group of most people first (ties by first listed). */
export function groupsByPeople(people: readonly { workGroup: string | null }[]): string[] {
  const counts = new Map<string, number>();
  for (const p of people) {
    if (p.workGroup) {
      counts.set(p.workGroup, (counts.get(p.workGroup) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort(([, a], [, b]) => b - a).map(([name]) => name);
}

/** The example in a sentence. */
export function ruleExampleText(e: RuleExample): string {
  const steps = e.stepsPercent ? ` plus steps and lanes ${exactPercent(e.stepsPercent)}` : '';
  return (
    `${e.name}${e.workGroup ? ` (${e.workGroup})` : ''}: ${formatMoneyCents(e.fromSalary)} in ` +
    `${fiscalYearLabel(e.fromYear)} becomes ${formatMoneyCents(e.toSalary)} in ` +
    `${fiscalYearLabel(e.toYear)} by this rule, COLA ${formatPercentage(e.colaPercent)}${steps}.`
  );
}
