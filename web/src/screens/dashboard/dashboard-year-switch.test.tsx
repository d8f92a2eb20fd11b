// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetSummary, EmployeeStats } from '@web/api/dashboard';
import { BUILDINGS, CATEGORIES, renderDashboard, SALARIES, STATS, SUMMARY } from '@web/test/dashboard';

// Plotly is not needed to read the page's words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA: choosing another fiscal year, the header's note ('projected figures') and the projected banner
// ('FY27 figures are projected') stayed on screen, the last year's answer, until the new year's came
// (the staff cards were mended the same way in e55572d: 'Staff' while loading).

/** FY27: every employee line projected, no proposed line imported. */
const PROJECTED_STATS: EmployeeStats = { ...STATS, projectedEmployees: STATS.totalEmployees };
const PROJECTED_SUMMARY: BudgetSummary = {
  ...SUMMARY,
  breakdown: {
    proposed: { imported: { count: 0, total: 0 }, projected: SUMMARY.breakdown.proposed.imported },
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the header note and the projected banner when another fiscal year is chosen', () => {
  it('say nothing of the last year while the new year’s figures load, then the new year’s', async () => {
    renderDashboard({
      '/api/line-items/budget/summary': PROJECTED_SUMMARY,
      '/api/line-items/summary/by-category': CATEGORIES,
      '/api/line-items/summary/by-building': BUILDINGS,
      '/api/line-items/budget/stats': PROJECTED_STATS,
      '/api/line-items/salary-distribution': SALARIES,
    });
    await screen.findByText('FY27 figures are projected', undefined, { timeout: 5000 });
    expect(document.querySelector('.dash-notes')?.textContent).toContain('projected figures');

    // FY28's summary and staff figures are held back until released; the rest answers as before.
    const answered = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.includes('fiscalYear=2028')) {
          if (url.startsWith('/api/line-items/budget/stats')) {
            await held;
            return json({ ...STATS, projectedEmployees: 0 });
          }
          if (url.startsWith('/api/line-items/budget/summary')) {
            await held;
            return json({ ...SUMMARY, fiscalYear: 2028 });
          }
        }
        return answered(url, init);
      }),
    );
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Fiscal year' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'FY28' }));
    await waitFor(() => expect(document.querySelector('.badge--accent')?.textContent).toBe('FY28'));
    // FY27's answer, kept on screen while FY28's loads, is not FY28's: no banner, no note.
    expect(screen.queryByText(/figures are projected/)).toBeNull();
    expect(screen.queryByText(/were projected from an earlier year/)).toBeNull();
    expect(document.querySelector('.dash-notes')).toBeNull();

    release();
    await waitFor(() =>
      expect(document.querySelector('.dash-notes')?.textContent).toContain('imported or entered figures'),
    );
    expect(screen.queryByText(/figures are projected/)).toBeNull();
  });
});
