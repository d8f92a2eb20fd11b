import { describe, expect, it } from 'vitest';
import type { SalaryProgression } from '@web/api/salary-progression';
import { progressionYear } from '@web/test/progression';
import { groupsByPeople, ruleExample, ruleExampleText } from './rule-example';

// The explainer once ended on a fixed example 'from the specification' (COLA 3 percent, steps and
// lanes 0.75 percent, $62,250.00): the worked example is now a listed person's own year, as the
// server's rule grew it (no raise is worked out again in the browser).

type Year = SalaryProgression['yearData'][number];

const year = (fiscalYear: number, currentSalary: number, over: Partial<Year> = {}): Year =>
  progressionYear(fiscalYear, { currentSalary, ...over });

const person = (name: string, workGroup: string | null, yearData: Year[]): SalaryProgression => ({
  name,
  position: 'Teacher',
  building: 'Whitcomb Middle School',
  workGroup,
  yearData,
});

const ruled = (fiscalYear: number, salary: number, cola: number, steps: number) =>
  year(fiscalYear, salary, { basis: 'rule', colaApplied: cola, stepsLanesApplied: steps });

const amy = person('Amy Almeida', 'Teachers', [
  year(2025, 66431),
  year(2026, 71346),
  ruled(2027, 74913.3, 3.5, 1.5),
]);

describe('the worked example of the district’s rule', () => {
  it('is a listed person’s year the rule grew, with the server’s figures', () => {
    const example = ruleExample([amy]);
    expect(example && ruleExampleText(example)).toBe(
      'Amy Almeida (Teachers): $71,346.00 in FY26 becomes $74,913.30 in FY27 by this rule, COLA 3.5% plus steps and lanes 1.5%.',
    );
  });

  it('says the steps to their third decimal, and none where the rule gave none', () => {
    const pooled = person('Rosa Almeida', 'Teachers', [year(2026, 64119), ruled(2027, 67324.95, 3.5, 1.125)]);
    expect(ruleExampleText(ruleExample([pooled])!)).toContain('COLA 3.5% plus steps and lanes 1.125%.');
    const none = person('Ed Cole', null, [year(2026, 40000), ruled(2027, 40800, 2, 0)]);
    expect(ruleExampleText(ruleExample([none])!)).toBe(
      'Ed Cole: $40,000.00 in FY26 becomes $40,800.00 in FY27 by this rule, COLA 2%.',
    );
  });

  it('is left out while no one listed has a year the rule grew after a year of theirs', () => {
    expect(ruleExample([])).toBeNull();
    expect(ruleExample([person('Only Payroll', 'Teachers', [year(2025, 1), year(2026, 2)])])).toBeNull();
    // A typed salary is no example of the rule; nor is a rule year with a gap before it.
    const typed = person('Typed', 'Teachers', [year(2026, 1), year(2027, 2, { basis: 'manual' })]);
    const gap = person('Gap', 'Teachers', [year(2025, 1), ruled(2027, 2, 3, 0)]);
    expect(ruleExample([typed, gap])).toBeNull();
  });

  it('takes someone of the work group of most people listed first', () => {
    const custodian = (name: string) =>
      person(name, 'Custodians', [year(2026, 50000), ruled(2027, 51000, 2, 0)]);
    const listed = [amy, custodian('Cy'), person('Nobody', null, []), custodian('Di')];
    expect(groupsByPeople(listed)).toEqual(['Custodians', 'Teachers']);
    expect(ruleExample(listed)?.name).toBe('Cy');
  });
});
