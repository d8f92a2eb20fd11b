// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SalaryProgression } from '@web/api/salary-progression';
import { progressionYear } from '@web/test/progression';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { IncreaseExplainer } from './increase-explainer';
import { PersonCard } from './person-card';

// QA read two things as errors: a fixed example 'from the specification' (3 and 0.75 percent,
// $62,250.00) no user had seen, and a payroll year's YoY (+7.4%) beside a rule Total of 5.5% with
// nothing saying both are right. The example is now a listed person's year as the rule grew it; a note says what YoY
// and the rule's columns are, and a payroll year far off the rule is marked under its YoY.

/** The paragraph whose text (across its <strong>s) starts so. */
const paragraph = (start: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && (el.textContent ?? '').startsWith(start);

const year = progressionYear;

const amy: SalaryProgression = {
  name: 'Amy Almeida',
  position: 'World Language Teacher',
  building: 'Whitcomb Middle School',
  workGroup: 'Teachers',
  yearData: [
    year(2025, { currentSalary: 66431, colaApplied: 2.5, totalIncreaseApplied: 4 }),
    year(2026, { yoyIncrease: 7.4 }),
    year(2027, {
      currentSalary: 74913.3,
      yoyIncrease: 5,
      basis: 'rule',
      colaApplied: 3.5,
      totalIncreaseApplied: 5,
    }),
  ],
};

describe('IncreaseExplainer', () => {
  it('works an example from the district’s own rule and says why YoY can differ from Total', async () => {
    const finance = makeUser({ role: 'FINANCE', abilities: {} });
    storeSession(finance);
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/budget-settings': {
        settings: {
          id: 1,
          budgetYearId: 2,
          stepLaneAdjustmentType: 'PERCENTAGE',
          stepLaneAdjustmentValue: 1.5,
          stepLaneDescription: null,
          stepsLanesWorkGroups: [1],
          updatedAt: '2026-01-01T00:00:00Z',
        },
      },
      '/api/cola/work-groups': { workGroups: [{ id: 1, name: 'Teachers' }] },
      '/api/cola/schedules': { schedules: [] },
    });
    renderRoutes('/sp', [
      {
        path: 'sp',
        element: <IncreaseExplainer people={[amy]} budgetYear={{ id: 2, fiscalYear: 'FY26' }} />,
      },
    ]);
    const example = await screen.findByText(paragraph('For example'));
    expect(example.textContent).toBe(
      'For example, Amy Almeida (Teachers): $71,346.00 in FY26 becomes $74,913.30 in FY27 by this rule, COLA 3.5% plus steps and lanes 1.5%.',
    );
    const region = screen.getByRole('region', { name: 'How each year’s increase is made' });
    expect(region.textContent).not.toMatch(/specification|62,250/);
    expect(within(region).getByText(paragraph('YoY')).textContent).toBe(
      'YoY is the change the salaries themselves show, year over year; COLA, Steps and lanes and Total are what the rule gives for that year. On a payroll year the two can differ (a step or lane change, a stipend, a new position or FTE); a difference of more than a point is marked under the YoY.',
    );
  });
});

describe('PersonCard', () => {
  const yoyOf = (fy: string) =>
    within(screen.getByRole('row', { name: new RegExp(`^${fy}`) })).getAllByRole('cell')[1].textContent;

  it('marks a payroll year whose YoY is more than a point off the rule’s Total, and only that', () => {
    const person: SalaryProgression = {
      ...amy,
      yearData: [
        ...amy.yearData,
        year(2028, { yoyIncrease: 4, totalIncreaseApplied: 5.5 }),
        year(2029, { yoyIncrease: 6.5, totalIncreaseApplied: 5.5 }),
        year(2030, { yoyIncrease: 9, basis: 'manual', totalIncreaseApplied: 9 }),
      ],
    };
    render(<PersonCard person={person} index={0} />);
    expect(yoyOf('FY25')).toBe('—');
    expect(yoyOf('FY26')).toBe('+7.4%1.9\u00a0pts over the\u00a0rule');
    expect(yoyOf('FY27')).toBe('+5%');
    expect(yoyOf('FY28')).toBe('+4%1.5\u00a0pts under the\u00a0rule');
    expect(yoyOf('FY29')).toBe('+6.5%');
    expect(yoyOf('FY30')).toBe('+9%');
  });
});
