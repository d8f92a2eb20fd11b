// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';
import { PublicSection } from './sections';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));
afterEach(cleanup);

/**
 * What residents read under a year's figures says only what is so of that year: the note about
 * 'Other' only when there is an Other group, and a per-pupil figure the year has no data for says
 * why it is missing rather than leaving the year a card short of the next.
 */
const data: PublicYearData = {
  fiscalYear: 2025,
  publishedAt: '2026-11-25T12:00:00.000Z',
  totalBudget: 1_000_000,
  townGoal: 1_100_000,
  hasTownGoal: true,
  guidanceGap: 100_000,
  categoryBreakdown: [],
  buildingBreakdown: [],
  salaryData: {
    teachers: [{ range: '$50k-$60k', rangeStart: 50_000, count: 12, isOther: false }],
    paras: [{ range: '$30k-$40k', rangeStart: 30_000, count: 6, isOther: false }],
  },
  locationData: {
    locations: [{ location: 'North Elementary', count: 12, totalSalary: 600_000, isOther: false }],
    totalEmployees: 12,
    totalSalaries: 600_000,
  },
  perPupil: null,
  perPupilDese: null,
  deseBreakdown: [],
  includesProjectedEmployees: true,
  stageLabel: null,
  stage: null,
  stageCaption: null,
};
const view = { years: [2025], data: { '2025': data } } as unknown as PublicView;
const show = (name: 'salaryCharts' | 'headcountChart' | 'budgetStatus', d: PublicYearData) =>
  render(<PublicSection name={name} view={view} year={2025} data={d} onWatch={() => {}} />);

describe("the notes under the residents' staff charts", () => {
  it('say nothing of Other when no group is counted as Other', () => {
    show('salaryCharts', data);
    show('headcountChart', data);
    expect(document.body.textContent).not.toContain('counted together as Other');
    expect(document.body.textContent).toContain('How many teachers earn within each $10,000 range.');
  });

  it('explain Other where there is an Other group', () => {
    const other: PublicYearData = {
      ...data,
      salaryData: {
        teachers: [
          ...data.salaryData!.teachers,
          { range: 'Other', rangeStart: null, count: 5, isOther: true },
        ],
        paras: data.salaryData!.paras,
      },
      locationData: {
        ...data.locationData!,
        locations: [
          ...data.locationData!.locations,
          { location: 'Other', count: 6, totalSalary: 300_000, isOther: true },
        ],
      },
    };
    show('salaryCharts', other);
    expect(screen.getAllByText(/Ranges with fewer than 5 people are counted together as Other/)).toHaveLength(
      1,
    );
    cleanup();
    show('headcountChart', other);
    expect(screen.getByText(/Places with fewer than 5 staff are counted together as Other/)).toBeTruthy();
  });
});

describe("the salary notes of a planned year's roster", () => {
  it('say the ranges are of the people in filled positions at their budgeted salaries', () => {
    show('salaryCharts', { ...data, staffSource: 'roster' });
    const text = document.body.textContent ?? '';
    expect(text).toContain(
      'How many teachers in filled positions are budgeted to earn within each $10,000 range: each person once, at their budgeted salary. Vacant positions are not counted.',
    );
    expect(text).toContain('Paraeducators are classroom aides, counted in the same way.');
    expect(text).not.toContain('How many teachers earn within');
  });

  it('say the lines’ ranges are of what people earn, for a year with its own employees', () => {
    show('salaryCharts', { ...data, staffSource: 'lines' });
    expect(document.body.textContent).toContain('How many teachers earn within each $10,000 range.');
    expect(document.body.textContent).not.toContain('budgeted salary');
  });
});

describe("a year's spending per pupil", () => {
  it('says why a figure is missing: no enrollment of its own, no state figures for the year', () => {
    show('budgetStatus', data);
    expect(
      screen.getByText('No FY25 enrollment has been entered, so spending per student is not worked out.'),
    ).toBeTruthy();
    expect(
      screen.getByText('The state’s FY25 figures (its foundation enrollment) are not entered yet.'),
    ).toBeTruthy();
    expect(screen.queryByText('Students enrolled')).toBeNull();
  });
});
