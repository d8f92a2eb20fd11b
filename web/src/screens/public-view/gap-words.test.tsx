// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';
import { PublicSection } from './sections';

// Plotly is not needed to read the card's words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

/**
 * Residents once read a Revised budget as 'Proposed school budget' and a $1,816 gap as
 * 'Under guidance by $0.0M'. The card names the budget by its stage and gives a small gap in dollars
 * with its share of the goal, worked out here in cents.
 */
const budgetCents = 7_449_818_392n;
const gapCents = 181_600n;
const goalCents = budgetCents + gapCents;
const data: PublicYearData = {
  fiscalYear: 2027,
  publishedAt: '2026-11-25T12:00:00.000Z',
  totalBudget: Number(budgetCents) / 100,
  townGoal: Number(goalCents) / 100,
  hasTownGoal: true,
  guidanceGap: Number(gapCents) / 100,
  categoryBreakdown: [],
  buildingBreakdown: [],
  salaryData: null,
  locationData: null,
  perPupil: null,
  deseBreakdown: [],
  includesProjectedEmployees: false,
  stageLabel: 'Revised',
  stage: 'REVISED',
  stageCaption: 'Revised, revised May 4, 2027',
};
const view = { years: [2027], data: { '2027': data } } as unknown as PublicView;

describe("the residents' budget card", () => {
  it('names a Revised budget by its stage and a $1,816 gap in dollars with its share', () => {
    render(<PublicSection name="budgetStatus" view={view} year={2027} data={data} onWatch={() => {}} />);
    expect(screen.getAllByText('Revised school budget').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Proposed school budget/i)).toBeNull();
    // 1,816 of 74.5 million is under a twentieth of a tenth of a percent.
    expect((gapCents * 2000n + goalCents) / (2n * goalCents)).toBe(0n);
    // The goal named as everywhere else on the page ('the town's goal'), never 'guidance'.
    const gap = screen.getAllByText(/Under the town's goal by/)[0];
    expect(gap.textContent).toBe("Under the town's goal by $1,816 (less than 0.1% of the goal)");
    expect(document.body.textContent).not.toMatch(/(Over|Under) guidance/);
    expect(document.body.textContent).not.toContain('$0.0M');
  });

  it("names the budget by its stage in the goal bar and the state categories' table, not 'proposed'", () => {
    const adopted: PublicYearData = {
      ...data,
      stage: 'SCHOOL_COMMITTEE_ADOPTED',
      stageLabel: 'School Committee Adopted',
      deseBreakdown: [{ name: 'Teachers', amount: 1_000, functions: [] }],
    };
    const { unmount } = render(
      <PublicSection name="progressBar" view={view} year={2027} data={adopted} onWatch={() => {}} />,
    );
    expect(screen.getByText(/of the town.s goal of/).textContent).toMatch(
      /^The FY27 adopted school budget is \$/,
    );
    expect(document.body.textContent).not.toContain('proposed');
    unmount();
    render(<PublicSection name="categoryChart" view={view} year={2027} data={adopted} onWatch={() => {}} />);
    expect(
      screen.getByRole('table', { name: 'The FY27 adopted school budget by DESE function code' }),
    ).toBeTruthy();
  });
});
