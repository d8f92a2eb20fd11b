// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreateVersionModal } from '@web/screens/admin/import/create-version-modal';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser();

function renderModal() {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/auth/me') {
      return jsonResponse(200, { user: admin });
    }
    if (url === '/api/versions' && init.method === 'POST') {
      return jsonResponse(400, {
        error: 'label: Keep the label under 200 characters',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'label', message: 'Keep the label under 200 characters' }],
      });
    }
    throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  storeSession(admin);
  renderRoutes('/new', [
    {
      path: 'new',
      element: (
        <CreateVersionModal
          open
          onOpenChange={() => {}}
          budgetYearId={1}
          defaultFiscalYear={2026}
          onCreated={() => {}}
        />
      ),
    },
  ]);
  return fetchMock;
}

const description = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('CreateVersionModal', () => {
  it("puts the shared schema's message on the Label field without calling the server", () => {
    const fetchMock = renderModal();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
    const label = within(dialog).getByLabelText('Label');
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(description(label)).toBe('Please enter a version label');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/versions')).toBe(false);
  });

  it("marks the field the server's details name, and says the create failed", async () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: 'Preliminary' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to create version: label: Keep the label under 200 characters');
    expect(description(within(dialog).getByLabelText('Label'))).toBe('Keep the label under 200 characters');
  });
});
