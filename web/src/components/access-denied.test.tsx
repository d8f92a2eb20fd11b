// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readToken } from '@web/auth/session-storage';
import { AccessDenied } from '@web/components/access-denied';
import { ProtectedRoute } from '@web/components/protected-route';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

describe('AccessDenied', () => {
  it('names the roles the page needs and the role the user has', () => {
    renderRoutes('/cola', [
      { path: 'cola', element: <AccessDenied requiredRoles={['ADMIN', 'FINANCE']} userRole="VIEW_ONLY" /> },
    ]);
    expect(screen.getByText("You don't have permission to access this page")).toBeTruthy();
    expect(screen.getByText('Required role: ADMIN or FINANCE')).toBeTruthy();
    expect(screen.getByText('Your role: VIEW_ONLY')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});

describe('ProtectedRoute', () => {
  const guarded = [
    { path: 'users', element: <ProtectedRoute roles={['ADMIN']}>Secret admin page</ProtectedRoute> },
  ];

  it('sends a signed-out visitor to /login, replacing the history entry', async () => {
    const { router } = renderRoutes('/users', guarded);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows Access Denied to a role not in the list', async () => {
    const viewer = makeUser({ role: 'VIEW_ONLY', abilities: {} });
    storeSession(viewer);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { user: viewer })));
    renderRoutes('/users', guarded);
    expect(await screen.findByText('Required role: ADMIN')).toBeTruthy();
    expect(screen.getByText('Your role: VIEW_ONLY')).toBeTruthy();
    expect(screen.queryByText('Secret admin page')).toBeNull();
  });

  it('shows the page to a role in the list once the session is verified', async () => {
    const admin = makeUser();
    storeSession(admin);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { user: admin })));
    renderRoutes('/users', guarded);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Secret admin page')).toBeTruthy();
  });

  it('clears the stored session when verification fails', async () => {
    storeSession(makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(401, { error: 'Session expired', code: 'UNAUTHORIZED' })),
    );
    const { router } = renderRoutes('/users', guarded);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readToken()).toBeNull();
  });
});
