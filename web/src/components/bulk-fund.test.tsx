// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Fund } from '@web/api/funds';
import { useNssMeter } from '@web/api/nss';
import { BulkFund } from '@web/components/bulk-fund';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE' });

const fund = (id: number, name: string, kind: Fund['kind']) => ({ id, name, kind }) as Fund;
// As GET /funds lists them: the general fund first.
const FUNDS = [fund(1, 'General Fund', 'general'), fund(9, 'Title I, Part A', 'federal_grant')];

/** Reads the NSS meter, as the dashboard does: a fund change must make it ask again. */
function Meter() {
  useNssMeter({ budgetYearId: 2, fiscalYear: 2026 });
  return null;
}

/**
 * Renders Set Fund on lines 3 and 4, bulk-fund answered by `answer`; returns the bodies sent, the
 * meter reads and the callbacks' words.
 */
function renderBulkFund(answer: () => Response) {
  const sent: unknown[] = [];
  const meterReads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: finance });
      }
      if (method === 'GET' && url === '/api/funds') {
        return jsonResponse(200, { funds: FUNDS });
      }
      if (method === 'GET' && url.startsWith('/api/nss/meter?')) {
        meterReads.push(url);
        return jsonResponse(200, {});
      }
      if (method === 'POST' && url === '/api/line-items/bulk-fund') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      throw new Error(`Unexpected call ${method} ${url}`);
    }),
  );
  const onDone = vi.fn();
  storeSession(finance);
  renderRoutes('/bulk', [
    {
      path: 'bulk',
      element: (
        <>
          <Meter />
          <BulkFund ids={[3, 4]} noun="items" onDone={onDone} />
        </>
      ),
    },
  ]);
  return { sent, meterReads, onDone };
}

/** Opens Set Fund and picks `option` in its Fund select, as a keyboard user would. */
async function openAndChoose(option: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Set Fund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Fund' });
  expect(within(dialog).getByText('2 items selected')).toBeTruthy();
  const select = within(dialog).getByRole('combobox', { name: 'Fund' });
  await vi.waitFor(() => expect(select.textContent).toBe('Choose a fund'));
  fireEvent.keyDown(select, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
  expect(select.textContent).toBe(option);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  return dialog;
}

describe('BulkFund', () => {
  it("sends the grant's id, says what it did and refreshes the NSS meter", async () => {
    const { sent, meterReads, onDone } = renderBulkFund(() => jsonResponse(200, { count: 2 }));
    await vi.waitFor(() => expect(meterReads).toHaveLength(1));
    await openAndChoose('Title I, Part A');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Set fund Title I, Part A on 2 items'));
    expect(sent).toEqual([{ itemIds: [3, 4], fundId: 9 }]);
    await vi.waitFor(() => expect(meterReads).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the general fund as fundId null', async () => {
    const { sent, onDone } = renderBulkFund(() => jsonResponse(200, { count: 2 }));
    await openAndChoose('General Fund');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Set fund General Fund on 2 items'));
    expect(sent).toEqual([{ itemIds: [3, 4], fundId: null }]);
  });

  it("shows the server's refusal in the dialog and reports no success", async () => {
    const outside = "Title I, Part A's grant period (2025-07-01 to 2026-09-30) does not reach FY27";
    const { sent, onDone } = renderBulkFund(() =>
      jsonResponse(400, {
        error: `fundId: ${outside}`,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'fundId', message: outside }],
      }),
    );
    const dialog = await openAndChoose('Title I, Part A');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was changed');
    expect(alert.textContent).toContain(outside);
    expect(alert.textContent).not.toContain('fundId:');
    expect(sent).toEqual([{ itemIds: [3, 4], fundId: 9 }]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a refusal without details as the server wrote it (an employee line)', async () => {
    const employees = 'Only proposed lines take a fund here (employees are paid through their positions): 4';
    renderBulkFund(() => jsonResponse(400, { error: employees, code: 'BAD_REQUEST' }));
    const dialog = await openAndChoose('Title I, Part A');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(employees);
  });
});
