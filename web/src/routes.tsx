import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { budgetYearsQuery } from '@web/api/budget-years';
import { rolesFor, type AppPath } from '@web/auth/route-access';
import { startSessionCheck } from '@web/auth/session-check';
import { SessionProvider, useSession } from '@web/auth/session-context';
import { RouteErrorFallback } from '@web/components/error-fallback';
import { readStoredUser, readToken } from '@web/auth/session-storage';
import { ProtectedRoute } from '@web/components/protected-route';
import { Spinner } from '@web/components/spinner';
import { LoginScreen } from '@web/screens/login/index';
import { NotFoundScreen } from '@web/screens/not-found/index';
import { loadPageCode, SCREEN_CODE, Shell } from '@web/page-code';

/**
 * Whether the code the page being opened draws first (shell, screen, grid) has arrived. The session
 * gate waits for it as well as for the session check, so that code never suspends on the first
 * render: each suspended boundary would show its content 300 ms after its fallback at the earliest.
 */
let firstCodeLoaded = true;
const firstCodeListeners = new Set<() => void>();

/**
 * With a stored session, starts what the page being opened needs while GET /auth/me checks the
 * session, instead of one after another once it has answered: the shell's and the screen's code,
 * the budget years the shell selects from and, for screens that declare it, their first data. A
 * session the server refuses ends as before (the requests' 401s lead to the login page too).
 */
export function preloadSignedIn(pathname: string, queryClient: QueryClient): void {
  const user = readStoredUser();
  if (!readToken() || !user) {
    return;
  }
  startSessionCheck();
  queryClient.prefetchQuery(budgetYearsQuery()).catch(() => undefined);
  // A failed load opens the gate too: the screen's error boundary says what went wrong.
  firstCodeLoaded = false;
  void loadPageCode(pathname, user.role, queryClient).then(() => {
    firstCodeLoaded = true;
    firstCodeListeners.forEach((listener) => listener());
  });
}

function useFirstCodeLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      firstCodeListeners.add(listener);
      return () => firstCodeListeners.delete(listener);
    },
    () => firstCodeLoaded,
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/**
 * Holds the whole app until the stored session has been checked, and the code
 * the page draws first has arrived.
 */
function SessionGate() {
  const { status } = useSession();
  const codeLoaded = useFirstCodeLoaded();
  if (status === 'verifying' || !codeLoaded) {
    return <Spinner fullScreen />;
  }
  return <Outlet />;
}

function RootLayout() {
  return (
    <SessionProvider>
      <SessionGate />
    </SessionProvider>
  );
}

const signedInRoutes: RouteObject[] = (Object.keys(SCREEN_CODE) as AppPath[]).map((path) => {
  const Screen = SCREEN_CODE[path].Component;
  const element = (
    <ProtectedRoute roles={rolesFor(path)}>
      <Lazy>
        <Screen />
      </Lazy>
    </ProtectedRoute>
  );
  return path === '/' ? { index: true, element } : { path: path.slice(1), element };
});

/** The route tree: public pages, then every signed-in screen inside the shell, then Not Found. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { path: 'login', element: <LoginScreen /> },
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <Suspense fallback={<Spinner fullScreen />}>
              <Shell.Component />
            </Suspense>
          </ProtectedRoute>
        ),
        children: signedInRoutes,
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
