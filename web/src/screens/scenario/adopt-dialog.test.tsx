// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { CutScenario } from '@web/api/cut-scenarios';
import type { AdoptPreview } from '@web/api/scenario-adoptions';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { AdoptDialog } from './adopt-dialog';

const admin = makeUser({ role: 'ADMIN', abilities: { 'scenarios.read': true, 'scenarios.write': true } });

const scenario = { id: 4, name: 'Staffing', fiscalYear: 2027 } as CutScenario;

const place = (id: number, name: string) => ({ id, name });
const preview: AdoptPreview = {
  scenario: { id: 4, name: 'Staffing', budgetYearId: 2, fiscalYear: 2027 },
  stage: { stage: 'DRAFT', label: 'Draft', caption: 'Draft budget', locked: false },
  lines: [],
  totalBefore: 1_000_000,
  totalAfter: 927_899.97,
  cutsTotal: 72_100.03,
  positions: [
    {
      id: 1,
      kind: 'cut',
      positionId: 12,
      title: 'Grade 3 Teacher',
      building: place(1, 'Hillside'),
      category: place(3, 'Teachers'),
      workGroup: 'Teachers',
      deseCode: '2305',
      fte: 1,
      status: 'filled',
      holders: ['Ben Teacher'],
      amount: 72_100.03,
      generalAmount: 72_100.03,
      unpricedReason: null,
      stale: null,
      reason: 'Enrollment down',
      why: null,
      warning: null,
      createdAt: '2026-11-29T00:00:00.000Z',
    },
    {
      id: 2,
      kind: 'add',
      positionId: null,
      title: 'Interventionist',
      building: place(1, 'Hillside'),
      category: place(3, 'Teachers'),
      workGroup: null,
      deseCode: null,
      fte: 0.5,
      status: 'new',
      holders: [],
      amount: null,
      generalAmount: null,
      unpricedReason: 'No salary schedule',
      stale: null,
      reason: null,
      why: null,
      warning: null,
      createdAt: '2026-11-29T00:00:00.000Z',
    },
  ] as AdoptPreview['positions'],
  positionsNet: 72_100.03,
  basis: 'b1',
  blocked: null,
  earlier: [],
  adoptedSince: [],
};

// A scenario that cuts and adds only by position changes no line of its own: the confirmation
// said only 'Each line below gets its new amount', with nothing below it.
it('lists the positions an adoption will close and create', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/auth/me')) {
        return jsonResponse(200, { user: admin });
      }
      if (url.includes('/adopt/preview')) {
        return jsonResponse(200, preview);
      }
      throw new Error(`Unexpected call ${url}`);
    }),
  );
  storeSession(admin);
  const scope = { budgetYearId: 2, fiscalYear: 2027 };
  renderRoutes('/scenario', [
    {
      path: 'scenario',
      element: <AdoptDialog open onOpenChange={() => undefined} scenario={scenario} scope={scope} />,
    },
  ]);
  expect(await screen.findByRole('heading', { name: 'Positions that change (2)' })).toBeTruthy();
  const table = screen.getByRole('table', { name: '' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringMatching(
      /^Cut Grade 3 Teacher\s*Hillside\s*1\s*filled\s*Ben Teacher\s*Saves \$72,100\.03\s*Enrollment down$/,
    ),
    expect.stringMatching(/^Add Interventionist\s*Hillside\s*0\.5\s*new\s*—\s*No salary schedule$/),
  ]);
  expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
});
