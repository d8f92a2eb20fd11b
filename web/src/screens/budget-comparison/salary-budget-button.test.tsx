// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, storeSession, makeUser } from '@web/test/render';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import { SalaryBudgetButton } from './salary-budget-button';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

const RESULT = {
  updatedItems: 3,
  createdItems: 1,
  removedItems: 51,
  distributedAmount: 1_000_000,
  totalOperatingSalary: 1_000_000,
  undistributedAmount: 0,
  dryRun: false,
  source: 'payroll',
  changes: [],
};

/** A dry run's answer: one line changed and one added, each with its amounts. */
const PREVIEW = {
  ...RESULT,
  updatedItems: 1,
  createdItems: 1,
  removedItems: 0,
  dryRun: true,
  changes: [
    {
      action: 'update',
      categoryName: 'Teachers',
      buildingName: 'Hillside',
      code: '2305',
      from: 100,
      to: 250.5,
    },
    { action: 'create', categoryName: 'Aides', buildingName: null, code: null, from: null, to: 30000 },
  ],
};

/** The budget years: none has a recorded home, so the update is offered in each. */
const YEARS = { budgetYears: [], districtName: null, homes: [], budgetYearsWithLines: [] };

/** Answers a dry run with `preview`, the update itself with `result` (and the budget years). */
const answering = (preview: unknown, result: unknown = RESULT) =>
  vi.fn(async (url: string, init?: { body?: string }) =>
    url.startsWith('/api/budget-years')
      ? jsonResponse(200, YEARS)
      : jsonResponse(200, JSON.parse(init?.body ?? '{}').dryRun ? preview : result),
  );

/** The salary budget's requests (the dry run and the update), leaving out the budget years. */
const salaryCalls = (fetchMock: ReturnType<typeof answering>) =>
  fetchMock.mock.calls.filter(([url]) => !url.startsWith('/api/budget-years'));

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
    const fetchMock = answering(PREVIEW);
    vi.stubGlobal('fetch', fetchMock);
    const view = renderButton(2026);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY26 Salary Budget' }));
    // Before confirming: what the update would set, each line with its amounts.
    const list = await screen.findByRole('list', { name: 'Salary lines to change' });
    expect(list.textContent).toContain('Change Teachers at Hillside (2305): $100.00 to $250.50');
    expect(list.textContent).toContain('Add Aides at District Wide: $30,000.00');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Salary Budget' }));
    expect(await screen.findByText('FY26 salary budget updated')).toBeTruthy();
    // What was changed, added and removed, each counted.
    expect(screen.getByText(/3 lines changed, 1 line added and 51 lines removed:/)).toBeTruthy();
    // The dry run, then the update.
    expect(salaryCalls(fetchMock)).toHaveLength(2);

    view.rerender(2027);
    expect(screen.getByRole('button', { name: 'Update FY27 Salary Budget' })).toBeTruthy();
    expect(screen.queryByText(/salary budget updated/)).toBeNull();
    expect(screen.queryByText(/3 lines changed/)).toBeNull();
  });

  it("says a planned year's lines took the positions' cost, not a payroll, and what had no line", async () => {
    storeSession(makeUser());
    const planned = {
      ...RESULT,
      source: 'positions',
      distributedAmount: 995_000,
      undistributedAmount: 5_000,
    };
    vi.stubGlobal('fetch', answering({ ...PREVIEW, source: 'positions' }, planned));
    renderButton(2027);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY27 Salary Budget' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update Salary Budget' }));
    expect(await screen.findByText('FY27 salary budget updated')).toBeTruthy();
    expect(
      screen.getByText(
        "3 lines changed, 1 line added and 51 lines removed: $995,000 of the positions' $1,000,000 budgeted cost ($5,000 is the cost of positions with no personnel category) is now in the proposed budget.",
      ),
    ).toBeTruthy();
  });

  it('says nothing is out of date when a dry run finds nothing to change', async () => {
    storeSession(makeUser());
    vi.stubGlobal(
      'fetch',
      answering({ ...RESULT, updatedItems: 0, createdItems: 0, removedItems: 0, dryRun: true }),
    );
    renderButton(2027);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY27 Salary Budget' }));
    expect(await screen.findByText(/Nothing is out of date/)).toBeTruthy();
  });

  it("shows a year's failure only while that year is chosen", async () => {
    storeSession(makeUser());
    // A dry run that cannot answer says so in the dialog, as the update does under the button.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { error: 'No payroll', code: 'CONFLICT' })),
    );
    const view = renderButton(2026);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY26 Salary Budget' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No payroll');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Salary Budget' }));
    await screen.findByText(/Failed to update salary budget/);
    expect(
      screen
        .getAllByRole('alert')
        .some((a) => a.textContent?.includes('Failed to update salary budget: No payroll')),
    ).toBe(true);
    view.rerender(2027);
    expect(screen.queryByText(/Failed to update salary budget/)).toBeNull();
  });

  it('says a locked year is locked, what is out of date and by how much, and offers no update', async () => {
    storeSession(makeUser());
    const drift = lockedSalaryLines(-22900.2);
    const fetchMock = answering({
      ...PREVIEW,
      updatedItems: 1,
      createdItems: 0,
      changes: [PREVIEW.changes[0]],
      locked: { ...drift, message: salaryLinesLockedText(drift) },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderButton(2027);
    fireEvent.click(screen.getByRole('button', { name: 'Update FY27 Salary Budget' }));
    expect(await screen.findByText("FY27's salary lines are locked")).toBeTruthy();
    expect(
      screen.getByText(
        "FY27's salary lines are locked by the stage School Committee Adopted. 1 salary line is out of date: " +
          'they hold $22,900.20 more than the positions cost. Reopen the stage (Budget Stages), then ' +
          'Update Salary Budget, to bring them in line.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Once the year is reopened, the update will set 1 line changed, 0 lines added and 0 lines removed:',
      ),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Salary lines to change' });
    expect(list.textContent).toContain('Change Teachers at Hillside (2305): $100.00 to $250.50');
    // The update would only be refused: it is not offered.
    const confirm = screen.getByRole('button', { name: 'Update Salary Budget' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(salaryCalls(fetchMock)).toHaveLength(1);
  });
});
