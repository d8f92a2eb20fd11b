// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ColaCalculation } from '@web/api/cola';
import { ScenariosTab } from '@web/screens/cola/scenarios-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'cola.read': true, 'cola.write': true } });
const category = (id: number, name: string) => ({
  id,
  name,
  description: null,
  backgroundColor: '#e5e7eb',
  textColor: '#1f2937',
  workGroupCount: 1,
});
const scenarios = [
  { id: 8, name: 'Lean', description: null, isDefault: false, settingsCount: 0, createdAt: '' },
  { id: 9, name: 'Plan A', description: 'Board plan', isDefault: true, settingsCount: 1, createdAt: '' },
].map((s) => ({
  ...s,
  lastYear: s.settingsCount ? 2027 : null,
  longTermColaPercentage: null,
  longTermWorkGroups: [],
}));
const setting = {
  id: 1,
  scenarioId: 9,
  workGroupId: null,
  workGroupCategoryId: 3,
  workGroupCategory: 'TEACHERS',
  workGroup: null,
  fiscalYear: 2027,
  colaPercentage: 3.5,
};
const calculation: ColaCalculation = {
  scenarioId: 9,
  baseYear: 2026,
  employees: 2,
  employeesWithoutSalary: 0,
  grandTotal: 100000,
  years: [
    {
      fiscalYear: 2027,
      baseYear: 2026,
      amount: 105000,
      increase: 5000,
      colaIncrease: 3500,
      stepsLanesIncrease: 1500,
      newHiresIncrease: 0,
      adjustmentsIncrease: 0,
    },
  ],
  totalIncrease: 5000,
  byWorkGroup: [],
};

type Answer = { status: number; body: unknown };

function stub(overrides: Record<string, Answer> = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answers: Record<string, Answer> = {
      'GET /api/auth/me': { status: 200, body: { user: finance } },
      'GET /api/cola/scenarios': { status: 200, body: { scenarios } },
      'GET /api/cola/work-group-categories': {
        status: 200,
        body: { categories: [category(1, 'OPERATIONS'), category(3, 'TEACHERS')] },
      },
      'GET /api/cola/settings': { status: 200, body: { settings: [setting] } },
      'GET /api/cola/work-groups': { status: 200, body: { workGroups: [] } },
      'POST /api/cola/settings': { status: 200, body: { settings: [setting], recomputedLines: 42 } },
      'POST /api/cola/calculate': { status: 200, body: calculation },
      ...overrides,
    };
    const answer = answers[key];
    if (!answer) {
      throw new Error(`Unexpected call ${key}`);
    }
    return jsonResponse(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  storeSession(finance);
  renderRoutes('/cola', [{ path: 'cola', element: <ScenariosTab /> }]);
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof stub>, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => init.method === 'POST' && url === path);
  return call ? JSON.parse(call[1].body as string) : undefined;
};

describe('ScenariosTab', () => {
  it('opens on the default scenario with its settings, and saves the grid', async () => {
    const fetchMock = stub();
    const teachers = await screen.findByLabelText('TEACHERS FY27 COLA percent');
    await vi.waitFor(() => expect((teachers as HTMLInputElement).value).toBe('3.5'));
    expect(teachers.getAttribute('step')).toBe('0.1');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/cola/settings?scenarioId=9')).toBe(true);
    fireEvent.change(screen.getByLabelText('OPERATIONS FY29 COLA percent'), { target: { value: '2.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('42 next-year salaries were recomputed with these percentages.'),
    ).toBeTruthy();
    expect(posted(fetchMock, '/api/cola/settings')).toEqual({
      scenarioId: 9,
      settings: [
        { workGroupCategoryId: 3, fiscalYear: 2027, colaPercentage: 3.5 },
        { workGroupCategoryId: 1, fiscalYear: 2029, colaPercentage: 2.25 },
      ],
    });
  });

  it("shows 'Failed to save settings' with the server's message, or Unknown error", async () => {
    stub({ 'POST /api/cola/settings': { status: 400, body: { error: 'Invalid scenario selected' } } });
    const teachers = await screen.findByLabelText('TEACHERS FY27 COLA percent');
    await vi.waitFor(() => expect((teachers as HTMLInputElement).value).toBe('3.5'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to save settings: Invalid scenario selected',
    );
  });

  it('says Unknown error when the server gives no message', async () => {
    stub({ 'POST /api/cola/settings': { status: 500, body: {} } });
    const teachers = await screen.findByLabelText('TEACHERS FY27 COLA percent');
    await vi.waitFor(() => expect((teachers as HTMLInputElement).value).toBe('3.5'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save settings: Unknown error');
  });

  it('refuses to save an empty grid, saying why', async () => {
    const fetchMock = stub({ 'GET /api/cola/settings': { status: 200, body: { settings: [] } } });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('scenarioId=9'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No COLA percentages to save. Please enter at least one value.',
    );
  });

  it('calculates the COLA impact of the chosen scenario and shows its working', async () => {
    const fetchMock = stub();
    await screen.findByLabelText('TEACHERS FY27 COLA percent');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Calculate COLA Impact' })).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Calculate COLA Impact' }));
    expect(
      await screen.findByText(
        'FY27 payroll $105,000.00 = FY26 payroll $100,000.00 + COLA $3,500.00 + steps and lanes $1,500.00',
      ),
    ).toBeTruthy();
    expect(posted(fetchMock, '/api/cola/calculate')).toEqual({ scenarioId: 9 });
  });

  it('labels a long-term assumption and warns where a year assumes 0% COLA', async () => {
    const year = (fiscalYear: number, colaSource: string, colaPercentage: number) => ({
      fiscalYear,
      colaPercentage,
      colaSource,
      amount: 1000,
      increase: 10,
    });
    const group = (workGroupId: number, workGroup: string, years: ReturnType<typeof year>[]) => ({
      workGroupId,
      workGroup,
      category: null,
      employees: 1,
      baseline: 1000,
      years,
    });
    stub({
      'POST /api/cola/calculate': {
        status: 200,
        body: {
          ...calculation,
          years: [{ ...calculation.years[0], fiscalYear: 2030 }],
          byWorkGroup: [
            group(1, 'Teachers', [year(2030, 'LONG_TERM', 2.5)]),
            group(2, 'Aides', [year(2030, 'NONE', 0)]),
          ],
        },
      },
    });
    await screen.findByLabelText('TEACHERS FY27 COLA percent');
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate COLA Impact' }));
    expect(
      await screen.findByText(
        'FY30 assumes 0% COLA for Aides: no contract, COLA scenario setting or long-term COLA assumption covers FY30.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText(/long-term assumption/).length).toBeGreaterThan(0);
  });
});
