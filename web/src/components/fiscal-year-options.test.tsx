// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { jsonResponse, makeUser, stubApi, storeSession } from '@web/test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const budgetYear = { id: 2, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };

describe("a screen's Fiscal year filter", () => {
  // QA: the Scenario Builder, the managers, Funds and Import History offered 'FY26 (2026)' where
  // the dashboard's picker offers 'FY26 (current)'.
  it('offers the years as the dashboard does: FY26 (current) beside FY25 and FY27', async () => {
    storeSession(makeUser({ role: 'FINANCE' }));
    stubApi({
      '/api/line-items/fiscal-years': () =>
        jsonResponse(200, { fiscalYears: [2025, 2026, 2027], withLines: [2025, 2026] }),
    });
    const { result } = renderHook(() => useFiscalYearChoice(budgetYear), { wrapper });
    await waitFor(() => expect(result.current.options).toHaveLength(3));
    expect(result.current.options.map((o) => o.label)).toEqual(['FY25', 'FY26 (current)', 'FY27']);
    expect(result.current.fiscalYear).toBe(2026);
  });
});
