// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScenarioPositionChange, ScenarioPositions } from '@web/api/scenario-positions';
import { makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { PositionsPanel } from './positions-panel';

/**
 * Once a cut is saved, the Scenario Builder's list of positions still says why each was taken (the
 * server keeps the pick's reason and its $0 warning with the cut). An add, made by hand, and a cut
 * saved before the reasons were kept say nothing: no reason is made up for them.
 */
const finance = makeUser({ role: 'FINANCE', abilities: { 'scenarios.read': true, 'scenarios.write': true } });
const oak = { id: 1, name: 'Oak Hill' };

const change = (id: number, over: Partial<ScenarioPositionChange>): ScenarioPositionChange => ({
  id,
  kind: 'cut',
  positionId: 100 + id,
  title: 'Art Teacher',
  building: oak,
  category: { id: 3, name: 'Art' },
  workGroup: 'Teachers',
  deseCode: null,
  fte: 1,
  status: 'filled',
  holders: [`Holder ${id}`],
  amount: 58_500.25,
  generalAmount: 58_500.25,
  unpricedReason: null,
  stale: null,
  reason: 'Enrollment down',
  why: null,
  warning: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

const changes = [
  change(1, { status: 'vacant', holders: [], why: 'vacant' }),
  change(2, { why: 'hired 2019-08-26 (least senior)' }),
  change(3, {
    amount: 0,
    generalAmount: 0,
    why: 'no hire date: newest position',
    warning: 'saves nothing: its holder has no salary',
  }),
  // A cut saved before the reasons were kept.
  change(4, { reason: null }),
  change(5, { kind: 'add', positionId: null, title: 'Art Aide', status: 'new', holders: [], reason: null }),
];

const answer: ScenarioPositions = {
  scenarioId: 4,
  fiscalYear: 2027,
  rosterFiscalYear: 2026,
  available: true,
  message: null,
  changes,
  totals: {
    cutFte: 4,
    addedFte: 1,
    savings: 175_500.75,
    addedCost: 58_500.25,
    net: 117_000.5,
    positionsCut: 4,
    positionsAdded: 1,
    cutsUnpriced: 0,
    addsUnpriced: 0,
  },
};

describe('the Scenario Builder’s positions after a cut is saved', () => {
  it('says why each saved cut was picked, and flags the one that saves nothing', async () => {
    stubApi({ '/api/auth/me': { user: finance }, '/api/scenarios/cuts/4/positions': answer });
    storeSession(finance);
    renderRoutes('/scenario', [{ path: 'scenario', element: <PositionsPanel scenarioId={4} canWrite /> }]);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Picked');
    const rows = within(table).getAllByRole('row').slice(1);
    const picked = rows.map((r) => r.querySelector('td[data-label="Picked"]')!);
    expect(picked.map((cell) => cell.textContent)).toEqual([
      'vacant',
      'hired 2019-08-26 (least senior)',
      'no hire date: newest positionSaves nothing: its holder has no salary',
      '',
      '',
    ]);
    // The warning stands apart from the reason, on its own line, as the cut's preview showed it.
    expect(
      within(picked[2] as HTMLElement).getByText('Saves nothing: its holder has no salary').tagName,
    ).toBe('STRONG');
    // An older cut and an add: no reason is made up (their cells are empty).
    expect(picked[3].childNodes).toHaveLength(0);
    expect(picked[4].childNodes).toHaveLength(0);
    // The user's own reason stays in its column beside the pick's.
    expect(rows[1].querySelector('td[data-label="Reason"]')!.textContent).toBe('Enrollment down');
  });
});
