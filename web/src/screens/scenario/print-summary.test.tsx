// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioSummary } from '@web/api/cut-scenarios';
import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { PrintSummary, type PrintData } from './print-summary';

/**
 * The committee's printed page lists the scenario's cuts and adds by position with why each cut was
 * picked and its $0 warning, in the words the Scenario Builder's list shows. An add (made by hand)
 * and a cut saved before the reasons were kept leave the column blank: nothing is made up.
 */
const finance = makeUser({ role: 'FINANCE', abilities: { 'scenarios.read': true } });
const NO_SALARY = 'saves nothing: its holder has no salary';

const change = (id: number, over: Partial<ScenarioPositionChange>): ScenarioPositionChange => ({
  id,
  kind: 'cut',
  positionId: 100 + id,
  title: 'Art Teacher',
  building: { id: 1, name: 'Oak Hill' },
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

const summary: ScenarioSummary = {
  budgetYearId: 2,
  fiscalYear: 2027,
  versionId: null,
  lineCount: 0,
  originalTotal: 0,
  townGoal: 0,
  hasTownGoal: false,
  totalCuts: 117_000.5,
  adjustedTotal: -117_000.5,
  goalTotal: 0,
  gap: 0,
  meetsGoal: null,
  itemsModified: 0,
  positionsNet: 117_000.5,
  positionsGeneralNet: 117_000.5,
  positionChanges: 5,
};

const data: PrintData = {
  scenarioName: 'Level service',
  description: null,
  budgetYear: 'FY27',
  summary,
  lines: [],
  positions: [
    change(1, { status: 'vacant', holders: [], why: 'vacant' }),
    change(2, { why: 'hired 2019-08-26 (least senior)' }),
    change(3, { amount: 0, generalAmount: 0, why: 'no hire date: newest position', warning: NO_SALARY }),
    // A cut saved before the reasons were kept, and an add.
    change(4, { reason: null }),
    change(5, { kind: 'add', positionId: null, title: 'Art Aide', status: 'new', holders: [], reason: null }),
  ],
};

describe('the printed scenario summary', () => {
  beforeEach(() => {
    vi.stubGlobal('print', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says why each cut by position was picked, and flags the one that saves nothing', async () => {
    stubApi({ '/api/auth/me': { user: finance }, '/api/budget-years': { budgetYears: [] } });
    storeSession(finance);
    renderRoutes('/scenario', [
      { path: 'scenario', element: <PrintSummary data={data} onDone={() => undefined} /> },
    ]);
    const page = await screen.findByRole('article', { name: 'Printable scenario summary' });
    const heading = within(page).getByRole('heading', { name: 'Cuts and adds by position' });
    const table = heading.nextElementSibling as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Position', 'FTE', 'Saves or costs', 'Picked']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')!.textContent)).toEqual([
      'Cut Art Teacher, Oak Hill',
      'Cut Art Teacher, Oak Hill',
      'Cut Art Teacher, Oak Hill',
      'Cut Art Teacher, Oak Hill',
      'Add Art Aide, Oak Hill',
    ]);
    const picked = rows.map((r) => r.querySelectorAll('td')[2]);
    expect(picked.map((cell) => cell.textContent)).toEqual([
      'vacant',
      'hired 2019-08-26 (least senior)',
      'no hire date: newest positionSaves nothing: its holder has no salary',
      '',
      '',
    ]);
    // The warning stands apart from the reason, in bold, as the list shows it.
    expect(within(picked[2]).getByText('Saves nothing: its holder has no salary').tagName).toBe('STRONG');
  });
});
