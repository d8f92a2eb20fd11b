// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PositionDetail } from '@web/api/positions';
import { jsonResponse } from '@web/test/render';
import { renderPositionForm } from '@web/test/position-form';

/** As GET /categories/dese-codes?fiscalYear=2028 answers: 2310 and 2315 are codes DESE retired. */
const FY2028_CODES = [
  { code: '2305', name: 'Teachers, Classroom', parentName: 'Teachers', current: true },
  { code: '2310', name: 'Teachers, Specialists', parentName: 'Teachers', current: false },
  { code: '2315', name: 'Instructional Coordinators (Non-Supervisory)', parentName: 'x', current: false },
];

/** A position of FY2027's roster, budgeted in FY2028, still coded 2310. */
const position = {
  id: 12,
  fiscalYear: 2027,
  costFiscalYear: 2028,
  title: 'Reading Specialist',
  buildingId: null,
  deseCode: '2310',
  categoryId: 5,
  workGroupId: null,
  fte: 1,
  status: 'filled',
  vacancyStep: null,
  vacancyLane: null,
  notes: null,
  version: 4,
  budgetedCost: 70000,
  fundShares: [],
} as unknown as PositionDetail;

describe("the position form's DESE function code", () => {
  it('offers the codes in force in the year the position is budgeted in, and shows its retired code marked', async () => {
    const form = renderPositionForm({
      position,
      lists: { '/api/categories/dese-codes?fiscalYear=2028': { codes: FY2028_CODES } },
      other: (method, url) => jsonResponse(500, { message: `not expected: ${method} ${url}` }),
    });
    const picker = within(form).getByRole('combobox', { name: /^DESE function code/ });
    await vi.waitFor(() =>
      expect(picker.textContent).toBe('2310 Teachers, Specialists (not a current DESE code)'),
    );
    fireEvent.keyDown(picker, { key: 'Enter' });
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      "None (the category's)",
      '2305 Teachers, Classroom',
      '2310 Teachers, Specialists (not a current DESE code)',
    ]);
  });
});
