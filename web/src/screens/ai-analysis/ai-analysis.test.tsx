// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Analysis, Suggestion } from '@shared/schemas/ai-analysis';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { AiAnalysisScreen } from '@web/screens/ai-analysis/index';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE' });
const fy26 = { id: 2, fiscalYear: 'FY26', currentFiscalYear: 2026 };

function suggestion(list: Suggestion['list'], i: number, extra: Partial<Suggestion> = {}): Suggestion {
  return {
    key: `${list}:${i}`,
    list,
    description: `${list} idea ${i}`,
    savings: 40000,
    impact: 'Fewer supplies',
    lineIds: [10 + i],
    positionGroups: [],
    basisAmount: 50000,
    lines: [{ id: 10 + i, description: `Line ${10 + i}`, amount: 50000 }],
    groups: [],
    scenarioReady: true,
    ...extra,
  };
}

const analysis: Analysis = {
  id: 7,
  budgetYearId: 2,
  budgetYear: 'FY26',
  fiscalYear: 2026,
  targetAmount: 1200000,
  priorities: [],
  model: 'claude-test',
  inputTokens: 1000,
  outputTokens: 200,
  createdAt: '2026-01-05T15:00:00.000Z',
  createdBy: 'Fran Finance',
  suggestionCount: 3,
  droppedCount: 1,
  totalSavings: 120000,
  result: {
    totalAnalyzed: 5000000,
    proposedTotal: 1000000,
    personnelTotal: 4000000,
    lineCount: 40,
    groupCount: 6,
    note: 'Start with supplies.',
    likelyNeeded: [suggestion('likelyNeeded', 0)],
    moderateNeed: [suggestion('moderateNeed', 0)],
    deepCuts: [
      suggestion('deepCuts', 0, {
        scenarioReady: false,
        lineIds: [],
        lines: [],
        groups: [{ position: 'Teacher', workGroup: 'Teachers', count: 30, total: 2000000 }],
      }),
    ],
    totals: { likelyNeeded: 40000, moderateNeed: 40000, deepCuts: 40000, all: 120000 },
    dropped: [
      { list: 'likelyNeeded', description: 'Close the moon office', reason: 'Line 999 does not exist' },
    ],
  },
};

type Answer = (init: RequestInit) => Promise<Response> | Response;

function stub(hasKey: boolean, overrides: Record<string, Answer> = {}) {
  const answers: Record<string, Answer> = {
    'GET /api/auth/me': () => jsonResponse(200, { user: finance }),
    'GET /api/budget-years': () => jsonResponse(200, { budgetYears: [fy26] }),
    'GET /api/auth/has-api-key': () => jsonResponse(200, { hasKey, hasApiKey: hasKey }),
    'GET /api/ai-analysis/analyses': () => jsonResponse(200, { analyses: [] }),
    'GET /api/line-items/fiscal-years': () =>
      jsonResponse(200, { fiscalYears: [2025, 2026, 2027], withLines: [2025, 2026, 2027] }),
    // FY26 is under its goal: the target starts empty.
    'GET /api/line-items/budget/summary': () =>
      jsonResponse(200, { guidanceGap: 5000, hasTownGoal: true, proposedBudget: 95000, townGoal: 100000 }),
    'POST /api/ai-analysis/budget-cuts': () => jsonResponse(200, { analysis }),
    'GET /api/ai-analysis/analyses/7': () => jsonResponse(200, { analysis }),
    ...overrides,
  };
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answer = answers[key];
    if (!answer) {
      throw new Error(`Unexpected call ${key}`);
    }
    return answer(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen() {
  storeSession(finance);
  return renderRoutes('/admin/ai-analysis', [
    {
      path: 'admin/ai-analysis',
      element: (
        <BudgetYearProvider>
          <AiAnalysisScreen />
        </BudgetYearProvider>
      ),
    },
    { path: 'scenario', element: <p>Scenario Builder page</p> },
  ]);
}

const analyze = () => screen.getByRole('button', { name: 'Analyze' });

describe('AiAnalysisScreen', () => {
  it('without a key says so, links to the key tab and keeps Analyze disabled', async () => {
    stub(false);
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Profile → Claude API Key' });
    expect(link.getAttribute('href')).toBe('/profile?tab=api-key');
    fireEvent.change(screen.getByLabelText('Target reduction'), { target: { value: '1,200,000' } });
    expect(analyze()).toHaveProperty('disabled', true);
  });

  // QA: the box held 508684.50 (FY26's amount over its goal) and its hint said '$508,685'.
  it("echoes the target's cents under its box", async () => {
    stub(true, {
      'GET /api/line-items/budget/summary': () =>
        jsonResponse(200, { guidanceGap: -508684.5, hasTownGoal: true, proposedBudget: 1, townGoal: 1 }),
    });
    renderScreen();
    const target = await screen.findByLabelText('Target reduction');
    await waitFor(() => expect((target as HTMLInputElement).value).toBe('508684.50'));
    expect(screen.getByText(/what FY26's budget is over its town goal/).textContent).toMatch(
      /^\$508,684\.50: /,
    );
    fireEvent.change(target, { target: { value: '1,200,000' } });
    expect(screen.getByText('$1,200,000 to find')).toBeTruthy();
  });

  it('sends the typed target as exact dollars, shows the lists and dropped ones, and hands chosen ones over', async () => {
    const fetchMock = stub(true, {
      'POST /api/ai-analysis/analyses/7/scenario': () =>
        jsonResponse(200, {
          scenarioId: 31,
          name: 'AI analysis 7',
          budgetYearId: 2,
          fiscalYear: 2026,
          applied: ['likelyNeeded:0'],
          skipped: [],
          linesCut: 1,
          requestedSavings: 40000,
          scenarioCut: 40000,
        }),
    });
    const { router } = renderScreen();
    const target = await screen.findByLabelText('Target reduction');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Budget year/ }).textContent).toBe('FY26'),
    );
    expect(analyze()).toHaveProperty('disabled', true);
    fireEvent.change(target, { target: { value: '12x' } });
    expect(await screen.findByText(/Enter an amount in dollars/)).toBeTruthy();
    fireEvent.change(target, { target: { value: '$1.2M' } });
    await waitFor(() => expect(analyze()).toHaveProperty('disabled', false));
    fireEvent.click(analyze());

    expect(await screen.findByRole('heading', { name: 'Likely needed' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({
      budgetYearId: 2,
      fiscalYear: 2026,
      targetAmount: '1200000.00',
    });
    expect(screen.getByRole('heading', { name: 'Moderate need' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deep cuts' })).toBeTruthy();
    const dropped = screen.getByRole('region', { name: 'Dropped suggestions' });
    expect(within(dropped).getByText('Line 999 does not exist')).toBeTruthy();
    expect(router.state.location.search).toBe('?analysis=7');

    // A position-group suggestion cannot become a line cut.
    expect(screen.getByLabelText('deepCuts idea 0')).toHaveProperty('disabled', true);
    const handOver = screen.getByRole('button', { name: 'Try in Scenario Builder' });
    expect(handOver).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('likelyNeeded idea 0'));
    fireEvent.click(handOver);
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenario'));
    expect(router.state.location.search).toBe('?fy=2026&scenario=31');
    const made = fetchMock.mock.calls.find(([url]) => url.endsWith('/scenario'))!;
    expect(JSON.parse(String(made[1].body))).toEqual({ keys: ['likelyNeeded:0'] });
  });

  it("shows 'Analysis failed' with the server's message", async () => {
    stub(true, {
      'POST /api/ai-analysis/budget-cuts': () =>
        jsonResponse(502, {
          error: 'Claude is overloaded. Try again in a few minutes.',
          code: 'AI_OVERLOADED',
        }),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Target reduction'), { target: { value: '500000' } });
    await waitFor(() => expect(analyze()).toHaveProperty('disabled', false));
    fireEvent.click(analyze());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Analysis failed');
    expect(alert.textContent).toContain('Claude is overloaded. Try again in a few minutes.');
  });

  it('Cancel aborts the request and saves nothing', async () => {
    let signal: AbortSignal | undefined;
    stub(true, {
      'POST /api/ai-analysis/budget-cuts': (init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Target reduction'), { target: { value: '500000' } });
    await waitFor(() => expect(analyze()).toHaveProperty('disabled', false));
    fireEvent.click(analyze());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('Analysis cancelled. Nothing was saved.')).toBeTruthy();
    expect(screen.queryByText('Analysis failed')).toBeNull();
    expect(analyze()).toHaveProperty('disabled', false);
  });
});
