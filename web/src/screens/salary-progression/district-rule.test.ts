import { describe, expect, it } from 'vitest';
import type { BudgetSettings } from '@web/api/budget-settings';
import type { SalaryProgression } from '@web/api/salary-progression';
import type { Schedule } from '@web/api/salary-schedules';
import { colaByWorkGroup, listNames, schedulesRule, stepsLanesRule } from './district-rule';

type Year = SalaryProgression['yearData'][number];

const year = (fiscalYear: number, colaApplied: number, basis: Year['basis'] = 'imported'): Year => ({
  fiscalYear,
  currentSalary: 60000,
  yoyIncrease: null,
  basis,
  colaApplied,
  colaSource: 'SETTLED',
  stepsLanesApplied: 1.5,
  totalIncreaseApplied: colaApplied + 1.5,
});

const person = (workGroup: string | null, yearData: Year[]): SalaryProgression => ({
  name: 'A Person',
  position: 'Teacher',
  building: null,
  workGroup,
  yearData,
});

const settings = (over: Partial<BudgetSettings>): BudgetSettings => ({
  id: 1,
  budgetYearId: 1,
  stepLaneAdjustmentType: 'PERCENTAGE',
  stepLaneAdjustmentValue: 1.5,
  stepLaneDescription: null,
  stepsLanesWorkGroups: [1, 2],
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('colaByWorkGroup', () => {
  it('gives each work group its COLA per year, the most common where people differ, without typed years', () => {
    const cola = colaByWorkGroup([
      person('Teachers', [year(2025, 2.5), year(2026, 4), year(2027, 3.5)]),
      person('Teachers', [year(2025, 2.5), year(2026, 4), year(2027, 0, 'manual')]),
      // Placed on a schedule: its own change, in percent of this salary.
      person('Teachers', [year(2025, 2.47), year(2026, 4)]),
      person('Custodians', [year(2026, 2), year(2027, 2.5)]),
      person(null, [year(2026, 9)]),
    ]);
    expect(cola).toEqual([
      {
        workGroup: 'Custodians',
        years: [
          { fiscalYear: 2026, percent: 2 },
          { fiscalYear: 2027, percent: 2.5 },
        ],
      },
      {
        workGroup: 'Teachers',
        years: [
          { fiscalYear: 2025, percent: 2.5 },
          { fiscalYear: 2026, percent: 4 },
          { fiscalYear: 2027, percent: 3.5 },
        ],
      },
    ]);
  });

  it('breaks a tie toward the lower percent and leaves out a group with only typed years', () => {
    expect(
      colaByWorkGroup([
        person('Nurses', [year(2026, 3)]),
        person('Nurses', [year(2026, 2)]),
        person('Typed', [year(2026, 0, 'manual')]),
      ]),
    ).toEqual([{ workGroup: 'Nurses', years: [{ fiscalYear: 2026, percent: 2 }] }]);
  });
});

describe('the rule in words', () => {
  const names = new Map([
    [1, 'Teachers'],
    [2, 'Guidance'],
    [3, 'Special Education'],
  ]);

  it('names the pooled percent or dollars and the work groups that get it', () => {
    expect(stepsLanesRule(settings({}), names)).toBe(
      '1.5% of each salary, the same for everyone (pooled), in Guidance and Teachers; other work groups get none.',
    );
    expect(
      stepsLanesRule(
        settings({
          stepLaneAdjustmentType: 'DOLLAR',
          stepLaneAdjustmentValue: 1200,
          stepsLanesWorkGroups: [3, 1, 2],
        }),
        names,
      ),
    ).toBe(
      '$1,200.00 added to each salary, the same for everyone (pooled), in Guidance, Special Education and Teachers; other work groups get none.',
    );
    // Stored to the third decimal, and the rule applies all three.
    expect(stepsLanesRule(settings({ stepLaneAdjustmentValue: 1.125 }), names)).toMatch(
      /^1\.125% of each salary/,
    );
    expect(stepsLanesRule(settings({ stepsLanesWorkGroups: [] }), names)).toMatch(/no one gets/);
    expect(stepsLanesRule(undefined, names)).toMatch(/no one gets/);
  });

  it('names the schedules in use, or says there are none', () => {
    const schedule = { name: 'Lunenburg', workGroup: 'Teachers', placedCount: 12 } as Schedule;
    expect(schedulesRule([schedule, { ...schedule, workGroup: null }])).toBe(
      'Employees placed on a salary schedule move one step a year at the schedule’s amount instead of the pooled allowance: Teachers (‘Lunenburg’, 12 placed).',
    );
    expect(schedulesRule([])).toMatch(/No work group has a step-and-lane salary schedule/);
  });

  it('lists names in English', () => {
    expect([listNames([]), listNames(['A']), listNames(['A', 'B']), listNames(['A', 'B', 'C'])]).toEqual([
      '',
      'A',
      'A and B',
      'A, B and C',
    ]);
  });
});
