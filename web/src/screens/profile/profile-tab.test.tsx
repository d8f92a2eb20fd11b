// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ProfileTab } from './profile-tab';

// The profile names the role in the words of the header's user menu, not as the stored enum.

describe('ProfileTab', () => {
  it.each([
    ['VIEW_ONLY', 'View only'],
    ['FINANCE', 'Finance'],
    ['ADMIN', 'Administrator'],
  ] as const)('shows the role %s as %s', async (role, label) => {
    const user = makeUser({ role });
    storeSession(user);
    stubApi({ '/api/auth/me': { user } });
    renderRoutes('/profile', [{ path: 'profile', element: <ProfileTab /> }]);
    const heading = await screen.findByText('Role');
    expect(heading.nextElementSibling?.textContent).toBe(label);
  });
});
