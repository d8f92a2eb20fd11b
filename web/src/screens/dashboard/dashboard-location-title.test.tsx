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

describe('the staff cards while the year’s staff figures load', () => {
  // QA, FY2027 (a roster year): the location card read 'Headcount by Location' and the staff card
  // 'Employees' (with 'View All Employees') until the figures came, then 'Positions by Location'
  // and 'Positions': while loading, which they count is not known, and neither card guesses.
  it('are titled for staff, neither headcount nor positions, and say they are loading', async () => {
    renderDashboard({
      '/api/line-items/budget/summary': SUMMARY,
      '/api/line-items/summary/by-category': CATEGORIES,
      '/api/line-items/summary/by-building': BUILDINGS,
      '/api/line-items/salary-distribution': ROSTER_SALARIES,
    });
    const location = await screen.findByRole('region', { name: 'Staff by Location' }, { timeout: 5000 });
    const staff = screen.getByRole('region', { name: 'Staff' });
    for (const card of [location, staff]) {
      expect(card.getAttribute('aria-busy')).toBe('true');
      expect(within(card).getByRole('status').textContent).toMatch(/^Loading Staff/);
      expect(card.textContent).not.toMatch(/employee|headcount|position/i);
    }
    for (const wrong of ['Headcount by Location', 'Positions by Location', 'Employees', 'Positions']) {
      expect(screen.queryByRole('region', { name: wrong }), wrong).toBeNull();
    }
    expect(screen.queryByRole('link', { name: /View All/ })).toBeNull();
  });
});

describe('the staff cards when another fiscal year is chosen', () => {
  // QA, the demo district: choosing FY27 (a roster year) after FY26 (its own employee lines), the
  // location card kept FY26's 'Headcount by Location' (its figures kept on screen while FY27's
  // loaded), then flipped to 'Positions by Location'.
  it('say neither the last year’s words nor guess the new year’s until its figures come', async () => {
    renderDashboard({
      '/api/line-items/budget/summary': SUMMARY,
      '/api/line-items/summary/by-category': CATEGORIES,
      '/api/line-items/summary/by-building': BUILDINGS,
      '/api/line-items/budget/stats': STATS,
      '/api/line-items/salary-distribution': SALARIES,
    });
    await screen.findByRole('region', { name: 'Headcount by Location' }, { timeout: 5000 });
    // The next year's staff figures are held back until released; everything else answers as before.
    const answered = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/line-items/budget/stats') && url.includes('fiscalYear=2028')) {
          await held;
          return new Response(JSON.stringify(ROSTER_STATS), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return answered(url, init);
      }),
    );
    const year = screen.getByRole('combobox', { name: 'Fiscal year' });
    fireEvent.keyDown(year, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'FY28' }));
    const location = await screen.findByRole('region', { name: 'Staff by Location' });
    expect(within(location).getByRole('status').textContent).toMatch(/^Loading Staff/);
    expect(location.textContent).not.toMatch(/employee|headcount/i);
    expect(screen.getByRole('region', { name: 'Staff' }).textContent).not.toContain('212');
    for (const wrong of ['Headcount by Location', 'Employees', 'Positions by Location', 'Positions']) {
      expect(screen.queryByRole('region', { name: wrong }), wrong).toBeNull();
    }
    release();
    const positions = await screen.findByRole('region', { name: 'Positions by Location' });
    await waitFor(() => expect(positions.textContent).toContain('507 positions, $36,900,000 in salaries'));
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
