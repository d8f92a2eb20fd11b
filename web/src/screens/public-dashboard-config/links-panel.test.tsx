// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LinksPanel } from '@web/screens/public-dashboard-config/links-panel';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();

/** The panel with no links yet; `post` answers Add Link. */
function renderPanel(post: (body: unknown) => Response) {
  const sent: unknown[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/public-dashboard/4/links': (_url, init) => {
      if (init.method !== 'POST') {
        return jsonResponse(200, { links: [] });
      }
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return post(body);
    },
  });
  storeSession(admin);
  renderRoutes('/links', [{ path: 'links', element: <LinksPanel configId={4} /> }]);
  return sent;
}

describe('the public dashboard Links panel', () => {
  it("picks the link type with the app's shared select, named 'Link type'", async () => {
    renderPanel(() => jsonResponse(500, {}));
    const type = await screen.findByRole('combobox', { name: 'Link type' });
    expect(type.tagName).not.toBe('SELECT');
    expect(type.classList.contains('select-trigger')).toBe(true);
    expect(type.textContent).toContain('Website');
  });

  it("puts the server's word on the link type under that field", async () => {
    const sent = renderPanel(() =>
      jsonResponse(400, {
        error: 'linkType: Links of this type are switched off',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'linkType', message: 'Links of this type are switched off' }],
      }),
    );
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Budget book' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://example.org/book.pdf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    const type = screen.getByRole('combobox', { name: 'Link type' });
    await vi.waitFor(() => expect(type.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(type)).toBe('Links of this type are switched off');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      { title: 'Budget book', description: '', url: 'https://example.org/book.pdf', linkType: 'website' },
    ]);
  });
});
