import type { Role } from '@shared/schemas/common';

const STAFF: readonly Role[] = ['ADMIN', 'FINANCE'];
const ADMIN: readonly Role[] = ['ADMIN'];

/** Every signed-in route and the roles it needs; null means any signed-in user. */
export const ROUTE_ROLES = {
  '/': null,
  '/profile': null,
  // The reports that hold no individual pay (the server's 'stageComparison.read',
  // 'deseReport.read', 'budgetVsActual.read' and, for the budget of all funds, 'dashboard.read'):
  // the school committee (VIEW_ONLY) reads them too.
  '/budget-stages': null,
  '/budget-stages/compare': null,
  '/budget-vs-actual': null,
  '/dese-report': null,
  '/funds-report': null,
  '/scenario': STAFF,
  '/cola': STAFF,
  '/town-goals': STAFF,
  '/budget-comparison': STAFF,
  '/admin/proposed-budget': STAFF,
  '/admin/operating-budget': STAFF,
  '/admin/positions': STAFF,
  '/admin/ai-analysis': STAFF,
  '/admin/salary-progression': STAFF,
  '/admin': ADMIN,
  '/admin/manage-data': ADMIN,
  '/admin/categories': ADMIN,
  '/admin/data-quality': ADMIN,
  '/admin/import-history': ADMIN,
  '/admin/public-dashboard': ADMIN,
  '/admin/crosswalk': ADMIN,
  '/admin/function-codes': ADMIN,
  // The server's 'funds.manage'.
  '/admin/funds': ADMIN,
  '/admin/setup': ADMIN,
  '/admin/roll-forward': ADMIN,
  '/users': ADMIN,
} as const satisfies Record<string, readonly Role[] | null>;

export type AppPath = keyof typeof ROUTE_ROLES;

export function rolesFor(path: AppPath): readonly Role[] | null {
  return ROUTE_ROLES[path];
}

/** Whether a user with this role may open the route (the server still enforces its own rules). */
export function canVisit(role: Role | undefined, path: AppPath): boolean {
  if (!role) {
    return false;
  }
  const roles = rolesFor(path);
  return roles === null || roles.includes(role);
}
