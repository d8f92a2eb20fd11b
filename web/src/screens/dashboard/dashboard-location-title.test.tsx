// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EmployeeStats } from '@web/api/dashboard';
import {
  BUILDINGS,
  CATEGORIES,
  renderDashboard,
  ROSTER_SALARIES,
  ROSTER_STATS,
  SALARIES,
  STATS,
  SUMMARY,
} from '@web/test/dashboard';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA, the demo district's FY2027 (planned from the FY2026 roster): the location card read
// 'Headcount by Location' over '507 positions, $36,882,931 in salaries', and the Settings panel
// named the staff cards 'Employee totals' and 'Headcount by location' over cards titled Positions.

/** Opens the dashboard on these staff figures; resolves with the location card once it has them. */
async function openLocationCard(stats: EmployeeStats, title: string) {
  renderDashboard({
    '/api/line-items/budget/summary': SUMMARY,
    '/api/line-items/summary/by-category': CATEGORIES,
    '/api/line-items/summary/by-building': BUILDINGS,
    '/api/line-items/budget/stats': stats,
    '/api/line-items/salary-distribution': stats.source === 'roster' ? ROSTER_SALARIES : SALARIES,
  });
  const card = await screen.findByRole('region', { name: title }, { timeout: 5000 });
  await waitFor(() => expect(card.getAttribute('aria-busy')).toBeNull());
  return card;
}

/** The names of the Settings panel's section checkboxes. */
function settingsSections(): string[] {
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  const panel = screen.getByRole('dialog', { name: 'Dashboard settings' });
  return within(panel)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
}

describe('the location card and the Settings panel of a year counting a roster', () => {
  it('are titled for positions, not headcount', async () => {
    const card = await openLocationCard(ROSTER_STATS, 'Positions by Location');
    expect(screen.queryByRole('region', { name: 'Headcount by Location' })).toBeNull();
    // 507 positions and their $36,900,000 budgeted salaries, from the roster figures.
    expect(card.textContent).toContain('507 positions, $36,900,000 in salaries');
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    expect(within(card).getByRole('columnheader', { name: 'Positions' })).toBeTruthy();
    expect(card.textContent).not.toMatch(/employee/i);
    const sections = settingsSections();
    expect(sections).toContain('Position totals');
    expect(sections).toContain('Positions by location');
    expect(sections).not.toContain('Employee totals');
    expect(sections).not.toContain('Headcount by location');
  });
});

describe('the location card and the Settings panel of a year of employee lines', () => {
  it('keep counting employees', async () => {
    const card = await openLocationCard(STATS, 'Headcount by Location');
    expect(screen.queryByRole('region', { name: 'Positions by Location' })).toBeNull();
    expect(card.textContent).toContain('212 employees, $15,300,000 in salaries');
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    expect(within(card).getByRole('columnheader', { name: 'Employees' })).toBeTruthy();
    const sections = settingsSections();
    expect(sections).toContain('Employee totals');
    expect(sections).toContain('Headcount by location');
    expect(sections).not.toContain('Positions by location');
  });
});
