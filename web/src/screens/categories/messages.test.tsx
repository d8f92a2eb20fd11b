// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoriesScreen } from '@web/screens/categories';
import { jsonResponse, makeCategory, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// QA (ADMIN, 1440x900): the screen's messages ('default increase set to ...%', 'Failed to delete:
// ...') went to a banner at the top of the page, off-screen once the user had scrolled to a card.
const admin = makeUser({ role: 'ADMIN' });
const spare = makeCategory({ id: 8, name: 'Spare', lineItemCount: 0, defaultYoYIncrease: 2 });

function renderScreen(remove: () => Response) {
  storeSession(admin);
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/categories': { categories: [spare] },
    '/api/categories/dese-codes': { codes: [] },
    '/api/categories/8': (_url, init) =>
      init.method === 'DELETE'
        ? remove()
        : jsonResponse(200, { category: { ...spare, defaultYoYIncrease: 3 } }),
  });
  renderRoutes('/categories', [{ path: 'categories', element: <CategoriesScreen /> }]);
}

/** The toasts shown (Radix renders each in a list item of the viewport). */
const toasts = () => document.querySelector('.toast-viewport, [role="region"] ol') as HTMLElement | null;

describe('Budget Categories messages', () => {
  it('says a saved increase and a refused delete where the user is: in a toast', async () => {
    renderScreen(() => jsonResponse(409, { error: 'Cannot delete Spare: it is in use', code: 'CONFLICT' }));
    const input = await screen.findByLabelText('Default YoY increase');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Spare: default increase set to 3%');
    expect(toasts()?.textContent).toContain('Spare: default increase set to 3%');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Spare' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete Spare');
    expect(toasts()?.textContent).toContain('Cannot delete Spare: it is in use');
    expect(document.querySelector('.bc-status')).toBeNull();
  });
});
