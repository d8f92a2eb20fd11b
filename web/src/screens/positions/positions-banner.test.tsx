// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { PositionCounts } from '@web/api/positions';
import { ALL } from '@web/components/line-filters';
import { PositionsBanner } from './positions-banner';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/** Three vacancies (3.0 FTE), and filled positions whose holders leave `unheldFte` of them open. */
const counts = (unheldFte: number): PositionCounts => ({
  positions: 9,
  fte: 9.5,
  filledFte: 5.5 - unheldFte,
  vacantFte: 3 + unheldFte,
  unheldFte,
  vacantCount: 3,
  vacancies: 3,
  frozenFte: 1,
  budgetedCost: 612000.5,
  unpricedCount: 0,
  overFilledCount: 0,
  noSalaryLineCount: 0,
  noSalaryLineCost: 0,
});

type BannerProps = Parameters<typeof PositionsBanner>[0];

/** The banner with every position shown and nothing busy, unless a test says otherwise. */
const renderBanner = (props: Partial<BannerProps> & Pick<BannerProps, 'counts'>) =>
  render(
    <PositionsBanner
      busy={false}
      error={null}
      status={ALL}
      onShow={() => {}}
      category={ALL}
      onShowCategory={() => {}}
      costFiscalYear={2027}
      {...props}
    />,
  );

function vacanciesNote(c: PositionCounts): string {
  renderBanner({ counts: c });
  const item = screen.getByText('3 vacancies').closest('.positions-banner__item') as HTMLElement;
  return within(item).getByText(/FTE to fill/).textContent ?? '';
}

describe('PositionsBanner', () => {
  afterEach(cleanup);

  it('says how much of the FTE to fill is unheld in filled positions, which Show vacancies does not list', () => {
    expect(vacanciesNote(counts(1.5))).toBe('4.500 FTE to fill, 1.500 of it unheld in filled positions');
  });

  it('says only the FTE to fill when every filled position is held in full', () => {
    expect(vacanciesNote(counts(0))).toBe('3.000 FTE to fill');
  });

  it("says the budgeted cost is the next year's, of these positions filled and vacant, and how it is priced", () => {
    // The demo district's FY26 roster as QA read it: 508 positions, 3 vacancies unpriced.
    const demo = { ...counts(0), positions: 508, fte: 494.9, budgetedCost: 36882930.65, unpricedCount: 3 };
    renderBanner({ counts: demo });
    const item = screen.getByText('508 positions').closest('.positions-banner__item') as HTMLElement;
    expect(within(item).getByText(/budgeted/).textContent).toBe(
      '494.900 FTE · $36,882,930.65 budgeted for FY27 · 3 vacancies unpriced',
    );
    expect(within(item).getByText(/ cost of /).textContent).toBe(
      "FY27 cost of these 508 positions, filled and vacant: holders' next-year salaries (current salary " +
        "where none), vacancies at the FY27 salary schedule or their imported roster's salary; frozen, closed and unpriced add nothing",
    );
  });

  it('names no year while no listed position says which year the cost pays for', () => {
    renderBanner({ counts: { ...counts(0), positions: 1 }, costFiscalYear: undefined });
    expect(screen.getByText(/ cost of /).textContent).toMatch(
      /^Next-year cost of this position, .* vacancies at the next year's salary schedule or their imported roster's salary;/,
    );
  });

  it('says how many positions, at what cost, land in no salary line, and Show them filters to them', () => {
    // Boston's FY26 roster after an import: 164 positions without a category.
    const c = { ...counts(0), noSalaryLineCount: 164, noSalaryLineCost: 16395212.4 };
    const onShowCategory = vi.fn();
    renderBanner({ counts: c, onShowCategory });
    const line = screen.getByText(/no personnel category/);
    expect(line.textContent).toBe(
      '164 positions ($16,395,212.40) have no personnel category: their cost is in no salary line',
    );
    const item = line.closest('.positions-banner__item') as HTMLElement;
    within(item).getByRole('button', { name: 'Show them' }).click();
    expect(onShowCategory).toHaveBeenCalledWith('none');
  });

  it('says nothing of salary lines while every position has one', () => {
    renderBanner({ counts: counts(0) });
    expect(screen.queryByText(/no personnel category/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show them' })).toBeNull();
  });

  it("says on opening that the budgeted year's locked salary lines are out of date, in the server's words", () => {
    // The demo FY26 roster once FY27 was adopted and a position's FTE cut: the lines hold more.
    const drift = lockedSalaryLines(-37442.16);
    // FINANCE's wording: it may update the salary budget, an administrator reopens the stage.
    const message = salaryLinesLockedText(drift, false, { reopen: false, update: true });
    renderBanner({ counts: counts(0), salaryLines: { ...drift, message } });
    expect(screen.getByText(/salary lines are locked/).textContent).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted. 1 salary line is out of " +
        'date: they hold $37,442.16 more than the positions cost. An administrator can reopen the stage ' +
        '(Budget Stages); then Update Salary Budget brings them in line.',
    );
    expect(screen.getByText(/salary lines are locked/).closest('[role="status"]')).not.toBeNull();
  });

  it('says nothing of locked salary lines when the server has nothing to say', () => {
    renderBanner({ counts: counts(0), salaryLines: null });
    expect(screen.queryByText(/salary lines are locked/)).toBeNull();
  });
});
