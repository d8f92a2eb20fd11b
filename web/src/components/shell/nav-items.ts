import type { AppPath } from '@web/auth/route-access';

export interface NavItem {
  label: string;
  to: AppPath;
}

/** The navigation bar (SPEC section 2). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Scenario Builder', to: '/scenario' },
  { label: 'COLA Management', to: '/cola' },
  { label: 'Town Guidance', to: '/town-goals' },
  { label: 'Budget Comparison', to: '/budget-comparison' },
];

/** The Admin dropdown, shown to those who may open the Admin Panel. */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Admin Dashboard', to: '/admin' },
  { label: 'Manage Data', to: '/admin/manage-data' },
  { label: 'Proposed Budget', to: '/admin/proposed-budget' },
  { label: 'Employee Manager', to: '/admin/operating-budget' },
  { label: 'Public Dashboard', to: '/admin/public-dashboard' },
  { label: 'AI Analysis', to: '/admin/ai-analysis' },
  { label: 'Categories', to: '/admin/categories' },
  { label: 'Data Quality', to: '/admin/data-quality' },
  { label: 'Import History', to: '/admin/import-history' },
];
