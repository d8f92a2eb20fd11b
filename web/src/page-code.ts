import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { canVisit, type AppPath } from '@web/auth/route-access';
import { preloadOperatingBudget } from '@web/screens/operating-budget/preload';
import { preloadPositions } from '@web/screens/positions/preload';
import { preloadable, type Preloadable } from '@web/lib/preloadable';
import type { Role } from '@shared/schemas/common';

/**
 * A screen's chunk and its component (a named export, checked against the module's exports). The
 * component is ready once what it draws at once (`alsoLoads`: the grid) has arrived too: opened
 * from the menus, a grid screen showed its spinner, then the grid's placeholder while that code
 * came, then the grid no sooner than 300 ms after the placeholder (React's reveal throttle): 480 ms
 * from the click to the Employee Budget Manager's grid.
 */
function code<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  alsoLoads?: () => Promise<unknown>,
): Preloadable<object> {
  return preloadable(async () => (await Promise.all([load(), alsoLoads?.()]))[0][name]);
}

/** The grid's own chunk is asked for at once, beside the shared code its wrapper is in. */
const loadGrid = () =>
  Promise.all([
    import('@web/components/data-grid/ag-data-grid'),
    import('@web/components/data-grid/data-grid').then((m) => m.preloadDataGrid()),
  ]);

/** Each screen's code, in its own chunk, so each route loads only its own code. */
export const SCREEN_CODE: Record<AppPath, Preloadable<object>> = {
  '/': code(() => import('@web/screens/dashboard/index'), 'DashboardScreen'),
  '/profile': code(() => import('@web/screens/profile/index'), 'ProfileScreen'),
  '/scenario': code(() => import('@web/screens/scenario/index'), 'ScenarioScreen', loadGrid),
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
  '/admin/data-quality': code(() => import('@web/screens/data-quality/index'), 'DataQualityScreen', loadGrid),
  '/admin/import-history': code(
    () => import('@web/screens/import-history/index'),
    'ImportHistoryScreen',
    loadGrid,
  ),
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
export const Shell = preloadable(async () => (await import('@web/components/shell/shell')).Shell);

/** A path of the app without its query, hash and trailing slash ('/admin/positions?x=1' -> '/admin/positions'). */
const appPath = (path: string) => (path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') || '/') as AppPath;

/**
 * Starts loading what the page at `path` draws first for a `role`: the shell's code, the screen's
 * with what it draws at once (the grid), and, when `queryClient` is given (a session it may use),
 * the screen's first data. The promise settles when the code has arrived or failed (a failed load
 * is the screen's error boundary's to show).
 */
export function loadPageCode(path: string, role: Role, queryClient?: QueryClient): Promise<unknown> {
  const page = appPath(path);
  const screen = page in SCREEN_CODE && canVisit(role, page) ? SCREEN_CODE[page] : null;
  const code: Promise<unknown>[] = [Shell.preload()];
  if (screen) {
    code.push(screen.preload());
    if (queryClient) {
      SCREEN_DATA[page]?.(queryClient).catch(() => undefined);
    }
  }
  return Promise.allSettled(code);
}
