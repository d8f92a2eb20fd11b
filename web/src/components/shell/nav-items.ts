import type { Role } from '@shared/schemas/common';
import { canVisit, type AppPath } from '@web/auth/route-access';

export interface NavItem {
  label: string;
  to: AppPath;
}

/** A dropdown of the navigation bar. */
export interface NavMenu {
  label: string;
  items: NavItem[];
}

/** What one role's navigation offers: the bar's links and, when it has any items, one dropdown. */
export interface Navigation {
  links: NavItem[];
  menu: NavMenu | null;
}

/** The navigation bar: every signed-in user's main screens. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Scenario Builder', to: '/scenario' },
  { label: 'COLA Management', to: '/cola' },
  { label: 'Town Guidance', to: '/town-goals' },
  { label: 'Budget Comparison', to: '/budget-comparison' },
];

/**
 * The Admin dropdown, plus Salary Progression (which has no place of its own in the navigation;
 * it sits beside the Employee Manager whose salaries it explains). Four of its screens (the
 * two budget managers, Salary Progression and AI Analysis) are open to FINANCE too, so a role that
 * may open some of these screens but not the Admin Panel gets the same dropdown, limited to what
 * it may open, under BUDGET_TOOLS_LABEL.
 */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Admin Dashboard', to: '/admin' },
  { label: 'Setup', to: '/admin/setup' },
  { label: 'Manage Data', to: '/admin/manage-data' },
  { label: 'Proposed Budget', to: '/admin/proposed-budget' },
  { label: 'Employee Manager', to: '/admin/operating-budget' },
  { label: 'Positions', to: '/admin/positions' },
  { label: 'Budget Stages', to: '/budget-stages' },
  { label: 'Roll Forward', to: '/admin/roll-forward' },
  { label: 'Stage Comparison', to: '/budget-stages/compare' },
  { label: 'Budget vs Actual', to: '/budget-vs-actual' },
  { label: 'DESE Report', to: '/dese-report' },
  { label: 'Budget of All Funds', to: '/funds-report' },
  { label: 'Salary Progression', to: '/admin/salary-progression' },
  { label: 'Public Dashboard', to: '/admin/public-dashboard' },
  { label: 'AI Analysis', to: '/admin/ai-analysis' },
  { label: 'Categories', to: '/admin/categories' },
  { label: 'Position Crosswalk', to: '/admin/crosswalk' },
  { label: 'Function Codes', to: '/admin/function-codes' },
  { label: 'Funds', to: '/admin/funds' },
  { label: 'Data Quality', to: '/admin/data-quality' },
  { label: 'Import History', to: '/admin/import-history' },
];

export const ADMIN_LABEL = 'Admin';
export const BUDGET_TOOLS_LABEL = 'Budget Tools';

/** The screens of the user menu: Profile, and User Management for ADMIN. */
export const USER_MENU_NAV: readonly NavItem[] = [
  { label: 'Profile', to: '/profile' },
  { label: 'User Management', to: '/users' },
];

/**
 * The navigation of a role. Links the role cannot open are left out (the route table decides), so
 * nobody is offered a page that would only say Access Denied, and every screen the role may open
 * is in the bar, the dropdown or the user menu.
 */
export function navigationFor(role: Role | undefined): Navigation {
  const links = MAIN_NAV.filter((item) => canVisit(role, item.to));
  const items = ADMIN_NAV.filter((item) => canVisit(role, item.to));
  if (items.length === 0) {
    return { links, menu: null };
  }
  return { links, menu: { label: canVisit(role, '/admin') ? ADMIN_LABEL : BUDGET_TOOLS_LABEL, items } };
}

/** The user menu's screens for a role. */
export function userMenuFor(role: Role | undefined): NavItem[] {
  return USER_MENU_NAV.filter((item) => canVisit(role, item.to));
}
