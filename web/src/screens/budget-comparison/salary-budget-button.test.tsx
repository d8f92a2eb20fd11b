// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, storeSession, makeUser } from '@web/test/render';
import { SalaryBudgetButton } from './salary-budget-button';

const RESULT = {
  updatedItems: 3,
  createdItems: 1,
  removedItems: 51,
  distributedAmount: 1_000_000,
  totalOperatingSalary: 1_000_000,
  undistributedAmount: 0,
};

function renderButton(fiscalYear: number) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const ui = (year: number) => (
    <QueryClientProvider client={client}>
      <SalaryBudgetButton budgetYearId={1} fiscalYear={year} />
    </QueryClientProvider>
  );
  const view = render(ui(fiscalYear));
  return { rerender: (year: number) => view.rerender(ui(year)) };
}

describe('SalaryBudgetButton', () => {
  it("shows a year's result only while that year is chosen", async () => {
    storeSession(makeUser());
    const fetchMock = vi.fn(async () => jsonResponse(200, RESULT));
    vi.stubGlobal('fetch', fetchMock);
    const view = renderButton(2026);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY26 Salary Budget' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update Salary Budget' }));
    expect(await screen.findByText('FY26 salary budget updated')).toBeTruthy();
    // What was changed, added and removed, each counted.
    expect(screen.getByText(/3 lines changed, 1 line added and 51 lines removed:/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();

    view.rerender(2027);
    expect(screen.getByRole('button', { name: 'Update FY27 Salary Budget' })).toBeTruthy();
    expect(screen.queryByText(/salary budget updated/)).toBeNull();
    expect(screen.queryByText(/3 lines changed/)).toBeNull();
  });

  it("shows a year's failure only while that year is chosen", async () => {
    storeSession(makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { error: 'No payroll', code: 'CONFLICT' })),
    );
    const view = renderButton(2026);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY26 Salary Budget' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update Salary Budget' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to update salary budget: No payroll',
    );
    view.rerender(2027);
    expect(screen.queryByText(/Failed to update salary budget/)).toBeNull();
  });
});
