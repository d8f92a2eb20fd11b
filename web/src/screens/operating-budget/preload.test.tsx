// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lineItemKeys } from '@web/api/line-items';
import { takeSessionCheck } from '@web/auth/session-check';
import { BUDGET_YEAR_STORAGE_KEY } from '@web/budget-year/budget-year-context';
import { preloadSignedIn } from '@web/routes';
import { makeUser, storeSession, stubApi } from '@web/test/render';

const years = [
  { id: 4, fiscalYear: 'FY25', name: null, notes: null, currentFiscalYear: 2025 },
  { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 },
];

/** The API, with /api/auth/me never answering, as while the session is being checked. */
const stubSessionCheck = (fiscalYears: number[]) =>
  stubApi({
    '/api/auth/me': () => new Promise<Response>(() => {}),
    '/api/budget-years': { budgetYears: years },
    '/api/line-items/fiscal-years': { fiscalYears, withLines: fiscalYears },
    '/api/line-items/budget': { lineItems: [] },
  });

describe('opening the Employee Budget Manager with a stored session', () => {
  // The preload starts the shell's, the screen's and the grid's code without awaiting them; a module
  // still loading when the test environment closes is an unhandled error. Wait for the same loads.
  afterAll(async () => {
    await Promise.all([
      import('@web/components/shell/shell'),
      import('@web/screens/operating-budget/index'),
      import('@web/components/data-grid/ag-data-grid'),
    ]);
  }, 60_000);

  it('asks for the first lines of the year the screen will show without waiting for the session check', async () => {
    const asked = stubSessionCheck([2025, 2026, 2027]);
    storeSession(makeUser({ role: 'FINANCE' }));
    localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, '7');
    const queryClient = new QueryClient();
    preloadSignedIn('/admin/operating-budget', queryClient);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(lineItemKeys.firstEmployees(7, 2026))).toBeDefined(),
    );
    const lines = asked.filter((u) => u.startsWith('/api/line-items/budget?'));
    // Only the first lines: the whole year waits until the grid has drawn them.
    expect(lines).toEqual([
      '/api/line-items/budget?budgetYearId=7&fiscalYear=2026&isOperating=true&format=rows&limit=100',
    ]);
  });

  it('checks the session before anything else, once: the session gate takes the same check', async () => {
    const asked = stubSessionCheck([2026]);
    storeSession(makeUser({ role: 'FINANCE' }));
    preloadSignedIn('/admin/operating-budget', new QueryClient());
    // Asked first, not after the app's code has loaded and rendered.
    await vi.waitFor(() => expect(asked).toContain('/api/budget-years'));
    expect(asked[0]).toBe('/api/auth/me');
    void takeSessionCheck(new AbortController().signal);
    expect(asked.filter((u) => u === '/api/auth/me')).toHaveLength(1);
    // Taken once: a later check (after signing in again, say) asks the server again.
    void takeSessionCheck(new AbortController().signal);
    expect(asked.filter((u) => u === '/api/auth/me')).toHaveLength(2);
  });

  it("asks for the current fiscal year's first lines beside the fiscal years, not after them", async () => {
    const asked = stubApi({
      '/api/auth/me': () => new Promise<Response>(() => {}),
      '/api/budget-years': { budgetYears: years },
      // The fiscal years never answer: the likely year's first lines must not wait for them.
      '/api/line-items/fiscal-years': () => new Promise<Response>(() => {}),
      '/api/line-items/budget': { lineItems: [] },
    });
    storeSession(makeUser({ role: 'FINANCE' }));
    localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, '7');
    preloadSignedIn('/admin/operating-budget', new QueryClient());
    await vi.waitFor(() =>
      expect(asked).toContain(
        '/api/line-items/budget?budgetYearId=7&fiscalYear=2026&isOperating=true&format=rows&limit=100',
      ),
    );
  });

  it("asks for the stored budget year's fiscal years beside the budget years, not after them", async () => {
    const asked = stubApi({
      '/api/auth/me': () => new Promise<Response>(() => {}),
      // The budget years never answer: the fiscal years must not wait for them.
      '/api/budget-years': () => new Promise<Response>(() => {}),
      '/api/line-items/fiscal-years': { fiscalYears: [2026], withLines: [2026] },
    });
    storeSession(makeUser({ role: 'FINANCE' }));
    localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, '7');
    preloadSignedIn('/admin/operating-budget', new QueryClient());
    await vi.waitFor(() => expect(asked).toContain('/api/line-items/fiscal-years?budgetYearId=7'));
  });

  it("picks the screen's fiscal year: the first one listed when the current year has no lines", async () => {
    stubSessionCheck([2027, 2028]);
    storeSession(makeUser({ role: 'ADMIN' }));
    const queryClient = new QueryClient();
    preloadSignedIn('/admin/operating-budget/', queryClient);
    // No stored choice: FY26, the header's default.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(lineItemKeys.firstEmployees(7, 2027))).toBeDefined(),
    );
  });

  it('asks for no employee lines for a role that may not open the screen', async () => {
    const asked = stubSessionCheck([2026]);
    storeSession(makeUser({ role: 'VIEW_ONLY' }));
    preloadSignedIn('/admin/operating-budget', new QueryClient());
    await vi.waitFor(() => expect(asked).toContain('/api/budget-years'));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked.filter((u) => u.startsWith('/api/line-items'))).toEqual([]);
  });
});
