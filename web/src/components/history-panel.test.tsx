// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HistoryPanel } from '@web/components/history-panel';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const fund = (id: number, name: string, kind: string) => ({
  id,
  name,
  code: String(1000 + id),
  kind,
  countsTowardNss: kind === 'general',
  nssDefault: true,
  awardAmount: null,
  periodStart: null,
  periodEnd: null,
  note: null,
  showToResidents: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('a line’s history', () => {
  // QA: a fund chosen for a proposed line read 'fundId — → 6' and 'metadata {} → {"fundNamed":true}'.
  it('names the funds a line moved between and says in words what else changed', async () => {
    const user = makeUser({ role: 'FINANCE' });
    stubApi({
      '/api/auth/me': { user },
      '/api/budget-years': { budgetYears: [] },
      '/api/funds': {
        funds: [fund(1, 'General Fund', 'general'), fund(6, 'Title I, Part A', 'federal_grant')],
      },
      '/api/history/line-item/42': {
        entries: [
          {
            id: 9,
            action: 'update',
            actor: 'Fran Finance',
            createdAt: '2026-11-20T15:00:00.000Z',
            cause: null,
            changes: [
              {
                field: 'building',
                before: { id: 2, name: 'Hillside' },
                after: { id: 3, name: 'Center Street' },
              },
              { field: 'fundId', before: null, after: 6 },
              { field: 'metadata.fundNamed', before: null, after: true },
            ],
            before: {},
            after: {},
          },
        ],
      },
    });
    storeSession(user);
    renderRoutes('/h', [{ path: 'h', element: <HistoryPanel entity="line-item" id={42} /> }]);
    const fundRow = (await screen.findByRole('rowheader', { name: 'Fund' })).closest('tr')!;
    expect(await within(fundRow).findByText('Title I, Part A')).toBeTruthy();
    // No fund named is the general fund's.
    expect(within(fundRow).getByText('General Fund')).toBeTruthy();
    const byHand = screen.getByRole('rowheader', { name: 'Fund chosen by hand' }).closest('tr')!;
    expect(within(byHand).getByText('Yes')).toBeTruthy();
    expect(screen.getByText('Center Street')).toBeTruthy();
    expect(screen.queryByText(/fundId|metadata|\{/)).toBeNull();
  });
});
