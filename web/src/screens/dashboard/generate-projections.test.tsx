// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GenerateProjections } from '@web/screens/dashboard/generate-projections';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'projections.write': true } });

/** The dialog asks which base the proposed budget grows from, and sends it. */
describe('Generate Projections: the base of the proposed budget', () => {
  it('offers last year’s budget or actual spending as a labelled radio group, sends the choice and says the base used', async () => {
    const sent: unknown[] = [];
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/projections/base-years': { operatingBase: null, proposedBase: 2026 },
      '/api/projections/generate': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(200, {
          projectedCount: 4,
          replacedCount: 0,
          supersededCount: 0,
          baseYear: 2026,
          fiscalYears: [2027],
          skippedYears: [],
          proposedBase: 'actual',
          actualBase: {
            fromYear: 2026,
            fiscalYear: 2027,
            source: 'FY26 actual spending from the ledger, period 13 (year complete)',
            factors: [
              {
                categoryId: 1,
                categoryName: 'Supplies',
                budget: 100,
                actual: 90,
                factor: '0.9',
                note: null,
              },
            ],
          },
        });
      },
    });
    storeSession(finance);
    renderRoutes('/dash', [
      { path: 'dash', element: <GenerateProjections budgetYearId={7} onError={() => undefined} /> },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Projections' }));
    const group = await screen.findByRole('radiogroup', { name: 'Base of the proposed budget' });
    expect(group).toBeTruthy();
    const budget = screen.getByRole('radio', { name: 'Last year’s budget' });
    expect(budget.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Last year’s actual spending' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ budgetYearId: 7, projectionType: 'proposed', proposedBase: 'actual' });
    expect(
      await screen.findByText(
        /Proposed FY27 based on FY26 actual spending from the ledger, period 13 \(year complete\): Supplies ×0\.9\./,
      ),
    ).toBeTruthy();
  });
});
