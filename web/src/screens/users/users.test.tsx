// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UsersScreen } from '@web/screens/users/index';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser({ id: 1, name: 'Avery Admin' });
const finance = makeUser({
  id: 2,
  name: 'Fran Finance',
  email: 'fran@example.org',
  role: 'FINANCE',
  abilities: {},
});

function stubApi(handlers: Record<string, (init: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    // The security log below the users table loads too; an empty one unless a test says otherwise.
    const handler =
      handlers[key] ??
      (key.startsWith('GET /api/auth/security-log') ? () => jsonResponse(200, { events: [] }) : undefined);
    if (!handler) {
      throw new Error(`Unexpected call ${key}`);
    }
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderUsers() {
  storeSession(admin);
  return renderRoutes('/users', [{ path: 'users', element: <UsersScreen /> }]);
}

describe('UsersScreen', () => {
  it("lists users and offers no actions on one's own row", async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/auth/users': () => jsonResponse(200, { users: [admin, finance] }),
    });
    renderUsers();
    const ownRow = (await screen.findByText('(you)')).closest('tr') as HTMLElement;
    expect(within(ownRow).queryByRole('button')).toBeNull();
    const otherRow = screen.getByText('fran@example.org').closest('tr') as HTMLElement;
    expect(within(otherRow).getByRole('button', { name: 'Deactivate Fran Finance' })).toBeTruthy();
    expect(within(otherRow).getByText('Active')).toBeTruthy();
  });

  it('asks before deleting and names the user', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/auth/users': () => jsonResponse(200, { users: [admin, finance] }),
      'DELETE /api/auth/users/2': () => jsonResponse(200, { message: 'User deleted' }),
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fran Finance' }));
    expect(
      screen.getByText('Are you sure you want to delete Fran Finance? This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/users/2' && init.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it('shows the server error when loading fails', async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/auth/users': () => jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL' }),
    });
    renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load users');
    expect(alert.textContent).toContain('Database unavailable');
  });

  it('shows client checks on the fields, and only a server failure under "Failed to create user"', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/auth/users': () => jsonResponse(200, { users: [admin, finance] }),
      'POST /api/auth/register': () =>
        jsonResponse(409, { error: 'A user with that email already exists', code: 'CONFLICT', details: [] }),
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).queryByText('Failed to create user')).toBeNull();
    const email = within(dialog).getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Email must be a valid email address',
    );
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/register')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Dana Doe' } });
    fireEvent.change(email, { target: { value: 'dana@example.org' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to create user');
    expect(alert.textContent).toContain('A user with that email already exists');
  });
});
