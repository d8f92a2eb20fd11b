// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LeadToSetup } from '@web/components/no-budget-year';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import type { SessionUser } from '@shared/schemas/auth';

/** Suspends on its first render, as a part of a screen waiting on its code or data does. */
let ready = false;
const wait = () => new Promise<void>((resolve) => setTimeout(() => ((ready = true), resolve()), 20));
function SuspendsOnce() {
  if (!ready) {
    throw wait();
  }
  return <p>Loaded</p>;
}

function signedIn(user: SessionUser) {
  sessionStorage.clear();
  storeSession(user);
  stubApi({ '/api/auth/me': { user } });
}

const routes = (element: React.ReactNode) => [
  { index: true, element },
  { path: 'admin/setup', element: <p>Setup screen</p> },
];

describe('LeadToSetup', () => {
  it('takes an admin to Setup even when its first render is thrown away (a sibling suspended)', async () => {
    ready = false;
    signedIn(makeUser());
    renderRoutes(
      '/',
      routes(
        <Suspense fallback={<p>Loading</p>}>
          <LeadToSetup />
          <SuspendsOnce />
        </Suspense>,
      ),
    );
    expect(await screen.findByText('Setup screen')).toBeTruthy();
  });

  it('leads once a browser session: an admin who left Setup stays where they are', async () => {
    signedIn(makeUser());
    renderRoutes('/', routes(<LeadToSetup />));
    expect(await screen.findByText('Setup screen')).toBeTruthy();
    renderRoutes('/', routes(<LeadToSetup />));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Setup screen')).toHaveLength(1);
  });

  it('does not lead a role that cannot open Setup', async () => {
    signedIn(makeUser({ role: 'FINANCE' }));
    renderRoutes('/', routes(<LeadToSetup />));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Setup screen')).toBeNull();
  });
});
