// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { BulkOperationsTab } from '@web/screens/manage-data/bulk-operations-tab';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const flash = { success: null, error: null, ok: vi.fn(), fail: vi.fn(), clear: vi.fn() };
const budgetYear = { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };
const options = {
  fiscalYears: [2026],
  positions: [{ value: 'Custodian', count: 12 }],
  jobClasses: [],
  departments: [],
};

/** The tab with the API answering its reads, and `post` answering the bulk changes. */
function renderTab(post: (path: string, body: unknown) => Response) {
  const sent: unknown[] = [];
  const posted = (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    sent.push(body);
    return post(url.split('?')[0], body);
  };
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears: [budgetYear] },
    '/api/bulk-update/options': options,
    '/api/cola/work-groups': { workGroups: [] },
    '/api/bulk-update/work-groups': posted,
    '/api/bulk-update/employee-status': posted,
  });
  storeSession(admin);
  renderRoutes('/bulk', [
    {
      path: 'bulk',
      element: (
        <BudgetYearProvider>
          <BulkOperationsTab flash={flash} />
        </BudgetYearProvider>
      ),
    },
  ]);
  return sent;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Manage Data bulk operations', () => {
  it("checks a bulk change with the API's schema and says under each field what is missing", async () => {
    const sent = renderTab(() => jsonResponse(500, {}));
    const assign = within(await screen.findByRole('region', { name: 'Assign Work Group' }));
    fireEvent.click(assign.getByRole('button', { name: 'Preview and Assign' }));
    const group = assign.getByLabelText('Work group');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(group)).toBe('Work group is required');
    expect(describedText(assign.getByLabelText('Position'))).toBe(
      'Choose a position, job class or department to match',
    );

    const status = within(card('Set Employee Status'));
    fireEvent.click(status.getByRole('button', { name: 'Preview and Set Status' }));
    expect(describedText(status.getByLabelText('Status'))).toBe(
      'Status must be Active, Retiring or Inactive',
    );
    // The other card's fields are its own.
    expect(describedText(assign.getByLabelText('Work group'))).toBe('Work group is required');
    expect(sent).toEqual([]);
  });

  it("puts the server's field error under its field", async () => {
    const sent = renderTab(() =>
      jsonResponse(400, {
        error: 'match.position: No employee has this position',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'match.position', message: 'No employee has this position' }],
      }),
    );
    const status = within(await screen.findByRole('region', { name: 'Set Employee Status' }));
    await choose(status.getByLabelText('Position'), 'Custodian (12)');
    await choose(status.getByLabelText('Status'), 'Retiring');
    fireEvent.click(status.getByRole('button', { name: 'Preview and Set Status' }));
    const position = status.getByLabelText('Position');
    await vi.waitFor(() => expect(position.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(position)).toBe('No employee has this position');
    expect(status.queryByRole('alert')).toBeNull();
    expect(flash.fail).not.toHaveBeenCalled();
    expect(sent).toEqual([
      {
        budgetYearId: 7,
        fiscalYear: 2026,
        match: { position: 'Custodian' },
        employeeStatus: 'Retiring',
        dryRun: true,
      },
    ]);
  });
});

/** Opens a styled select from the keyboard and picks the option by its text. */
async function choose(trigger: HTMLElement, option: string) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
