// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RollForwardResponse } from '@shared/schemas/roll-forward';
import { RollForwardScreen } from '@web/screens/roll-forward';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

/**
 * The Roll Forward screen on the demo's shape: lines in FY2025 to FY2027, the roster of positions in
 * FY2026 and none in FY2027. It opens on the latest year with lines, says which year the new budget
 * is, words a refusal without the API's field name, clears it on the next attempt, and says how many
 * positions are carried (none, and where the roster is).
 */

const admin = makeUser();

const answer = (
  from: number,
  positions: Partial<RollForwardResponse['positions']> = {},
): RollForwardResponse => ({
  dryRun: true,
  id: null,
  from: { fiscalYear: from, budgetYearId: 2, budgetYear: 'FY26', stage: 'DRAFT', stageLabel: 'Draft' },
  to: {
    fiscalYear: from + 1,
    budgetYearId: null,
    budgetYear: `FY${(from + 1) % 100}`,
    createsBudgetYear: true,
  },
  totals: {
    employeesCarried: 495,
    employeesLeftOut: 13,
    proposedCarried: 190,
    oneTimeLeftOut: 4,
    operatingTotal: 30_000_000,
    proposedTotal: 2_000_000,
    oneTimeTotal: 50_000,
    nextYearSalaryTotal: 0,
    proposedToGeneralFund: 0,
    proposedToGeneralFundTotal: 0,
  },
  warning: null,
  carried: [],
  positions: {
    carried: 0,
    filled: 0,
    vacant: 0,
    fte: '0.000',
    holders: 0,
    salaryLinesReplaced: 0,
    sharesToGeneralFund: 0,
    ...positions,
  },
  rosterBefore: positions.carried ? null : { fiscalYear: 2026, positions: 508 },
  undoable: false,
});

/** The screen with the API answering as the demo does; returns the bodies POSTed to /roll-forward. */
async function renderScreen() {
  const posted: { fromFiscalYear: string; dryRun?: boolean }[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 2, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
      districtName: null,
      homes: [2026, 2027].map((fiscalYear) => ({ fiscalYear, budgetYearId: 2 })),
      budgetYearsWithLines: [2],
    },
    '/api/line-items/all-fiscal-years': {
      fiscalYears: [2025, 2026, 2027].map((fiscalYear) => ({
        fiscalYear,
        itemCount: 600,
        isProjected: false,
      })),
    },
    '/api/roll-forward/latest': { rollForward: null },
    '/api/roll-forward': (_url, init) => {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      if (body.fromFiscalYear === 'FY2025') {
        const message = 'FY26 already has 694 lines in budget year FY26: a roll forward starts an empty year';
        return jsonResponse(409, {
          error: message,
          code: 'CONFLICT',
          details: [{ path: 'fromFiscalYear', message }],
        });
      }
      if (body.fromFiscalYear === 'FY2024') {
        const message = 'FY24 has no budget: no budget year holds its lines';
        return jsonResponse(400, {
          error: `fromFiscalYear: ${message}`,
          code: 'VALIDATION_FAILED',
          details: [{ path: 'fromFiscalYear', message }],
        });
      }
      const res = answer(
        2027,
        body.fromFiscalYear === 'FY2026'
          ? { carried: 3, filled: 2, vacant: 1, fte: '3.000', holders: 2 }
          : body.fromFiscalYear === 'FY2023'
            ? { carried: 38_631, filled: 37_325, vacant: 1_306, fte: '37493.200', holders: 37_325 }
            : {},
      );
      if (body.fromFiscalYear === 'FY2023') {
        res.totals = { ...res.totals, employeesCarried: 37_325, employeesLeftOut: 1_204 };
      }
      if (body.fromFiscalYear === 'FY2027') {
        // Six of its lines are on Title I, whose period ends before FY2028.
        res.totals = { ...res.totals, proposedToGeneralFund: 6, proposedToGeneralFundTotal: 411_891.5 };
      }
      return jsonResponse(200, body.dryRun ? res : { ...res, dryRun: false, id: 7, undoable: true });
    },
  });
  storeSession(admin);
  renderRoutes('/roll-forward', [{ path: 'roll-forward', element: <RollForwardScreen /> }]);
  const field = (await screen.findByLabelText(/Fiscal year to copy/)) as HTMLInputElement;
  const preview = () => fireEvent.click(screen.getByRole('button', { name: 'Preview the totals' }));
  const type = (value: string) => fireEvent.change(field, { target: { value } });
  return { field, preview, type, posted };
}

describe('Roll forward', () => {
  it('opens on the latest fiscal year with lines', async () => {
    const { field } = await renderScreen();
    // Written as every screen writes a fiscal year (the header's 'FY26 Budget'), not 'FY2027'.
    await waitFor(() => expect(field.value).toBe('FY27'));
  });

  // QA: 'Roll forward from FY2027' under the header's FY26 Budget left the reader to know that a budget
  // year plans the fiscal year after it; the hint now says whose lines are copied into which year.
  it('says which lines are copied into which year for the year typed', async () => {
    const { field, type } = await renderScreen();
    type('FY2027');
    await waitFor(() =>
      expect(describedText(field)).toBe(
        "Copies FY27's lines (planned in the FY26 budget year) into FY28, a new year's budget",
      ),
    );
    type('fy25');
    expect(describedText(field)).toBe("Copies FY25's lines into FY26, a new year's budget");
    type('');
    expect(describedText(field)).toBe(
      'A fiscal year, such as FY27: its lines are copied into the fiscal year after it',
    );
  });

  it('captions the totals with what is copied into what, the budget years named as budget years', async () => {
    const { preview, type } = await renderScreen();
    type('FY2027');
    preview();
    const plan = await screen.findByRole('region', { name: '2. Check the totals (nothing written yet)' });
    expect(within(plan).getByRole('table').querySelector('caption')?.textContent).toBe(
      "Copy FY27's lines (planned in the FY26 budget year, Draft) into FY28 (planned in the FY28 budget year, which the roll forward creates)",
    );
    expect(plan.textContent).not.toMatch(/FY20\d\d \(budget year/);
  });

  it('words a refusal without the field name the API gives it', async () => {
    const { preview, type } = await renderScreen();
    type('FY2024');
    preview();
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('Cannot roll forwardFY24 has no budget: no budget year holds its lines');
  });

  it('clears the last refusal on the next attempt and on an edit', async () => {
    const { field, preview, type, posted } = await renderScreen();
    type('FY2025');
    preview();
    await screen.findByText(/FY26 already has 694 lines/);
    type('abc');
    preview();
    expect(describedText(field)).toBe('abc is not a fiscal year (write FY28 or 2028)');
    expect(screen.queryByText(/FY26 already has 694 lines/)).toBeNull();
    expect(posted.map((b) => b.fromFiscalYear)).toEqual(['FY2025']);

    type('FY2025');
    preview();
    await screen.findByText(/FY26 already has 694 lines/);
    type('FY2025 ');
    expect(screen.queryByText(/FY26 already has 694 lines/)).toBeNull();
  });

  it('says how many positions the preview and the roll forward carry, and where the roster is when none', async () => {
    const { preview, type } = await renderScreen();
    type('FY2027');
    preview();
    const plan = await screen.findByRole('region', { name: '2. Check the totals (nothing written yet)' });
    const none = 'Positions: none carried — FY27 has no positions (FY26 has 508).';
    expect(within(plan).getByText(none)).toBeTruthy();

    fireEvent.click(within(plan).getByRole('button', { name: 'Roll forward into FY28' }));
    const done = await screen.findByRole('region', { name: 'FY28 started in Draft' });
    expect(within(done).getByText(none)).toBeTruthy();

    type('FY2026');
    preview();
    const carried = await screen.findByRole('region', { name: '2. Check the totals (nothing written yet)' });
    expect(
      within(carried).getByText(
        'Positions carried: 3 positions (3.000 FTE): 2 filled by 2 carried holders, 1 vacant, posted or frozen.',
      ),
    ).toBeTruthy();
  });

  // QA, the Chicago roster of 38,631 positions: '38631 positions (37493.200 FTE)', '37325' employees.
  it('groups the thousands of a large roster as every other figure', async () => {
    const { preview, type } = await renderScreen();
    type('FY2023');
    preview();
    const plan = await screen.findByRole('region', { name: '2. Check the totals (nothing written yet)' });
    expect(
      within(plan).getByText(
        'Positions carried: 38,631 positions (37,493.200 FTE): 37,325 filled by 37,325 carried holders, 1,306 vacant, posted or frozen.',
      ),
    ).toBeTruthy();
    expect(
      within(plan).getByRole('row', { name: /^Employees carried, at their FY28 salaries/ }).textContent,
    ).toContain('37,325');
    expect(within(plan).getByRole('row', { name: /^Employees left out/ }).textContent).toContain('1,204');
  });

  // QA: 'Employees carried (at their next-year salaries)' over 'Their next-year salaries in FY2028'.
  it('names the year of each salary figure', async () => {
    const { preview, type } = await renderScreen();
    type('FY2027');
    preview();
    const plan = await screen.findByRole('region', { name: '2. Check the totals (nothing written yet)' });
    expect(
      within(plan).getByRole('row', { name: /^Employees carried, at their FY28 salaries/ }),
    ).toBeTruthy();
    expect(
      within(plan).getByRole('row', { name: /^Their FY29 salaries \(next-year salaries in FY28\)/ }),
    ).toBeTruthy();
    // QA: grant lines were carried past the grant's end with no word.
    const moved = within(plan).getByRole('row', {
      name: /^Moved to the general fund \(grant ends before FY28\)/,
    });
    expect(moved.textContent).toContain('$411,891.50');
  });

  it('keeps what a person types when the offered year arrives after they began', async () => {
    // The offered year arrived between a person's (or a browser test's) select-all and their typing,
    // and the field read 'FY2028FY2027'.
    let answer: ((res: Response) => void) | null = null;
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/budget-years': { budgetYears: [], districtName: null, homes: [], budgetYearsWithLines: [] },
      '/api/line-items/all-fiscal-years': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      '/api/roll-forward/latest': { rollForward: null },
    });
    storeSession(admin);
    renderRoutes('/roll-forward', [{ path: 'roll-forward', element: <RollForwardScreen /> }]);
    const field = (await screen.findByLabelText(/Fiscal year to copy/)) as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.focus(field);
    await waitFor(() => expect(answer).not.toBeNull());
    answer!(jsonResponse(200, { fiscalYears: [{ fiscalYear: 2027, itemCount: 600, isProjected: false }] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'FY2026' } });
    expect(field.value).toBe('FY2026');
  });
});
