// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { ProjectionsTab } from '@web/screens/cola/projections-tab';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'cola.read': true, 'cola.write': true } });
const defaults = {
  budgetYearId: 1,
  budgetYear: 'FY26',
  fiscalYear: 2027,
  endYear: 2031,
  baseline: {
    fiscalYear: 2026,
    basis: 'budget',
    amount: 45342684.5,
    lines: 152,
    source: 'FY26 proposed budget, general fund, 152 lines',
    suggestedBasis: 'budget',
  },
  townFunding: {
    fiscalYear: 2027,
    amount: 48100000,
    hasGoal: true,
    // The server writes the day as every screen does (longDate).
    source: 'FY27 town goal, set Nov 30, 2026',
  },
  ownBudget: null,
};

function renderTab() {
  const asked = stubApi({
    '/api/auth/me': { user: finance },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/cola/scenarios': { scenarios: [] },
    '/api/cola/planning-defaults': defaults,
    // The result is not what these tests read: the request is.
    '/api/cola/multi-year-projection': () => jsonResponse(400, { error: 'stop here' }),
  });
  storeSession(finance);
  renderRoutes('/cola', [
    {
      path: 'cola',
      element: (
        <BudgetYearProvider>
          <ProjectionsTab />
        </BudgetYearProvider>
      ),
    },
  ]);
  const projections = () => asked.filter((u) => u.startsWith('/api/cola/multi-year-projection'));
  return { projections };
}

describe('ProjectionsTab', () => {
  // QA saw the Baseline box prefilled '45342684.5'.
  it('prefills the baseline as money boxes are written, and shows the goal note as the server writes it', async () => {
    renderTab();
    const box = (await screen.findByLabelText('Baseline budget ($)')) as HTMLInputElement;
    await vi.waitFor(() => expect(box.value).toBe('45,342,684.50'));
    const note = screen.getByLabelText('Where the figures come from');
    expect(note.textContent).toContain('(FY27 town goal, set Nov 30, 2026)');
    expect(note.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('reads the written baseline back exactly: the data’s own figure, or the one typed to the cent', async () => {
    const { projections } = renderTab();
    const box = (await screen.findByLabelText('Baseline budget ($)')) as HTMLInputElement;
    await vi.waitFor(() => expect(box.value).toBe('45,342,684.50'));
    await vi.waitFor(() => expect(projections()).toHaveLength(1));
    // Left as prefilled, it is the district's figure: the server fills it in and names it.
    expect(projections()[0]).toContain('baselineBasis=budget');
    expect(projections()[0]).not.toContain('baselineBudget');
    fireEvent.change(box, { target: { value: '$45,342,684.51' } });
    fireEvent.change(screen.getByLabelText('Fallback town funding ($)'), {
      target: { value: '48,100,000.55' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Project' }));
    await vi.waitFor(() => expect(projections()).toHaveLength(2));
    const sent = new URL(projections()[1], 'http://x').searchParams;
    expect(sent.get('baselineBudget')).toBe('45342684.51');
    expect(sent.get('townFunding')).toBe('48100000.55');
  });
});
