// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetSummary } from '@web/api/dashboard';
import { formatMillions } from '@web/lib/format';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { GapCard } from './gap-card';
import { echoFunds, type FundChoice } from '@shared/schemas/fund-words';

// Plotly is not needed to read the card's words: the plot is its label and the bars it was given.
vi.mock('@web/components/charts/lazy-plot', () => ({
  LazyPlot: ({ label, data }: { label: string; data: unknown[] }) => (
    <div role="img" aria-label={label} data-trace={JSON.stringify(data)} />
  ),
}));

/**
 * As the server answers: its guidanceGap is goal - the general fund's budget (guidanceBudget, all of
 * the budget unless said), in cents.
 */
const summary = (
  proposedBudget: number,
  townGoal: number,
  funds: FundChoice = 'all',
  guidanceBudget = proposedBudget,
): BudgetSummary => ({
  budgetYearId: 1,
  fiscalYear: 2027,
  proposedBudget,
  proposedCount: 10,
  breakdown: {
    proposed: { imported: { count: 10, total: proposedBudget }, projected: { count: 0, total: 0 } },
  },
  townGoal,
  hasTownGoal: true,
  guidanceBudget,
  guidanceGap: (Math.round(townGoal * 100) - Math.round(guidanceBudget * 100)) / 100,
  noSalaryLine: null,
  ...echoFunds(funds),
});

async function renderCard(
  budget: number,
  goal: number,
  funds: FundChoice = 'all',
  generalFund = budget,
  showCalculation = false,
) {
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
          summary={summary(budget, goal, funds, generalFund)}
          showCalculation={showCalculation}
          money={(v) => formatMillions(v)}
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

  it('compares the general fund with the goal when the budget sums every fund, and says the total', async () => {
    // The demo's FY2027: all funds $49.2M are over a $48.1M goal; the general fund's $47.3M is under it.
    const kpi = await renderCard(49_209_990.65, 48_134_990, 'all', 47_299_033.75, true);
    expect(kpi.textContent).toBe('GapUnder guidance by $0.8M');
    expect(
      screen.getByText(
        "General fund only: the fund the town's goal pays for. All funds, grants and revolving funds included: $49,209,991.",
      ),
    ).toBeTruthy();
    // The calculation shows the other funds leaving: 49,209,990.65 - 47,299,033.75 = 1,910,956.90.
    const row = (name: RegExp) => screen.getByRole('row', { name }).textContent;
    expect(row(/Grants and other funds/)).toContain('$1,910,956.90');
    expect(row(/= General fund budget/)).toContain('$47,299,033.75');
    expect(row(/= Gap/)).toContain('$835,956.25');
  });

  it('shows a calculation whose rows add up as printed', async () => {
    // QA: the demo's FY26 read '$47,177,500 - $1,834,816 = $45,342,685', each figure rounded alone.
    await renderCard(47_177_500, 44_800_000, 'all', 45_342_684.5, true);
    const cents = (name: RegExp) => {
      const text = screen.getByRole('row', { name }).querySelector('td')?.textContent ?? '';
      return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
    };
    const all = cents(/= Proposed budget/);
    const others = cents(/Grants and other funds/);
    const general = cents(/= General fund budget/);
    expect(all - others).toBe(general);
    expect(cents(/Town guidance goal/) - general).toBe(cents(/= Gap/));
    expect(general).toBe(4_534_268_450);
  });

  it('says the plain note when every line is the general fund', async () => {
    await renderCard(40_600_000, 41_000_000);
    expect(screen.getByText("General fund only: the fund the town's goal pays for.")).toBeTruthy();
    expect(document.body.textContent).not.toContain('All funds');
  });

  it('says a year with no town goal has none, never a gap against $0, with a link for who may set it', async () => {
    await renderNoGoal('FINANCE');
    const kpi = (await screen.findByText('Gap')).closest('.kpi') as HTMLElement;
    expect(kpi.textContent).toBe('GapNo town goal set');
    expect(screen.getByText(/^No town goal set for FY27/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set it on the Town Goals screen' }).getAttribute('href')).toBe(
      '/town-goals',
    );
    // The calculation names no goal and no gap of $0 - $49M.
    expect(screen.getByRole('row', { name: /= Gap/ }).textContent).toContain('No town goal set');
    expect(document.body.textContent).not.toMatch(/guidance by|counts as \$0/);
    // The chart draws the budget's bar alone: no empty 'Town guidance goal' bar beside it.
    const chart = screen.getByRole('img', { name: /^Bar chart/ });
    expect(chart.getAttribute('aria-label')).toMatch(/^Bar chart: proposed budget, general fund \$49/);
    expect(chart.getAttribute('aria-label')).not.toMatch(/goal/i);
    expect(chart.getAttribute('data-trace')).toContain('Proposed budget, general fund');
    expect(chart.getAttribute('data-trace')).not.toContain('Town guidance goal');
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.getByRole('row', { name: /^Gap/ }).textContent).toContain('No town goal set');
    expect(document.body.textContent).not.toMatch(/guidance by/);
  });

  it('gives a reader who may not set goals no link to set one', async () => {
    await renderNoGoal('VIEW_ONLY');
    expect((await screen.findByText('Gap')).closest('.kpi')?.textContent).toBe('GapNo town goal set');
    expect(screen.queryByRole('link', { name: 'Set it on the Town Goals screen' })).toBeNull();
  });
});

/** The card for FY27 with $49M of lines and no town goal, as the server answers it (no gap). */
async function renderNoGoal(role: 'FINANCE' | 'VIEW_ONLY') {
  const user = makeUser({ role });
  storeSession(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { user })),
  );
  const noGoal: BudgetSummary = { ...summary(49_000_000, 0), hasTownGoal: false, guidanceGap: null };
  renderRoutes('/dash', [
    {
      path: 'dash',
      element: (
        <GapCard fiscalYear={2027} summary={noGoal} showCalculation money={(v) => formatMillions(v)} />
      ),
    },
  ]);
}
