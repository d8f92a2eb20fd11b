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
});
