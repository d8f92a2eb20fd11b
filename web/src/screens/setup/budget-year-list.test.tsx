// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
import { useSetupStatus } from '@web/api/setup';
import { BudgetYearStep } from '@web/screens/setup/budget-year-step';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const HELD = 'FY27 holds 1,234 lines and 3 scenarios: it cannot be deleted';
const year = (id: number, label: string, fiscalYears: number[], cannotDelete: string | null) => ({
  id,
  fiscalYear: label,
  name: `${label} Budget`,
  notes: null,
  currentFiscalYear: fiscalYears[0],
  fiscalYears,
  scenarioCount: 2,
  cannotDelete,
});
const status = {
  ready: true,
  complete: false,
  steps: [],
  budgetYears: [year(1, 'FY26', [2026, 2027, 2028, 2029, 2030], null), year(2, 'FY31', [2031], HELD)],
};

/** The step as Setup shows it: once the setup status has loaded. */
function LoadedStep() {
  return useSetupStatus().data ? <BudgetYearStep /> : null;
}

function renderStep(answers: Record<string, (url: string, init: RequestInit) => Response>) {
  const asked = stubApi({ '/api/auth/me': { user: admin }, '/api/setup': status, ...answers });
  storeSession(admin);
  renderRoutes('/setup', [{ path: 'setup', element: <LoadedStep /> }]);
  return asked;
}

describe('Setup’s budget years: Edit and Delete', () => {
  it('disables Delete with the reason for a year that holds something, and asks before deleting an empty one', async () => {
    const sent: string[] = [];
    renderStep({
      '/api/budget-years/1': (_url, init) => {
        sent.push(init.method ?? 'GET');
        return jsonResponse(200, { deleted: { id: 1, fiscalYear: 'FY26' } });
      },
    });
    const held = await screen.findByRole('button', { name: 'Delete FY31' });
    // The list names its years as every screen does (FY26), not FY2026.
    expect(screen.getByText(/^Plans FY26 to FY30, current FY26/)).toBeTruthy();
    expect(screen.getByText(/^Plans FY31, current FY31/)).toBeTruthy();
    expect((held as HTMLButtonElement).disabled).toBe(true);
    expect(held.getAttribute('title')).toBe(HELD);
    expect(screen.getByText(`${HELD}.`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete FY26' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('frees FY26 to FY30 for another budget year');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete budget year' }));
    await waitFor(() => expect(sent).toEqual(['DELETE']));
  });

  it('puts the server’s refusal of a span under the field it names, and checks the order itself', async () => {
    const bodies: unknown[] = [];
    const message = secondHomeMessage(2031, 'FY31', 'FY26');
    renderStep({
      '/api/budget-years/1': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(400, {
          error: message,
          code: 'VALIDATION_FAILED',
          details: [{ path: 'lastFiscalYear', message }],
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit FY26' }));
    const form = screen.getByRole('form', { name: 'Edit budget year FY26' });
    const first = within(form).getByLabelText('First fiscal year it plans');
    const last = within(form).getByLabelText('Last fiscal year it plans');
    expect((last as HTMLInputElement).value).toBe('FY2030');

    fireEvent.change(last, { target: { value: 'FY25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save budget year' }));
    await waitFor(() =>
      expect(describedText(last)).toBe('The last fiscal year comes before the first (FY26)'),
    );
    expect(bodies).toEqual([]);

    fireEvent.change(last, { target: { value: 'FY31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save budget year' }));
    await waitFor(() => expect(describedText(last)).toBe(message));
    expect(bodies).toEqual([
      { name: 'FY26 Budget', notes: null, firstFiscalYear: 2026, lastFiscalYear: 2031 },
    ]);
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });
  // The create form offered FY32, the year after the last one planned; an edit that took FY2032
  // into FY31 left it offering FY32, which the server then refused as FY31's year.
  it('offers the year after the last one planned again once an edit or a delete changes it', async () => {
    let years = status.budgetYears;
    renderStep({
      '/api/setup': () => jsonResponse(200, { ...status, budgetYears: years }),
      '/api/budget-years/2': (_url, init) => {
        if (init.method === 'DELETE') {
          years = years.filter((y) => y.id !== 2);
          return jsonResponse(200, { deleted: { id: 2, fiscalYear: 'FY31' } });
        }
        years = [status.budgetYears[0], { ...year(2, 'FY31', [2031, 2032], null) }];
        return jsonResponse(200, {
          budgetYear: {
            id: 2,
            fiscalYear: 'FY31',
            name: 'FY31 Budget',
            notes: null,
            currentFiscalYear: 2031,
          },
          fiscalYears: [2031, 2032],
        });
      },
    });
    const create = await screen.findByRole('form', { name: 'Create a budget year' });
    const label = within(create).getByLabelText(/^Budget year/);
    await waitFor(() => expect((label as HTMLInputElement).value).toBe('FY32'));

    fireEvent.click(screen.getByRole('button', { name: 'Edit FY31' }));
    const form = screen.getByRole('form', { name: 'Edit budget year FY31' });
    fireEvent.change(within(form).getByLabelText('Last fiscal year it plans'), { target: { value: 'FY32' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save budget year' }));
    await waitFor(() => expect((label as HTMLInputElement).value).toBe('FY33'));

    // A label the user typed is theirs: a change to the list leaves it.
    fireEvent.change(label, { target: { value: 'FY34' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete FY31' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete budget year' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete FY31' })).toBeNull());
    expect((label as HTMLInputElement).value).toBe('FY34');
  });
});
