// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, setUnauthorizedHandler } from '@web/api/client';
import { readStoredUser, readToken } from '@web/auth/session-storage';
import { jsonResponse, makeUser, storeSession } from '@web/test/render';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('api client', () => {
  it('sends the stored token as a Bearer header under /api', async () => {
    storeSession(makeUser(), 'abc.def');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/auth/me', { query: { budgetYearId: 3, empty: '' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/me?budgetYearId=3');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def');
  });

  it('throws an ApiError carrying the server error, code and details', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(409, { error: 'A user with that email already exists', code: 'CONFLICT' }),
        ),
    );
    const failure = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    const error = failure as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('A user with that email already exists');
    expect(errorMessage(error, 'Registration failed. Please try again.')).toBe(
      'A user with that email already exists',
    );
  });

  it('falls back to the screen message when the server sends no error text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500 })));
    const error = await api.get('/auth/users').catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to load users')).toBe('Failed to load users');
  });

  it('on a 401 clears the stored session and redirects to /login', async () => {
    window.history.replaceState(null, '', '/users');
    storeSession(makeUser());
    const redirect = vi.fn();
    const restore = setUnauthorizedHandler(redirect);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(401, { error: 'Not signed in', code: 'UNAUTHORIZED' })),
    );
    await expect(api.get('/auth/users')).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBeNull();
    expect(readStoredUser()).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
    restore();
  });

  it('does not redirect when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    const redirect = vi.fn();
    const restore = setUnauthorizedHandler(redirect);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(jsonResponse(401, { error: 'Invalid email or password', code: 'UNAUTHORIZED' })),
    );
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe('Invalid email or password');
    expect(redirect).not.toHaveBeenCalled();
    restore();
  });
});
