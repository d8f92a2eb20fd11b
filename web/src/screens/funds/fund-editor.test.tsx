// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import type { Fund } from '@web/api/funds';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { FundEditor } from './fund-editor';

const admin = makeUser({ abilities: { 'funds.manage': true } });

const GRANT: Fund = {
  id: 7,
  name: 'Early Literacy',
  code: '2410',
  kind: 'state_grant',
  countsTowardNss: false,
  nssDefault: true,
  awardAmount: 1000,
  periodStart: '2025-07-01',
  periodEnd: '2026-06-30',
  note: null,
  showToResidents: true,
  updatedAt: '2025-07-01T00:00:00.000Z',
};

/** Renders the editor with the API answering saves from `answer`; returns the bodies it was sent. */
function renderEditor(fund: Fund | null, answer: () => Response) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const onSaved = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: admin });
      }
      if (url.startsWith('/api/funds') && (init.method === 'POST' || init.method === 'PUT')) {
        sent.push({ method: init.method, url, body: JSON.parse(String(init.body)) });
        return answer();
      }
      throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
    }),
  );
  storeSession(admin);
  const element = <FundEditor open fund={fund} onOpenChange={() => {}} onSaved={onSaved} />;
  renderRoutes('/modal', [{ path: 'modal', element }]);
  return { dialog: screen.getByRole('dialog'), sent, onSaved };
}

describe('FundEditor', () => {
  it("adds a fund that is no grant, and puts the server's refusal of its code under Code", async () => {
    const taken = FUND_MESSAGES.codeTaken('0100', 'General Fund');
    const { dialog, sent } = renderEditor(null, () =>
      jsonResponse(400, { message: `code: ${taken}`, details: [{ path: 'code', message: taken }] }),
    );
    // A new fund is no grant: no award, no period.
    expect(within(dialog).queryByLabelText('Award amount')).toBeNull();
    const nss = within(dialog).getByRole('checkbox', { name: 'Counts toward net school spending' });
    expect(nss).toHaveProperty('checked', false);

    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(describedText(within(dialog).getByLabelText('Name'))).toBe('Name is required');
    expect(describedText(within(dialog).getByLabelText('Code'))).toBe('Code is required');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Band Boosters ' } });
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: '0100' } });
    fireEvent.click(save);
    await vi.waitFor(() => expect(describedText(code)).toBe(taken));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/funds',
        body: {
          name: 'Band Boosters',
          code: '0100',
          kind: 'other',
          countsTowardNss: false,
          awardAmount: null,
          periodStart: null,
          periodEnd: null,
          note: null,
          showToResidents: true,
        },
      },
    ]);
  });

  it("checks a grant's award and period with the shared schema before saving it", async () => {
    const { dialog, sent, onSaved } = renderEditor(GRANT, () => jsonResponse(200, { fund: GRANT }));
    const award = within(dialog).getByLabelText('Award amount');
    const end = within(dialog).getByLabelText('Period end');
    expect(award).toHaveProperty('value', '1,000.00');
    fireEvent.change(award, { target: { value: '12.345' } });
    fireEvent.change(end, { target: { value: '2025-06-30' } });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(describedText(award)).toBe('Use at most 2 decimal places');
    expect(describedText(end)).toBe(FUND_MESSAGES.periodOrder);
    expect(sent).toEqual([]);

    fireEvent.change(award, { target: { value: '$250,000' } });
    fireEvent.change(end, { target: { value: '2026-09-30' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Counts toward net school spending' }));
    fireEvent.click(save);
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Fund Early Literacy updated'));
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/funds/7',
        body: {
          name: 'Early Literacy',
          code: '2410',
          kind: 'state_grant',
          countsTowardNss: true,
          awardAmount: 250000,
          periodStart: '2025-07-01',
          periodEnd: '2026-09-30',
          note: null,
          showToResidents: true,
        },
      },
    ]);
  });
});
