// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { BudgetStagesScreen } from './index';

// An administrator chooses FY27 on Budget Stages (the budget year's own fiscal year is FY26) and
// follows 'Compare stages': the comparison opens on FY27, the year whose stages they were reading,
// not on FY26, where 'No stage recorded for FY26 yet' left them with nothing to compare. Opened
// from the comparison's 'Budget Stages' button (?fiscalYear=2027), the screen shows FY27's stages.

const admin = makeUser();
const fy26 = { id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

const stagesOf = (fiscalYear: number) => ({
  budgetYearId: 2,
  fiscalYear,
  current: {
    stage: fiscalYear === 2027 ? 'SUPERINTENDENT_RECOMMENDED' : 'DRAFT',
    date: fiscalYear === 2027 ? '2027-02-01' : null,
    reopened: false,
    closed: false,
    closedBy: null,
    locked: false,
    stageLabel: fiscalYear === 2027 ? "Superintendent's Recommended" : 'Draft',
    caption: fiscalYear === 2027 ? "Superintendent's Recommended, recommended Feb 1, 2027" : 'Draft',
  },
  next: { stage: null, label: null, blocked: 'Only an administrator records a stage' },
  events:
    fiscalYear === 2027
      ? [
          {
            id: 2,
            event: 'advance',
            stage: 'SUPERINTENDENT_RECOMMENDED',
            stageLabel: "Superintendent's Recommended",
            date: '2027-02-01',
            note: 'Presented at the 1 February meeting',
            createdBy: 'District Administrator',
            createdAt: '2026-11-30T08:11:57.675Z',
            totals: {
              proposedTotal: 49024537.55,
              proposedCount: 190,
              employeeCount: 495,
              salaryTotal: 36174566.65,
              nextYearSalaryTotal: 37567937.92,
            },
            lineCount: 685,
          },
        ]
      : [],
  published: null,
});

const api = () => ({
  '/api/auth/me': { user: admin },
  '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [2] },
  '/api/line-items/fiscal-years': { fiscalYears: [2026, 2027], withLines: [2026, 2027] },
  '/api/budget-stages': (url: string) =>
    new Response(JSON.stringify(stagesOf(Number(new URL(url, 'http://x').searchParams.get('fiscalYear')))), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
});

function WhereTo() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

describe('Budget Stages: Compare stages', () => {
  it('opens the comparison on the fiscal year chosen on the screen', async () => {
    storeSession(admin);
    stubApi(api());
    renderRoutes('/budget-stages', [
      {
        path: 'budget-stages',
        element: (
          <BudgetYearProvider>
            <BudgetStagesScreen />
          </BudgetYearProvider>
        ),
      },
      { path: 'budget-stages/compare', element: <WhereTo /> },
    ]);
    const picker = await screen.findByRole('combobox', { name: 'Fiscal year' });
    await waitFor(() => expect(picker.textContent).toBe('FY26'));
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'FY27' }));
    await waitFor(() =>
      expect(screen.getByTestId('stage-caption').textContent).toBe(
        "Superintendent's Recommended, recommended Feb 1, 2027",
      ),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Compare stages' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/budget-stages/compare?fiscalYear=2027');
  });

  it('opens on the fiscal year the address names, as Stage Comparison links back to it', async () => {
    storeSession(admin);
    stubApi(api());
    renderRoutes('/budget-stages?fiscalYear=2027', [
      {
        path: 'budget-stages',
        element: (
          <BudgetYearProvider>
            <BudgetStagesScreen />
          </BudgetYearProvider>
        ),
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('stage-caption').textContent).toBe(
        "Superintendent's Recommended, recommended Feb 1, 2027",
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Fiscal year' }).textContent).toBe('FY27');
  });
});
