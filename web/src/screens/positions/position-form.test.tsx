// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PositionForm } from '@web/screens/positions/position-form';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'positions.write': true } });

/** A new position's form; any write it sends is recorded (and answered 500: none should go). */
function renderNewForm() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const lists: Record<string, unknown> = {
        '/api/auth/me': { user: finance },
        '/api/funds': { funds: [] },
        '/api/buildings': { buildings: [{ id: 3, name: 'Hillside' }] },
        '/api/categories': { categories: [{ id: 5, name: 'Teachers' }] },
        '/api/categories/dese-codes': { codes: [] },
        '/api/cola/work-groups': { workGroups: [] },
        '/api/positions/vacancy-placement': { placements: [] },
      };
      if (method === 'GET' && url in lists) {
        return jsonResponse(200, lists[url]);
      }
      sent.push({ method, url });
      return jsonResponse(500, { message: 'not expected' });
    }),
  );
  storeSession(finance);
  const element = (
    <PositionForm
      position={null}
      scope={{ budgetYearId: 2, fiscalYear: 2027 }}
      canEdit
      onSaved={() => {}}
      onCancel={() => {}}
    />
  );
  renderRoutes('/form', [{ path: 'form', element }]);
  return { form: screen.getByRole('form', { name: 'Position details' }), sent };
}

describe('adding a position with the form empty', () => {
  it('says in plain words that the title and the budget category are required, and sends nothing', () => {
    const { form, sent } = renderNewForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Add Position' }));
    expect(describedText(within(form).getByLabelText(/^Title/))).toBe('Title is required');
    expect(describedText(within(form).getByRole('combobox', { name: /^Budget category/ }))).toBe(
      'Budget category is required',
    );
    expect(form.textContent).not.toMatch(/Invalid input|expected number/);
    expect(sent).toEqual([]);
  });
});
