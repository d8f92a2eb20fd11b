// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/schemas/auth';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ApiKeyTab } from './api-key-tab';

// The Claude API key tab is on every user's profile, but only a role that may run AI Analysis
// (the server's 'ai.analyze') ever has the key used. A school committee member (VIEW_ONLY) is told
// so, instead of being told that AI Analysis, a screen they cannot open, uses the key.

async function renderTab(user: SessionUser, hasApiKey = false) {
  storeSession(user);
  stubApi({
    '/api/auth/me': { user },
    '/api/auth/has-api-key': { hasApiKey },
  });
  renderRoutes('/profile', [{ path: 'profile', element: <ApiKeyTab /> }]);
  await screen.findByText(hasApiKey ? 'A key is stored' : 'No key stored');
}

const viewOnly = makeUser({ role: 'VIEW_ONLY', abilities: { 'ai.analyze': false } });

describe('ApiKeyTab', () => {
  it('tells a VIEW_ONLY user, in words, that their role cannot run AI Analysis', async () => {
    await renderTab(viewOnly);
    expect(screen.getByTestId('api-key-intro').textContent).toBe(
      'Your role (View only) cannot run AI Analysis, so a key stored here is not used. ' +
        'It is stored encrypted and never shown again; only whether one is stored is displayed here.',
    );
  });

  it('offers a role that cannot run AI Analysis no key to save', async () => {
    await renderTab(viewOnly);
    expect(screen.queryByLabelText('Claude API key')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save API Key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
  });

  it('lets a role that cannot run AI Analysis remove a key it stored', async () => {
    await renderTab(viewOnly, true);
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeTruthy();
    expect(screen.queryByLabelText('Replace Claude API key')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save API Key' })).toBeNull();
  });

  it('tells a role that may run AI Analysis that it uses the key', async () => {
    await renderTab(makeUser({ role: 'FINANCE', abilities: { 'ai.analyze': true } }));
    expect(screen.getByTestId('api-key-intro').textContent).toBe(
      'AI Analysis uses your own Claude API key. ' +
        'It is stored encrypted and never shown again; only whether one is stored is displayed here.',
    );
    expect(screen.getByLabelText('Claude API key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save API Key' })).toBeTruthy();
  });
});
