// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PositionDetail } from '@web/api/positions';
import { describedText, jsonResponse } from '@web/test/render';
import { renderPositionForm } from '@web/test/position-form';

const GENERAL = 1;
const TITLE_I = 9;
const FUNDS = [
  { id: GENERAL, name: 'General Fund', code: '0100', kind: 'general' },
  { id: TITLE_I, name: 'Title I', code: '2401', kind: 'federal_grant' },
];
const share = (fundId: number, fte: number, budgetedCost: number) => ({
  fundId,
  fundName: fundId === GENERAL ? 'General Fund' : 'Title I',
  fundCode: fundId === GENERAL ? '0100' : '2401',
  fundKind: fundId === GENERAL ? 'general' : 'federal_grant',
  fte,
  budgetedCost,
});

/** A filled 1 FTE teacher costing $70,000.01, split 0.6 / 0.4 unless `fundShares` says otherwise. */
function position(fundShares = [share(GENERAL, 0.6, 42000.01), share(TITLE_I, 0.4, 28000)]) {
  return {
    id: 12,
    title: 'Grade 3 Teacher',
    buildingId: null,
    buildingName: null,
    deseCode: null,
    categoryId: 5,
    workGroupId: null,
    fte: 1,
    status: 'filled',
    vacancyStep: null,
    vacancyLane: null,
    notes: null,
    version: 4,
    budgetedCost: 70000.01,
    fundShares,
  } as unknown as PositionDetail;
}

/** The form of `detail`, PATCH answered by `answer`; returns the bodies sent. */
function renderForm(detail: PositionDetail, answer: () => Response) {
  const sent: unknown[] = [];
  const form = renderPositionForm({
    position: detail,
    lists: { '/api/funds': { funds: FUNDS }, '/api/buildings': { buildings: [] } },
    other: (method, url, init) => {
      if (method === 'PATCH' && url === `/api/positions/${detail.id}`) {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      throw new Error(`Unexpected call ${method} ${url}`);
    },
  });
  return { form, funds: within(form).getByRole('group', { name: 'Funds' }), sent };
}

const refused = (details: { path: string; message: string }[]) => () =>
  jsonResponse(400, { code: 'VALIDATION', message: details[0].message, details });

describe('the Funds of the position form', () => {
  it('says the shares must be set again when the FTE changes, and asks nothing until they add up', async () => {
    const { form, funds, sent } = renderForm(position(), refused([{ path: 'x', message: 'x' }]));
    await vi.waitFor(() => expect(within(funds).getByText('1 of 1 FTE — all assigned')).toBeTruthy());
    fireEvent.change(within(form).getByLabelText('FTE', { exact: true }), { target: { value: '0.8' } });
    expect(within(funds).getByRole('status').textContent).toBe(
      'The FTE is now 0.8 (it was 1): set the fund shares again so they add up to 0.8 FTE.',
    );
    expect(within(funds).getByText('1 of 0.8 FTE — 0.2 FTE too many')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save Position' }));
    expect(within(funds).getByRole('alert').textContent).toBe(
      'The fund shares add up to 1 FTE; the position is 0.8 FTE: they must add up to exactly its FTE',
    );
    expect(sent).toEqual([]);
    // Taken to the shares, which may be a screen above the button.
    expect(document.activeElement?.id).toBe('pos-fund-fte-0');
  });

  it("puts the server's refusal of a fund under its row, and of the sum under the section", async () => {
    const grant = "Title I's grant period (2024-07-01 to 2026-06-30) does not reach FY28";
    const { form, funds, sent } = renderForm(
      position(),
      refused([{ path: 'fundShares.1.fundId', message: grant }]),
    );
    const second = within(funds).getByLabelText('FTE share 2');
    fireEvent.change(within(funds).getByLabelText('FTE share 1'), { target: { value: '0.5' } });
    fireEvent.change(second, { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Position' }));
    const fund = within(funds).getByRole('combobox', { name: 'Fund 2' });
    await vi.waitFor(() => expect(describedText(fund)).toBe(grant));
    expect(fund.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(fund);
    // Placed under its row, it is not said again above the form.
    expect(within(form).queryByText('The position was not saved')).toBeNull();
    expect(sent).toEqual([
      {
        version: 4,
        fundShares: [
          { fundId: GENERAL, fte: 0.5 },
          { fundId: TITLE_I, fte: 0.5 },
        ],
        reason: null,
      },
    ]);
    // Typing in a row clears what was said of it.
    fireEvent.change(second, { target: { value: '0.50' } });
    expect(describedText(fund)).toBeFalsy();
  });

  it('clears a split by sending the general fund with the whole FTE', async () => {
    const sum =
      'The fund shares add up to 0.9 FTE; the position is 1 FTE: they must add up to exactly its FTE';
    const { form, funds, sent } = renderForm(position(), refused([{ path: 'fundShares', message: sum }]));
    await vi.waitFor(() =>
      expect(within(funds).getByRole('button', { name: 'General Fund Only' })).toBeTruthy(),
    );
    fireEvent.click(within(funds).getByRole('button', { name: 'General Fund Only' }));
    expect(within(funds).getByText('General Fund — whole position')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save Position' }));
    await vi.waitFor(() => expect(within(funds).getByRole('alert').textContent).toBe(sum));
    expect(sent).toEqual([{ version: 4, fundShares: [{ fundId: GENERAL, fte: 1 }], reason: null }]);
  });

  it('splits a position the general fund pays whole: the general fund keeps the whole FTE until changed', async () => {
    const { funds } = renderForm(
      position([share(GENERAL, 1, 70000.01)]),
      refused([{ path: 'x', message: 'x' }]),
    );
    // Once the funds are known, the general fund is named (and can be split from).
    expect(await within(funds).findByText('General Fund — whole position')).toBeTruthy();
    fireEvent.click(within(funds).getByRole('button', { name: 'Split across funds' }));
    expect(within(funds).getByLabelText('FTE share 1')).toHaveProperty('value', '1');
    expect(within(funds).getByLabelText('FTE share 2')).toHaveProperty('value', '');
    expect(within(funds).getByRole('combobox', { name: 'Fund 1' }).textContent).toBe('General Fund');
    expect(within(funds).getByRole('combobox', { name: 'Fund 2' }).textContent).toBe('Choose a fund');
    expect(document.activeElement?.id).toBe('pos-fund-1');
    fireEvent.change(within(funds).getByLabelText('FTE share 1'), { target: { value: '0.6' } });
    expect(within(funds).getByText('0.6 of 1 FTE — 0.4 FTE unassigned')).toBeTruthy();
  });
});
