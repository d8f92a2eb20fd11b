// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { GridApi } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Baseline, CutScenario, ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import { jsonResponse } from '@web/test/render';
import { useScenarioEditor } from './use-scenario-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (id: number, amount: number, floorPercent = 0): ScenarioLine => ({
  id,
  accountDesc: `Line ${id}`,
  accountLine: null,
  deseCode: null,
  categoryId: 1,
  category: { name: 'Supplies', color: '#000000' },
  buildingId: null,
  building: null,
  isPersonnel: false,
  fy26ProposedV3: amount,
  percentKept: 100,
  floorPercent,
  adjustedAmount: amount,
  cut: 0,
  generalFund: true,
});

const summary = (adjusted: number, modified: number): ScenarioSummary => ({
  budgetYearId: 2,
  fiscalYear: 2026,
  versionId: null,
  lineCount: 3,
  originalTotal: 1750.5,
  townGoal: 1500,
  hasTownGoal: true,
  totalCuts: Math.round((1750.5 - adjusted) * 100) / 100,
  adjustedTotal: adjusted,
  goalTotal: adjusted,
  gap: Math.round((adjusted - 1500) * 100) / 100,
  meetsGoal: adjusted <= 1500,
  itemsModified: modified,
  positionsNet: 0,
  positionsGeneralNet: 0,
  positionChanges: 0,
});

const scenario = (s: ScenarioSummary): CutScenario => ({
  id: 9,
  budgetYearId: 2,
  fiscalYear: 2026,
  versionId: null,
  name: 'Plan B',
  description: null,
  isActive: false,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  summary: s,
  adoptedSince: [],
});

const BASELINE: Baseline = {
  lines: [line(1, 1000), line(2, 500, 80), line(3, 250.5)],
  summary: summary(1750.5, 0),
  scenario: scenario(summary(1750.5, 0)),
};

type Answer = { status: number; body: unknown };

function setup(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answer = answers[key];
    if (!answer) {
      throw new Error(`Unexpected call ${key}`);
    }
    return jsonResponse(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  const setData = vi.fn();
  const apiRef = {
    current: { getRowNode: () => ({ setData }) } as unknown as GridApi<ScenarioLine>,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useScenarioEditor({
        baseline: BASELINE,
        selectedId: 9,
        queryKey: ['scenarios', 'cuts', 'baseline', 2, 2026, 9],
        apiRef,
      }),
    { wrapper },
  );
  const bodies = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => init.method === method)
      .map(([, init]) => JSON.parse(init.body as string));
  return { hook, setData, bodies, fetchMock };
}

describe('useScenarioEditor', () => {
  it('previews a slider on one row and the cards, then saves once and settles on the server', async () => {
    const server = summary(1250.5, 1);
    const { hook, setData, bodies, fetchMock } = setup({
      'PATCH /api/scenarios/cuts/9/adjustments': { status: 200, body: { scenario: scenario(server) } },
    });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(3));
    act(() => {
      hook.result.current.preview(1, 80);
      hook.result.current.preview(1, 50);
    });
    expect(setData).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 1, percentKept: 50, adjustedAmount: 500, cut: 500 }),
    );
    const store = hook.result.current.store;
    expect(store.get()).toMatchObject({
      preview: true,
      summary: { adjustedTotal: 1250.5, gap: -249.5, meetsGoal: true },
    });
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => {
      hook.result.current.commit();
      hook.result.current.commit();
    });
    await waitFor(() => expect(store.get().save.kind).toBe('saved'));
    expect(bodies('PATCH')).toEqual([{ adjustments: { 1: 50 } }]);
    expect(store.get()).toMatchObject({ preview: false, summary: server });
  });

  it('saves a released slider at once, sending only the lines moved since the last save', async () => {
    const { hook, bodies, fetchMock } = setup({
      'PATCH /api/scenarios/cuts/9/adjustments': {
        status: 200,
        body: { scenario: scenario(summary(1250.5, 1)) },
      },
    });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(3));
    act(() => {
      hook.result.current.preview(1, 50);
      hook.result.current.commit(true);
    });
    // No waiting for a keyboard run to end: the request is already on its way.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(hook.result.current.store.get().save.kind).toBe('saved'));
    act(() => {
      hook.result.current.preview(3, 20);
      hook.result.current.commit(true);
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodies('PATCH')).toEqual([{ adjustments: { 1: 50 } }, { adjustments: { 3: 20 } }]);
  });

  it('holds a line at its floor', async () => {
    const { hook, setData } = setup({});
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(3));
    act(() => hook.result.current.preview(2, 10));
    expect(setData).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 2, percentKept: 80, adjustedAmount: 400 }),
    );
  });

  it('says why a save was refused and drops the change', async () => {
    const { hook } = setup({
      'PATCH /api/scenarios/cuts/9/adjustments': {
        status: 400,
        body: {
          error: 'Line 3 is not a proposed line of this budget year’s FY26',
          code: 'VALIDATION_FAILED',
          details: [],
        },
      },
    });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(3));
    act(() => hook.result.current.preview(3, 0));
    await act(() => hook.result.current.flush());
    expect(hook.result.current.store.get().save).toEqual({
      kind: 'error',
      message: 'Line 3 is not a proposed line of this budget year’s FY26',
    });
  });

  it('sends a quick cut to the server and mirrors it, floors held', async () => {
    const server = summary(400, 3);
    const { hook, bodies } = setup({
      'POST /api/scenarios/cuts/9/quick-cut': {
        status: 200,
        body: { scenario: scenario(server), linesChanged: 3, heldByFloor: 1, notCutByFloor: 400 },
      },
    });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(3));
    let result: unknown;
    await act(async () => {
      result = await hook.result.current.quickCut([1, 2, 3], 0);
    });
    expect(result).toMatchObject({ heldByFloor: 1, notCutByFloor: 400 });
    expect(bodies('POST')).toEqual([{ lineIds: [1, 2, 3], percent: 0 }]);
    expect(hook.result.current.rows.map((r) => r.percentKept)).toEqual([0, 80, 0]);
    expect(hook.result.current.store.get()).toMatchObject({
      preview: false,
      summary: server,
      save: { kind: 'saved' },
    });
  });
});
