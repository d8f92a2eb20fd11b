// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
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

describe('a line’s building, category and work group in its history', () => {
  const entry = (id: number, changes: { field: string; before: unknown; after: unknown }[]) => ({
    id,
    action: 'update',
    actor: 'Avery Admin',
    createdAt: '2026-11-20T15:00:00.000Z',
    cause: null,
    changes,
    before: {},
    after: {},
  });

  // QA: 'building | Whitcomb | Hillside', 'Building id | 6 | 3', 'Category id | 1 | 3' and
  // 'Work group id | 1 | 9', the category never by name.
  it('shows each once, by name: from the change where it carries the name, else from the lists', async () => {
    const user = makeUser({ role: 'ADMIN' });
    const asked = stubApi({
      '/api/auth/me': { user },
      '/api/budget-years': { budgetYears: [] },
      '/api/categories': {
        categories: [
          { id: 1, name: 'Instruction' },
          { id: 3, name: 'Administration' },
        ],
      },
      '/api/cola/work-groups': { workGroups: [{ id: 9, name: 'Paraprofessionals' }] },
      '/api/history/line-item/42': {
        entries: [
          // An employee line: its building kept by name too, its category and work group by id only.
          entry(2, [
            { field: 'building', before: { name: 'Whitcomb' }, after: { name: 'Hillside' } },
            { field: 'buildingId', before: 6, after: 3 },
            { field: 'categoryId', before: 1, after: 3 },
            { field: 'workGroupId', before: 1, after: 9 },
          ]),
          // A proposed line's category kept by name too; a line moved to District Wide.
          entry(1, [
            { field: 'building', before: { name: 'Hillside' }, after: null },
            { field: 'buildingId', before: 3, after: null },
            {
              field: 'category',
              before: { name: 'Supplies', color: null },
              after: { name: 'Travel', color: '#f00' },
            },
            { field: 'categoryId', before: 4, after: 5 },
          ]),
        ],
      },
    });
    storeSession(user);
    renderRoutes('/h', [{ path: 'h', element: <HistoryPanel entity="line-item" id={42} /> }]);
    const [newer, older] = await screen.findAllByRole('table');
    const rows = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    // The work groups' list has no group 1 (deleted since): its number shows, as '#1'.
    await waitFor(() =>
      expect(rows(newer)).toEqual([
        'BuildingWhitcombHillside',
        'CategoryInstructionAdministration',
        'Work group#1Paraprofessionals',
      ]),
    );
    expect(rows(older)).toEqual(['BuildingHillsideDistrict Wide', 'CategorySuppliesTravel']);
    // The buildings' list is not asked for: every building change carried its name.
    expect(asked.some((url) => url.startsWith('/api/buildings'))).toBe(false);
  });
});
