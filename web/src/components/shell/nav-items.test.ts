import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/schemas/common';
import { canVisit, ROUTE_ROLES, type AppPath } from '@web/auth/route-access';
import { navigationFor, userMenuFor } from '@web/components/shell/nav-items';

const ROLES: Role[] = ['ADMIN', 'FINANCE', 'VIEW_ONLY'];

function reachable(role: Role): AppPath[] {
  const { links, menu } = navigationFor(role);
  return [...links, ...(menu?.items ?? []), ...userMenuFor(role)].map((item) => item.to).sort();
}

describe('navigationFor', () => {
  it.each(ROLES)('%s reaches every screen it may open, and only those', (role) => {
    const allowed = (Object.keys(ROUTE_ROLES) as AppPath[]).filter((path) => canVisit(role, path)).sort();
    expect(reachable(role)).toEqual(allowed);
  });

  it('names the dropdown Admin for ADMIN and Budget Tools for FINANCE and VIEW_ONLY', () => {
    expect(navigationFor('ADMIN').menu?.label).toBe('Admin');
    expect(navigationFor('ADMIN').menu?.items).toHaveLength(21);
    expect(navigationFor('FINANCE').menu).toEqual({
      label: 'Budget Tools',
      items: [
        { label: 'Proposed Budget', to: '/admin/proposed-budget' },
        { label: 'Employee Manager', to: '/admin/operating-budget' },
        { label: 'Positions', to: '/admin/positions' },
        { label: 'Budget Stages', to: '/budget-stages' },
        { label: 'Stage Comparison', to: '/budget-stages/compare' },
        { label: 'Budget vs Actual', to: '/budget-vs-actual' },
        { label: 'DESE Report', to: '/dese-report' },
        { label: 'Budget of All Funds', to: '/funds-report' },
        { label: 'Salary Progression', to: '/admin/salary-progression' },
        { label: 'AI Analysis', to: '/admin/ai-analysis' },
      ],
    });
    // The school committee reads the reports that hold no individual pay.
    expect(navigationFor('VIEW_ONLY')).toEqual({
      links: [{ label: 'Dashboard', to: '/' }],
      menu: {
        label: 'Budget Tools',
        items: [
          { label: 'Budget Stages', to: '/budget-stages' },
          { label: 'Stage Comparison', to: '/budget-stages/compare' },
          { label: 'Budget vs Actual', to: '/budget-vs-actual' },
          { label: 'DESE Report', to: '/dese-report' },
          { label: 'Budget of All Funds', to: '/funds-report' },
        ],
      },
    });
  });
});
