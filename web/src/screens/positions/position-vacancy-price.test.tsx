// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PositionDetail } from '@web/api/positions';
import { jsonResponse } from '@web/test/render';
import { renderPositionForm } from '@web/test/position-form';

/** An open position of FY2027's roster imported at 15,000.01 for 0.6 FTE: its rate, to the millionth. */
const position = {
  id: 31,
  fiscalYear: 2027,
  costFiscalYear: 2028,
  title: 'Paraprofessional',
  buildingId: 3,
  deseCode: null,
  categoryId: 5,
  workGroupId: null,
  fte: 0.6,
  status: 'vacant',
  vacancyStep: null,
  vacancyLane: null,
  vacancyRate: '25000.016667',
  placementSource: 'roster',
  notes: null,
  version: 7,
  budgetedCost: 15000.01,
  fundShares: [],
  holders: [],
  holderDetails: [],
  history: [],
} as unknown as PositionDetail;

describe("the position form's roster rate", () => {
  // Before, the form did not show the rate at all and nothing could clear it: a step and lane set
  // on the position was the only way past it.
  it('shows the rate, clears it in plain words, and sends vacancyRate null on save', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const form = renderPositionForm({
      position,
      other: (method, url, init) => {
        sent.push({ method, url, body: JSON.parse(String(init.body ?? 'null')) });
        return jsonResponse(200, { position: { ...position, vacancyRate: null, version: 8 } });
      },
    });
    const rate = within(form).getByRole('group', { name: 'Roster rate' });
    expect(rate.textContent).toContain('$25,000.02 a year full time, from the roster it was imported from');
    const step = within(form).getByRole('combobox', { name: /^Vacancy step/ });
    expect(step.textContent).toBe('Roster rate (no step)');

    fireEvent.click(within(rate).getByRole('button', { name: 'Clear Roster Rate' }));
    expect(rate.textContent).toContain('Cleared when you save: the vacancy step and lane price it');
    expect(step.textContent).toBe("Work group's (none set)");
    // Changed their mind: kept, and nothing would be sent for it.
    fireEvent.click(within(rate).getByRole('button', { name: 'Keep Roster Rate' }));
    expect(rate.textContent).toContain('$25,000.02 a year full time');
    fireEvent.click(within(rate).getByRole('button', { name: 'Clear Roster Rate' }));

    fireEvent.click(within(form).getByRole('button', { name: 'Save Position' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: '/api/positions/31',
      body: { version: 7, vacancyRate: null, reason: null },
    });
  });

  it('is not offered for a position with no roster rate', () => {
    const form = renderPositionForm({
      position: { ...position, vacancyRate: null, placementSource: null },
      other: () => jsonResponse(500, { message: 'not expected' }),
    });
    expect(within(form).queryByRole('group', { name: 'Roster rate' })).toBeNull();
    expect(within(form).queryByRole('button', { name: /Roster Rate/ })).toBeNull();
  });
});
