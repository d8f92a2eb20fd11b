// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POSITIONS, usePositions } from '@web/api/positions';
import { storeSession, makeUser, stubApi } from '@web/test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const filters = { budgetYearId: 2, fiscalYear: 2026 };
const totals = { positionCount: 250, fte: 250, filledFte: 250, vacantFte: 0, vacantCount: 0, cost: 0 };
const position = (id: number) => ({ id, title: `Position ${id}` });
/** A district of 250 positions: the first page holds 200 of them. */
const page = (n: number) => ({
  ...filters,
  total: 250,
  totals,
  positions: Array.from({ length: n }, (_, i) => position(i + 1)),
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the Positions manager list', () => {
  it('asks for the whole list only once the screen wants it (its grid has drawn the first page)', async () => {
    storeSession(makeUser({ role: 'FINANCE' }));
    const asked = stubApi({
      '/api/positions': (url: string) =>
        new Response(JSON.stringify(url.includes('limit=') ? page(FIRST_POSITIONS) : page(250)), {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { result, rerender } = renderHook(({ wanted }) => usePositions(filters, wanted), {
      wrapper,
      initialProps: { wanted: false },
    });
    await waitFor(() => expect(result.current.data?.positions).toHaveLength(FIRST_POSITIONS));
    // The first page is on screen and more positions exist, yet nothing more is asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([`/api/positions?budgetYearId=2&fiscalYear=2026&limit=${FIRST_POSITIONS}`]);
    expect(result.current.complete).toBe(false);

    rerender({ wanted: true });
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.data?.positions).toHaveLength(250);
    expect(asked).toEqual([
      `/api/positions?budgetYearId=2&fiscalYear=2026&limit=${FIRST_POSITIONS}`,
      '/api/positions?budgetYearId=2&fiscalYear=2026&format=rows',
    ]);
  });
});
