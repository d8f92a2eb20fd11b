// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CutScenario } from '@web/api/cut-scenarios';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { quickCutOutcome } from './quick-cuts';
import { ScenarioName } from './scenario-name';

const finance = makeUser({ role: 'FINANCE', abilities: { 'scenarios.read': true, 'scenarios.write': true } });

const plan: CutScenario = {
  id: 4,
  budgetYearId: 2,
  fiscalYear: 2026,
  versionId: null,
  name: 'Level service',
  description: null,
  isActive: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  summary: {
    budgetYearId: 2,
    fiscalYear: 2026,
    versionId: null,
    lineCount: 0,
    originalTotal: 0,
    townGoal: 0,
    hasTownGoal: false,
    totalCuts: 0,
    adjustedTotal: 0,
    goalTotal: 0,
    gap: 0,
    meetsGoal: true,
    itemsModified: 0,
    positionsNet: 0,
    positionsGeneralNet: 0,
    positionChanges: 0,
  },
  adoptedSince: [],
};

function show(patch: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/auth/me')) {
      return jsonResponse(200, { user: finance });
    }
    if (url === '/api/scenarios/cuts/4' && init.method === 'PATCH') {
      return jsonResponse(patch.status, patch.body);
    }
    throw new Error(`Unexpected call ${init.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  storeSession(finance);
  renderRoutes('/scenario', [{ path: 'scenario', element: <ScenarioName scenario={plan} canEdit /> }]);
  return fetchMock;
}

const edit = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Edit name of scenario Level service' }));
const box = () => screen.getByRole('textbox', { name: 'Scenario name' });

describe('ScenarioName', () => {
  it('refuses an empty name, and Cancel keeps the name', async () => {
    const fetchMock = show({ status: 200, body: { scenario: plan } });
    await edit();
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scenario name cannot be empty')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Level service' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PATCH')).toBe(false);
  });

  it('saves a new name', async () => {
    const fetchMock = show({ status: 200, body: { scenario: { ...plan, name: 'Plan C' } } });
    await edit();
    fireEvent.change(box(), { target: { value: ' Plan C ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scenario renamed')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init.method === 'PATCH')!;
    expect(JSON.parse(patch[1].body as string)).toEqual({ name: 'Plan C' });
  });

  it("says 'Failed to update scenario name' with the server's reason", async () => {
    show({
      status: 409,
      body: { error: 'A scenario named Plan A already exists for this year', code: 'CONFLICT' },
    });
    await edit();
    fireEvent.change(box(), { target: { value: 'Plan A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to update scenario name');
    expect(alert.textContent).toContain('A scenario named Plan A already exists for this year');
  });
});

describe('quickCutOutcome', () => {
  it('says how many lines the floors held and what they did not cut', () => {
    const scenario = plan;
    expect(
      quickCutOutcome('Cut All (0%)', 0, {
        scenario,
        linesChanged: 9,
        heldByFloor: 9,
        notCutByFloor: 3465120,
      }),
    ).toEqual({
      variant: 'info',
      title: 'Cut All (0%): 9 lines changed',
      detail: '9 lines held at their floor; $3,465,120.00 not cut',
    });
    expect(
      quickCutOutcome('-25%', 75, { scenario, linesChanged: 1, heldByFloor: 0, notCutByFloor: 0 }),
    ).toEqual({
      variant: 'success',
      title: '-25%: 1 line changed',
      detail: undefined,
    });
  });
});
