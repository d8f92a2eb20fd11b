// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BulkFunctionCode } from '@web/components/bulk-function-code';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE' });

/**
 * As GET /categories/dese-codes?fiscalYear=2027 answers: DESE's chart, each code saying whether
 * it is in force that year. 2310 and 2315 are FY2009-era codes DESE no longer lists.
 */
const FY2027_CODES = [
  { code: '2305', name: 'Teachers, Classroom', parentName: 'Teachers', current: true },
  { code: '2310', name: 'Teachers, Specialists', parentName: 'Teachers', current: false },
  { code: '2315', name: 'Instructional Coordinators (Non-Supervisory)', parentName: 'x', current: false },
  { code: '2320', name: 'Medical/Therapeutic Services', parentName: 'x', current: true },
];

/** The options the open picker lists, as a person reads them. */
async function optionsOf(picker: HTMLElement): Promise<string[]> {
  fireEvent.keyDown(picker, { key: 'Enter' });
  return (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
}

describe('the DESE function code pickers', () => {
  it("Set Function Code on a year's lines offers the codes in force that year, no retired one", async () => {
    const asked = stubApi({
      '/api/auth/me': { user: finance },
      '/api/categories/dese-codes': { codes: FY2027_CODES },
    });
    storeSession(finance);
    renderRoutes('/bulk', [
      {
        path: 'bulk',
        element: <BulkFunctionCode ids={[3, 4]} noun="items" fiscalYear={2027} onDone={vi.fn()} />,
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Set Function Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Function Code' });
    const picker = within(dialog).getByRole('combobox', { name: 'DESE function code' });
    await vi.waitFor(() => expect(picker.textContent).toBe('Choose a code'));
    expect(asked).toContain('/api/categories/dese-codes?fiscalYear=2027');
    expect(await optionsOf(picker)).toEqual([
      'Choose a code',
      '2305 Teachers, Classroom',
      '2320 Medical/Therapeutic Services',
    ]);
  });

  it('shows a retired code already chosen, marked, so it can be seen and recoded', async () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="code">DESE function code</label>
        <DeseCodeSelect id="code" value="2310" codes={FY2027_CODES} onChange={onChange} />
      </>,
    );
    const picker = screen.getByRole('combobox', { name: 'DESE function code' });
    expect(picker.textContent).toBe('2310 Teachers, Specialists (not a current DESE code)');
    // The other retired code is not offered; the chosen one stays beside the codes in force.
    expect(await optionsOf(picker)).toEqual([
      'None',
      '2305 Teachers, Classroom',
      '2310 Teachers, Specialists (not a current DESE code)',
      '2320 Medical/Therapeutic Services',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '2305 Teachers, Classroom' }));
    expect(onChange).toHaveBeenCalledWith('2305');
  });

  it('offers every code when the list says nothing of a year (a category picker)', async () => {
    const listed = FY2027_CODES.map(({ current: _current, ...code }) => code);
    render(
      <>
        <label htmlFor="code">DESE function</label>
        <DeseCodeSelect id="code" value="" codes={listed} onChange={vi.fn()} />
      </>,
    );
    const options = await optionsOf(screen.getByRole('combobox', { name: 'DESE function' }));
    expect(options).toHaveLength(listed.length + 1);
    expect(options.join(' ')).not.toContain('not a current DESE code');
  });
});
