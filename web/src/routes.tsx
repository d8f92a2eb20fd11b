import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { budgetYearsQuery } from '@web/api/budget-years';
import { canVisit, rolesFor, type AppPath } from '@web/auth/route-access';
import { startSessionCheck } from '@web/auth/session-check';
import { SessionProvider, useSession } from '@web/auth/session-context';
import { RouteErrorFallback } from '@web/components/error-fallback';
import { readStoredUser, readToken } from '@web/auth/session-storage';
import { ProtectedRoute } from '@web/components/protected-route';
import { Spinner } from '@web/components/spinner';
import { LoginScreen } from '@web/screens/login/index';
import { NotFoundScreen } from '@web/screens/not-found/index';
import { preloadOperatingBudget } from '@web/screens/operating-budget/preload';
import { preloadPositions } from '@web/screens/positions/preload';
import { preloadable, type Preloadable } from '@web/lib/preloadable';

interface ScreenCode {
  screen: Preloadable<object>;
  /** Other code the screen draws at once (the grid), loaded beside its own when it is opened. */
  alsoLoads?: () => Promise<unknown>;
}

/** A screen's chunk and its component (a named export, checked against the module's exports). */
function code<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  alsoLoads?: () => Promise<unknown>,
): ScreenCode {
  return { screen: preloadable(async () => (await load())[name]), alsoLoads };
}

/** The grid's own chunk is asked for at once, beside the shared code its wrapper is in. */
const loadGrid = () =>
  Promise.all([
    import('@web/components/data-grid/ag-data-grid'),
    import('@web/components/data-grid/data-grid').then((m) => m.preloadDataGrid()),
  ]);

/** Each screen's code, in its own chunk, so each route loads only its own code. */
const SCREEN_CODE: Record<AppPath, ScreenCode> = {
  '/': code(() => import('@web/screens/dashboard/index'), 'DashboardScreen'),
  '/profile': code(() => import('@web/screens/profile/index'), 'ProfileScreen'),
  '/scenario': code(() => import('@web/screens/scenario/index'), 'ScenarioScreen'),
  '/cola': code(() => import('@web/screens/cola/index'), 'ColaScreen'),
  '/town-goals': code(() => import('@web/screens/town-goals/index'), 'TownGoalsScreen'),
  '/budget-comparison': code(() => import('@web/screens/budget-comparison/index'), 'BudgetComparisonScreen'),
  '/budget-vs-actual': code(() => import('@web/screens/budget-vs-actual/index'), 'BudgetVsActualScreen'),
  '/budget-stages': code(() => import('@web/screens/budget-stages/index'), 'BudgetStagesScreen'),
  '/budget-stages/compare': code(() => import('@web/screens/stage-compare/index'), 'StageCompareScreen'),
  '/admin/proposed-budget': code(
    () => import('@web/screens/proposed-budget/index'),
    'ProposedBudgetScreen',
    loadGrid,
  ),
  '/admin/operating-budget': code(
    () => import('@web/screens/operating-budget/index'),
    'OperatingBudgetScreen',
    loadGrid,
  ),
  '/admin/positions': code(() => import('@web/screens/positions/index'), 'PositionsScreen', loadGrid),
  '/admin/ai-analysis': code(() => import('@web/screens/ai-analysis/index'), 'AiAnalysisScreen'),
  '/admin/salary-progression': code(
    () => import('@web/screens/salary-progression/index'),
    'SalaryProgressionScreen',
  ),
  '/admin': code(() => import('@web/screens/admin/index'), 'AdminScreen'),
  '/admin/manage-data': code(() => import('@web/screens/manage-data/index'), 'ManageDataScreen'),
  '/admin/categories': code(() => import('@web/screens/categories/index'), 'CategoriesScreen'),
  '/admin/data-quality': code(() => import('@web/screens/data-quality/index'), 'DataQualityScreen'),
  '/admin/import-history': code(() => import('@web/screens/import-history/index'), 'ImportHistoryScreen'),
  '/admin/crosswalk': code(() => import('@web/screens/crosswalk/index'), 'CrosswalkScreen'),
  '/admin/public-dashboard': code(
    () => import('@web/screens/public-dashboard-config/index'),
    'PublicDashboardConfigScreen',
  ),
  '/dese-report': code(() => import('@web/screens/dese-report/index'), 'DeseReportScreen'),
  '/funds-report': code(() => import('@web/screens/funds-report/index'), 'FundsReportScreen'),
  '/admin/function-codes': code(() => import('@web/screens/function-codes/index'), 'FunctionCodesScreen'),
  '/admin/funds': code(() => import('@web/screens/funds/index'), 'FundsScreen'),
  '/admin/setup': code(() => import('@web/screens/setup/index'), 'SetupScreen'),
  '/admin/roll-forward': code(() => import('@web/screens/roll-forward/index'), 'RollForwardScreen'),
  '/users': code(() => import('@web/screens/users/index'), 'UsersScreen'),
};

/**
 * Screens whose first data can be asked for before their code has arrived. These few functions are
 * part of the first page, so the requests leave as soon as the page runs, not after the app's code.
 */
const SCREEN_DATA: Partial<Record<AppPath, (queryClient: QueryClient) => Promise<void>>> = {
  '/admin/operating-budget': preloadOperatingBudget,
  '/admin/positions': preloadPositions,
};

// The signed-in layout (header, navigation, budget-year picker, user menu, with their menu and
// select primitives) is in the app's shared chunk, not the first page's, so the login page does
// not load it (the public dashboard is a page of its own: web/public.html, server/static.ts).
const Shell = preloadable(async () => (await import('@web/components/shell/shell')).Shell);

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
  const ignore = () => undefined;
  queryClient.prefetchQuery(budgetYearsQuery()).catch(ignore);
  const path = (pathname.replace(/(.)\/+$/, '$1') as AppPath) || '/';
  const screen = path in SCREEN_CODE && canVisit(user.role, path) ? SCREEN_CODE[path] : null;
  const code: Promise<unknown>[] = [Shell.preload()];
  if (screen) {
    code.push(screen.screen.preload(), ...(screen.alsoLoads ? [screen.alsoLoads()] : []));
    SCREEN_DATA[path]?.(queryClient).catch(ignore);
  }
  // A failed load opens the gate too: the screen's error boundary says what went wrong.
  firstCodeLoaded = false;
  void Promise.allSettled(code).then(() => {
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
  const Screen = SCREEN_CODE[path].screen.Component;
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
