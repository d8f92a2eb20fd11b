// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/schemas/auth';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ApiKeyTab } from './api-key-tab';

// The Claude API key tab is on every user's profile, but only a role that may run AI Analysis
// (the server's 'ai.analyze') ever has the key used. A school committee member (VIEW_ONLY) is told
// so, instead of being told that AI Analysis, a screen they cannot open, uses the key.

async function renderTab(user: SessionUser) {
  storeSession(user);
  stubApi({
    '/api/auth/me': { user },
    '/api/auth/has-api-key': { hasApiKey: false },
  });
  renderRoutes('/profile', [{ path: 'profile', element: <ApiKeyTab /> }]);
  await screen.findByText('No key stored');
}

describe('ApiKeyTab', () => {
  it('tells a VIEW_ONLY user their role cannot run AI Analysis', async () => {
    await renderTab(makeUser({ role: 'VIEW_ONLY', abilities: { 'ai.analyze': false } }));
    expect(screen.getByTestId('api-key-intro').textContent).toBe(
      'Your role (VIEW_ONLY) cannot run AI Analysis, so a key stored here is not used. ' +
        'It is stored encrypted and never shown again; only whether one is stored is displayed here.',
    );
  });

  it('tells a role that may run AI Analysis that it uses the key', async () => {
    await renderTab(makeUser({ role: 'FINANCE', abilities: { 'ai.analyze': true } }));
    expect(screen.getByTestId('api-key-intro').textContent).toBe(
      'AI Analysis uses your own Claude API key. ' +
        'It is stored encrypted and never shown again; only whether one is stored is displayed here.',
    );
  });
});
