import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { rolesFor, type AppPath } from '@web/auth/route-access';
import { SessionProvider, useSession } from '@web/auth/session-context';
import { RouteErrorFallback } from '@web/components/error-fallback';
import { readToken } from '@web/auth/session-storage';
import { ProtectedRoute } from '@web/components/protected-route';
import { Spinner } from '@web/components/spinner';
import { LoginScreen } from '@web/screens/login/index';
import { NotFoundScreen } from '@web/screens/not-found/index';

/** Code-splits a screen (named export) so each route loads only its own code. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const SCREENS: Record<AppPath, ComponentType> = {
  '/': screen(() => import('@web/screens/dashboard/index'), 'DashboardScreen'),
  '/profile': screen(() => import('@web/screens/profile/index'), 'ProfileScreen'),
  '/scenario': screen(() => import('@web/screens/scenario/index'), 'ScenarioScreen'),
  '/cola': screen(() => import('@web/screens/cola/index'), 'ColaScreen'),
  '/town-goals': screen(() => import('@web/screens/town-goals/index'), 'TownGoalsScreen'),
  '/budget-comparison': screen(
    () => import('@web/screens/budget-comparison/index'),
    'BudgetComparisonScreen',
  ),
  '/admin/proposed-budget': screen(
    () => import('@web/screens/proposed-budget/index'),
    'ProposedBudgetScreen',
  ),
  '/admin/operating-budget': screen(
    () => import('@web/screens/operating-budget/index'),
    'OperatingBudgetScreen',
  ),
  '/admin/ai-analysis': screen(() => import('@web/screens/ai-analysis/index'), 'AiAnalysisScreen'),
  '/admin/salary-progression': screen(
    () => import('@web/screens/salary-progression/index'),
    'SalaryProgressionScreen',
  ),
  '/admin': screen(() => import('@web/screens/admin/index'), 'AdminScreen'),
  '/admin/manage-data': screen(() => import('@web/screens/manage-data/index'), 'ManageDataScreen'),
  '/admin/categories': screen(() => import('@web/screens/categories/index'), 'CategoriesScreen'),
  '/admin/data-quality': screen(() => import('@web/screens/data-quality/index'), 'DataQualityScreen'),
  '/admin/import-history': screen(() => import('@web/screens/import-history/index'), 'ImportHistoryScreen'),
  '/admin/public-dashboard': screen(
    () => import('@web/screens/public-dashboard-config/index'),
    'PublicDashboardConfigScreen',
  ),
  '/users': screen(() => import('@web/screens/users/index'), 'UsersScreen'),
};

// The signed-in layout (header, navigation, budget-year picker, user menu, with their menu and
// select primitives) is its own chunk, so the login page does not load it
// (the public dashboard is a page of its own: web/public.html, server/static.ts).
// With a stored session it is fetched at once, beside the app's own code, not after it.
const loadShell = () => import('@web/components/shell/shell');
if (readToken()) {
  void loadShell();
}
const Shell = screen(loadShell, 'Shell');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/** Holds the whole app until the stored session has been checked (SPEC section 4). */
function SessionGate() {
  const { status } = useSession();
  if (status === 'verifying') {
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

const signedInRoutes: RouteObject[] = (Object.keys(SCREENS) as AppPath[]).map((path) => {
  const Screen = SCREENS[path];
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
              <Shell />
            </Suspense>
          </ProtectedRoute>
        ),
        children: signedInRoutes,
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
