// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { describedText, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { SalaryBudgetButton } from './salary-budget-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// QA (FINANCE, header's Budget year FY27 Budget): 'Update FY27 Salary Budget' was offered though
// FY27 is planned in budget year FY26; its dialog's check answered 400 and the button stayed enabled.
// The reason names the year as the button does ('FY27', where it said 'FY2027' beside 'Update FY27').
const finance = makeUser({ role: 'FINANCE' });
const year = (id: number, label: string) => ({
  id,
  fiscalYear: label,
  name: `${label} Budget`,
  notes: null,
  currentFiscalYear: 2000 + Number(label.slice(2)),
});

function renderButton(budgetYearId: number, fiscalYear: number) {
  storeSession(finance);
  const asked = stubApi({
    '/api/auth/me': { user: finance },
    '/api/budget-years': {
      budgetYears: [year(2, 'FY26'), year(3, 'FY27')],
      districtName: null,
      homes: [
        { fiscalYear: 2026, budgetYearId: 2 },
        { fiscalYear: 2027, budgetYearId: 2 },
        // FY27 Budget plans a year of its own: the shell's note (with its way to FY26) is not shown.
        { fiscalYear: 2028, budgetYearId: 3 },
      ],
      budgetYearsWithLines: [2],
    },
  });
  renderRoutes('/comparison', [
    {
      path: 'comparison',
      element: (
        <BudgetYearProvider>
          <SalaryBudgetButton budgetYearId={budgetYearId} fiscalYear={fiscalYear} />
        </BudgetYearProvider>
      ),
    },
  ]);
  return asked;
}

describe('Update Salary Budget for a year planned in another budget year', () => {
  it('is disabled, saying where the year is planned, with the way there', async () => {
    const asked = renderButton(3, 2027);
    const button = await screen.findByRole('button', { name: 'Update FY27 Salary Budget' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(describedText(button)).toBe(
      'FY27 is planned in budget year FY26: its salary budget is updated there.',
    );
    expect(screen.getByRole('button', { name: 'Open budget year FY26' })).toBeTruthy();
    expect(asked.some((u) => u.includes('salary'))).toBe(false);
  });

  it('is offered in the budget year that plans it', async () => {
    const asked = renderButton(2, 2027);
    const button = await screen.findByRole('button', { name: 'Update FY27 Salary Budget' });
    await vi.waitFor(() => expect(asked).toContain('/api/budget-years'));
    await new Promise((r) => setTimeout(r, 50));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/is planned in budget year/)).toBeNull();
  });
});
