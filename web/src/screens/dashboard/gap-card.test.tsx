// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetSummary } from '@web/api/dashboard';
import { formatMillions } from '@web/lib/format';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { GapCard } from './gap-card';
import { echoFunds, GOAL_FUND_NOTES, type FundChoice } from '@shared/schemas/fund-words';

// Plotly is not needed to read the card's words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

/** As the server answers: its guidanceGap is goal - budget, in cents. */
const summary = (proposedBudget: number, townGoal: number, funds: FundChoice = 'all'): BudgetSummary => ({
  budgetYearId: 1,
  fiscalYear: 2027,
  proposedBudget,
  proposedCount: 10,
  breakdown: {
    proposed: { imported: { count: 10, total: proposedBudget }, projected: { count: 0, total: 0 } },
  },
  townGoal,
  hasTownGoal: true,
  guidanceGap: (Math.round(townGoal * 100) - Math.round(proposedBudget * 100)) / 100,
  ...echoFunds(funds),
});

async function renderCard(budget: number, goal: number, funds: FundChoice = 'all') {
  const user = makeUser();
  storeSession(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { user })),
  );
  renderRoutes('/dash', [
    {
      path: 'dash',
      element: (
        <GapCard
          fiscalYear={2027}
          summary={summary(budget, goal, funds)}
          showCalculation={false}
          money={(v) => formatMillions(v)}
          fundNote={GOAL_FUND_NOTES[funds]}
        />
      ),
    },
  ]);
  return (await screen.findByText('Gap')).closest('.kpi') as HTMLElement;
}

describe('GapCard', () => {
  it('says the budget is over guidance in words, with no signed amount', async () => {
    const kpi = await renderCard(41_444_400, 41_000_000);
    expect(kpi.textContent).toBe('GapOver guidance by $0.4M');
    expect(document.body.textContent).not.toContain('-$');
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.getByRole('row', { name: /^Gap/ }).textContent).toContain('Over guidance by $444,400');
  });

  it('says the budget is under guidance when the goal is larger', async () => {
    const kpi = await renderCard(40_600_000, 41_000_000);
    expect(kpi.textContent).toBe('GapUnder guidance by $0.4M');
    expect(screen.getByText('The proposed budget is within the town’s guidance goal.')).toBeTruthy();
  });

  it('says which funds the budget sums beside the gap: the goal pays the general fund alone', async () => {
    await renderCard(40_600_000, 41_000_000, 'general');
    expect(screen.getByText("General fund only: the fund the town's goal pays for.")).toBeTruthy();
  });

  it('warns that an all-funds gap counts grants against a general-fund goal', async () => {
    await renderCard(40_600_000, 41_000_000);
    expect(
      screen.getByText(
        "All funds, grants and revolving funds included: the town's goal pays for the general fund alone.",
      ),
    ).toBeTruthy();
  });
});
