// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIX_BASE_YEAR_REQUIRED } from '@shared/schemas/projections';
import { DiagnosticsPanel } from '@web/screens/dashboard/diagnostics-panel';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'projections.write': true } });
const kind = (importedYear: number) => ({
  importedYear,
  importedCount: 3,
  importedYears: [importedYear],
  projectedYears: [],
  needsFix: true,
  canFix: true,
});

/** The panel with the base year recorded as `baseYear`, and `fix` answering 'Fix Base Year'. */
function renderPanel(baseYear: number | null, fix: (body: unknown) => Response) {
  const sent: unknown[] = [];
  stubApi({
    '/api/auth/me': { user: finance },
    '/api/projections/status': { budgetYearId: 7, currentFiscalYear: 2026, years: [] },
    '/api/projections/base-year-diagnostic': {
      budgetYearId: 7,
      fiscalYear: 'FY26',
      baseYear,
      currentFiscalYear: 2030,
      operating: kind(2027),
      proposed: kind(2027),
      needsFix: true,
      message: 'Imported data sits outside the base year',
    },
    '/api/projections/fix-base-year': (_url, init) => {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return fix(body);
    },
  });
  storeSession(finance);
  renderRoutes('/dash', [
    { path: 'dash', element: <DiagnosticsPanel budgetYearId={7} years={[2025, 2026]} /> },
  ]);
  return sent;
}

describe('Fix Base Year', () => {
  it("says under the year that one is missing, with the API's message, and sends nothing", async () => {
    const sent = renderPanel(null, () => jsonResponse(500, {}));
    fireEvent.click(await screen.findByRole('button', { name: 'Fix Base Year' }));
    const year = screen.getByLabelText('Correct base year');
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(year)).toBe(FIX_BASE_YEAR_REQUIRED);
    expect(FIX_BASE_YEAR_REQUIRED).toBe('Choose the fiscal year the imported data belongs to');
    expect(screen.queryByText('Failed to fix base year')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows a refusal of the server under the failure heading', async () => {
    const sent = renderPanel(2026, () =>
      jsonResponse(409, {
        error: 'Cannot move operating lines to FY26: other lines are already there (1 in FY26)',
        code: 'CONFLICT',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Fix Base Year' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fix base year')).toBeTruthy();
    expect(alert.textContent).toContain('Cannot move operating lines to FY26');
    expect(sent).toEqual([{ budgetYearId: 7, correctBaseYear: 2026, isOperating: true }]);
    expect(screen.getByLabelText('Correct base year').getAttribute('aria-invalid')).toBeNull();
  });
});
