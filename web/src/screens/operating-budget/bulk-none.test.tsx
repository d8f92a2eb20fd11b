// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmployeeLineItem } from '@web/api/line-items';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { OperatingBudgetScreen } from './index';

// As the Proposed Budget Manager's bulk actions (and the Positions manager's Apply to Selected):
// Bulk Actions is disabled, saying why, while no employee is ticked, rather than opening a dialog
// that can only say so. The grid is stood in for: it ticks a line.
const line = { id: 7, budgetYearId: 2, fiscalYear: 2027, lastName: 'Ames' } as unknown as EmployeeLineItem;

vi.mock('@web/components/data-grid/data-grid', () => ({
  GridPlaceholder: () => <div data-testid="grid" />,
  DataGrid: ({ onSelectionChange }: { onSelectionChange(rows: EmployeeLineItem[]): void }) => (
    <div data-testid="grid">
      <button type="button" onClick={() => onSelectionChange([line])}>
        Tick the line
      </button>
    </div>
  ),
}));

const finance = makeUser({ role: 'FINANCE', abilities: { 'lineItems.write': true } });
const fy27 = { id: 2, fiscalYear: 'FY27', name: 'FY27 Budget', notes: null, currentFiscalYear: 2027 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Employee Budget Manager’s Bulk Actions', () => {
  it('is disabled, saying why, until an employee is ticked', async () => {
    storeSession(finance);
    const answers: Record<string, unknown> = {
      '/api/auth/me': { user: finance },
      '/api/budget-years': { budgetYears: [fy27], districtName: null, homes: [], budgetYearsWithLines: [2] },
      '/api/line-items/fiscal-years': { fiscalYears: [2027], withLines: [2027] },
    };
    // The lists the screen reads besides (lines, totals, schedules, locks) answer empty.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => jsonResponse(200, answers[url.split('?')[0]] ?? {})),
    );
    renderRoutes('/operating-budget', [
      {
        path: 'operating-budget',
        element: (
          <BudgetYearProvider>
            <OperatingBudgetScreen />
          </BudgetYearProvider>
        ),
      },
    ]);
    await screen.findAllByTestId('grid');
    const bulk = (await screen.findByRole('button', { name: /^Bulk Actions/ })) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    expect(describedText(bulk)).toBe('Tick lines first (the box at the start of each row)');
    fireEvent.click(await screen.findByRole('button', { name: 'Tick the line' }));
    const one = screen.getByRole('button', { name: 'Bulk Actions (1)' }) as HTMLButtonElement;
    expect(one.disabled).toBe(false);
    expect(one.getAttribute('aria-describedby')).toBeNull();
  });
});
