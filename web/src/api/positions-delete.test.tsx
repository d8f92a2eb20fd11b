// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeletePosition, usePosition, usePositions } from '@web/api/positions';
import { jsonResponse, makeUser, stubApi, storeSession } from '@web/test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const filters = { budgetYearId: 2, fiscalYear: 2026 };
const totals = { positionCount: 1, fte: 1, filledFte: 0, vacantFte: 1, vacantCount: 1, cost: 0 };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('deleting a position', () => {
  it('refreshes the lists but does not ask for the deleted position again (it would answer 404)', async () => {
    storeSession(makeUser({ role: 'FINANCE' }));
    let deleted = false;
    const asked = stubApi({
      '/api/positions': () =>
        jsonResponse(200, {
          ...filters,
          total: deleted ? 0 : 1,
          totals,
          positions: deleted ? [] : [{ id: 7 }],
        }),
      '/api/positions/7': (_url, init) => {
        if (init.method === 'DELETE') {
          deleted = true;
          return jsonResponse(200, { deleted: 7 });
        }
        return deleted
          ? jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Position not found' } })
          : jsonResponse(200, { position: { id: 7, title: 'Custodian', version: 3 } });
      },
    });
    // The dialog's detail and the list behind it, both on screen as Delete is pressed.
    const { result } = renderHook(
      () => ({ detail: usePosition(7), list: usePositions(filters, true), remove: useDeletePosition() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.detail.isSuccess && result.current.list.data).toBeTruthy());
    const before = asked.length;

    await act(() => result.current.remove.mutateAsync({ id: 7, version: 3 }));
    // The list is asked for again and shows the position gone.
    await waitFor(() => expect(result.current.list.data?.total).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = asked.slice(before);
    expect(after.filter((url) => url.startsWith('/api/positions/7'))).toEqual(['/api/positions/7?version=3']);
    expect(result.current.detail.isError).toBe(false);
  });
});
