// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { ProgressSection } from './progress';

afterEach(cleanup);

const year = (budget: number, goal: number) =>
  ({ fiscalYear: 2027, totalBudget: budget, townGoal: goal, hasTownGoal: true }) as PublicYearData;
const widths = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.style.width);

describe("the residents' page's budget-against-goal bar", () => {
  it('fills its share of the goal in green when the budget is within it', () => {
    render(<ProgressSection data={year(40_000_000, 50_000_000)} what="the FY27 proposed budget" />);
    expect(widths('.pub-progress__fill')).toEqual(['80%']);
    expect(document.querySelector('.pub-progress__goal')).toBeNull();
  });

  // QA: a budget over its goal drew one full red bar, with nothing to show where the goal was.
  it('marks the goal on a budget over it, and draws only the part past the goal in red', () => {
    render(<ProgressSection data={year(50_000_000, 40_000_000)} what="the FY27 proposed budget" />);
    expect(widths('.pub-progress__fill:not(.pub-progress__fill--over)')).toEqual(['80%']);
    expect(widths('.pub-progress__fill--over')).toEqual(['20%']);
    expect(document.querySelector<HTMLElement>('.pub-progress__goal')?.style.left).toBe('80%');
  });

  // QA: the preview read 'The FY26 proposed school budget of the general fund of $45,342,685 is ...'.
  it('says the general fund budget and its share of the goal in one plain sentence', () => {
    const general = { ...year(45_342_685, 48_100_000), guidanceBudget: 45_342_685 } as PublicYearData;
    render(<ProgressSection data={general} what="the FY26 proposed school budget" />);
    expect(document.querySelector('.pub-progress__text')?.textContent).toBe(
      "The FY26 proposed school budget (general fund) is $45,342,685, 94.3% of the town's goal of $48,100,000.",
    );
  });

  it('says a budget over the goal is more than it', () => {
    render(<ProgressSection data={year(50_000_000, 40_000_000)} what="the FY27 proposed school budget" />);
    expect(document.querySelector('.pub-progress__text')?.textContent).toBe(
      "The FY27 proposed school budget is $50,000,000, 125.0% of the town's goal of $40,000,000: more than the goal.",
    );
  });
});
