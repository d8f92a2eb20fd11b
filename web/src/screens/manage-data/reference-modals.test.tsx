// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BuildingModal } from '@web/screens/manage-data/building-modal';
import { CategoryModal } from '@web/screens/manage-data/category-modal';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser();
const modalProps = { open: true, record: null, onOpenChange: () => {}, onSaved: () => {} };

/** Renders a modal with the API answering `path` from `answer`; returns the bodies it was sent. */
function renderModal(element: ReactElement, path: string, answer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: admin });
      }
      if (url === path && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
    }),
  );
  storeSession(admin);
  renderRoutes('/modal', [{ path: 'modal', element }]);
  return { dialog: screen.getByRole('dialog'), sent };
}

describe('reference-data modals', () => {
  it("checks the building with the API's schema and puts the server's field error under its field", async () => {
    const { dialog, sent } = renderModal(<BuildingModal {...modalProps} />, '/api/buildings', () =>
      jsonResponse(400, {
        error: 'code: A building with code MHS already exists',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'code', message: 'A building with code MHS already exists' }],
      }),
    );
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' } });
    fireEvent.click(save);
    expect(describedText(within(dialog).getByLabelText('Name'))).toBe('Name is required');
    expect(describedText(code)).toBe('Must be at most 20 characters');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Millbrook High ' } });
    fireEvent.change(code, { target: { value: 'MHS' } });
    fireEvent.click(save);
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(code)).toBe('A building with code MHS already exists');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      { name: 'Millbrook High', code: 'MHS', address: null, deseSchoolCode: null, buildingType: null },
    ]);
  });

  it("marks a bad colour with the schema's message under that colour", () => {
    const { dialog, sent } = renderModal(
      <CategoryModal {...modalProps} />,
      '/api/cola/work-group-categories',
      () => jsonResponse(201, {}),
    );
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'TEACHERS' } });
    const text = within(dialog).getByLabelText('Text colour');
    fireEvent.change(text, { target: { value: '#12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(text)).toBe('Colour must be a hex value in the form #RRGGBB');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });
});
