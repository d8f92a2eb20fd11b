import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { PositionDetail } from '@web/api/positions';
import { PositionForm } from '@web/screens/positions/position-form';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

export const positionsWriter = makeUser({ role: 'FINANCE', abilities: { 'positions.write': true } });

/**
 * The position form (a new one when `position` is null) signed in as a FINANCE user who may write
 * positions, its lists answered from `lists` (path to body; a fund list and reference lists of
 * one building and one category by default). Any other request goes to `other` (a save, say);
 * returns the form.
 */
export function renderPositionForm(options: {
  position: PositionDetail | null;
  lists?: Record<string, unknown>;
  other(method: string, url: string, init: RequestInit): Response;
}): HTMLElement {
  const lists: Record<string, unknown> = {
    '/api/auth/me': { user: positionsWriter },
    '/api/funds': { funds: [] },
    '/api/buildings': { buildings: [{ id: 3, name: 'Hillside' }] },
    '/api/categories': { categories: [{ id: 5, name: 'Teachers', isPersonnel: true }] },
    // The codes in force in FY2028, the year FY2027's roster (the scope below) is budgeted in.
    '/api/categories/dese-codes?fiscalYear=2028': { codes: [] },
    '/api/cola/work-groups': { workGroups: [] },
    '/api/positions/vacancy-placement': { placements: [] },
    ...options.lists,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      return method === 'GET' && url in lists
        ? jsonResponse(200, lists[url])
        : options.other(method, url, init);
    }),
  );
  storeSession(positionsWriter);
  const element = (
    <PositionForm
      position={options.position}
      scope={{ budgetYearId: 2, fiscalYear: 2027 }}
      canEdit
      onSaved={() => {}}
      onCancel={() => {}}
    />
  );
  renderRoutes('/form', [{ path: 'form', element }]);
  return screen.getByRole('form', { name: 'Position details' });
}
