// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { SchedulesTab } from '@web/screens/cola/schedules-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'cola.read': true, 'cola.write': true } });
const schedule = {
  id: 3,
  name: 'Teachers FY25-FY27',
  workGroupId: 4,
  workGroup: 'Teachers',
  lanes: ['Bach', 'Masters'],
  fiscalYears: [2025, 2026],
  steps: 2,
  printedCola: { 2025: 2.5 },
  sourceFileName: 'teachers.csv',
  placedCount: 3,
  confirmedCount: 1,
};
const amounts = [
  { fiscalYear: 2025, step: 1, lane: 'Bach', amount: 50790 },
  { fiscalYear: 2025, step: 1, lane: 'Masters', amount: 58613 },
  { fiscalYear: 2025, step: 2, lane: 'Bach', amount: 52962.5 },
  { fiscalYear: 2025, step: 2, lane: 'Masters', amount: 60783 },
  { fiscalYear: 2026, step: 1, lane: 'Bach', amount: 52822 },
  { fiscalYear: 2026, step: 1, lane: 'Masters', amount: 60958 },
  { fiscalYear: 2026, step: 2, lane: 'Bach', amount: 55080 },
  { fiscalYear: 2026, step: 2, lane: 'Masters', amount: 63214 },
];
const placement = (id: number, kind: 'suggested' | 'confirmed') => ({
  id,
  name: `Person ${id}`,
  position: 'Teacher',
  currentSalary: 52822,
  salaryStep: 1,
  salaryLane: 'Bach',
  salaryPlacement: kind,
  cellAmount: 52822,
  difference: 0,
});

function stub() {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answers: Record<string, unknown> = {
      'GET /api/auth/me': { user: finance },
      'GET /api/budget-years': { budgetYears: [] },
      'GET /api/cola/work-groups': { workGroups: [] },
      'GET /api/cola/schedules': { schedules: [schedule] },
      'GET /api/cola/schedules/3': { schedule, amounts },
      'GET /api/cola/schedules/3/placements': {
        budgetYearId: 1,
        fiscalYear: 2026,
        placements: [placement(11, 'suggested'), placement(12, 'suggested'), placement(13, 'confirmed')],
      },
      'POST /api/cola/schedules/3/suggest-placements': {
        suggested: 1,
        exact: 2,
        unmatched: 1234,
        belowCurrent: { count: 2, amount: 3040879.88 },
      },
      'POST /api/cola/schedules/3/confirm-placements': { confirmed: 2 },
    };
    if (!(key in answers)) {
      throw new Error(`Unexpected call ${key}`);
    }
    return jsonResponse(200, answers[key]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SchedulesTab', () => {
  it('lists schedules, shows a year of the grid right-aligned, and confirms every suggested placement', async () => {
    const fetchMock = stub();
    storeSession(finance);
    renderRoutes('/cola', [
      {
        path: 'cola',
        element: (
          <BudgetYearProvider>
            <SchedulesTab />
          </BudgetYearProvider>
        ),
      },
    ]);
    const row = (await screen.findByRole('rowheader', { name: 'Teachers FY25-FY27' })).closest('tr')!;
    expect(within(row).getByText('FY25–FY26')).toBeTruthy();
    expect(await screen.findByText(/printed with a 2.5% COLA/)).toBeTruthy();
    const cell = screen.getByText('$52,962.50');
    expect(cell.className).toContain('money');
    const confirm = await screen.findByRole('button', { name: 'Confirm all suggested (2)' });
    fireEvent.click(confirm);
    await vi.waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/confirm-placements'));
      expect(call && JSON.parse(call[1].body as string)).toEqual({ ids: [11, 12] });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suggest placements' }));
    // A suggested cell prices next year at once: the pay it would cut is said, not left to be found.
    expect(
      await screen.findByText(
        "2 on their exact salary, 1 on the nearest cell (within 10%), 1,234 left unplaced. 2 suggested placements put next year's salary below this year's ($3,040,879.88 less in all): check them before confirming",
      ),
    ).toBeTruthy();
  });
});
