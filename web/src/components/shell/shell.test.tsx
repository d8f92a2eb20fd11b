// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Shell } from '@web/components/shell/shell';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

/**
 * The header names the district the server says (its saved name, with the budget years), never
 * the demo's: a district set up through Setup sees its own name, one with none 'School district'.
 */

const viewer = makeUser({ role: 'VIEW_ONLY', abilities: { 'dashboard.read': true } });

function showShell(districtName: string | null) {
  storeSession(viewer);
  const asked = stubApi({
    '/api/auth/me': { user: viewer },
    '/api/budget-years': { budgetYears: [], districtName },
  });
  renderRoutes('/', [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>Home</p> }] }]);
  return asked;
}

const brandName = () => document.querySelector('.app-header .brand__name')?.textContent;

describe('Shell header', () => {
  it('shows the district’s saved name, from the budget-years list it already loads', async () => {
    const asked = showShell('Lunenburg Public Schools');
    await waitFor(() => expect(brandName()).toBe('Lunenburg Public Schools'));
    expect(screen.getByRole('link', { name: /Lunenburg Public Schools Budget Workbench/ })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Millbrook');
    // No request of its own for the name: the list the year picker needs anyway.
    expect(asked.filter((u) => u.startsWith('/api/budget-years'))).toHaveLength(1);
  });

  it('says "School district" when the district has saved no name, not the demo’s', async () => {
    showShell(null);
    await screen.findByText('Home');
    await waitFor(() => expect(brandName()).toBe('School district'));
    expect(document.body.textContent).not.toContain('Millbrook');
  });

  it('remembers the name for the sign-in page', async () => {
    showShell('Lunenburg Public Schools');
    await waitFor(() => expect(localStorage.getItem('district-name')).toBe('Lunenburg Public Schools'));
  });

  it('shows the remembered name until the list answers, then forgets it when none is saved', async () => {
    localStorage.setItem('district-name', 'Old District');
    showShell(null);
    expect(brandName()).toBe('Old District');
    await waitFor(() => expect(brandName()).toBe('School district'));
    expect(localStorage.getItem('district-name')).toBeNull();
  });
});

describe('the user menu', () => {
  // The header's chip read 'VIEW_ONLY' on every screen, while User Management says 'View only'.
  it('names the role in words', async () => {
    showShell('Lunenburg Public Schools');
    await waitFor(() => expect(document.querySelector('.user-trigger__role')?.textContent).toBe('View only'));
    expect(document.querySelector('.app-header')?.textContent).not.toContain('VIEW_ONLY');
  });
});
