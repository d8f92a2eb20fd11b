// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readToken } from '@web/auth/session-storage';
import { LoginScreen } from '@web/screens/login/index';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

function renderLogin() {
  return renderRoutes('/login', [{ path: 'login', element: <LoginScreen /> }]);
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('LoginScreen', () => {
  it('shows the sign-in texts', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Sign in to your account')).toBeTruthy();
    expect(screen.getByText('Secure access for authorized school personnel only')).toBeTruthy();
    expect(screen.getByText('Forgot your password? Contact your administrator.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('asks for both fields when either is empty, without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fill('someone@example.org', '');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter both email and password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an email that is not an address', () => {
    renderLogin();
    fill('not-an-email', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
  });

  it('toggles the password between hidden and shown', () => {
    renderLogin();
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it("shows the server's error and stays on the page", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(jsonResponse(401, { error: 'Invalid email or password', code: 'UNAUTHORIZED' })),
    );
    const { router } = renderLogin();
    fill('admin@example.org', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the generic message when the server gives none', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 502 })));
    renderLogin();
    fill('admin@example.org', 'a-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it('stores the session and goes to / on success', async () => {
    const user = makeUser();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { token: 'jwt-1', user })));
    const { router } = renderLogin();
    fill('avery@example.org', 'right-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // The sign-in loads the page's code before it goes there (loadPageCode): in a fresh checkout
    // this test process transforms those modules first, more than waitFor's one second on a slow
    // machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 20_000 });
    expect(readToken()).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: user.email });
  });

  it('redirects to / when already signed in', async () => {
    storeSession(makeUser());
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { user: makeUser() })));
    const { router } = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
