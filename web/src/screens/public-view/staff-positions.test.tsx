// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';
import { ROSTER_YEAR, ROUNDED_APART_YEAR } from '@web/test/public-year';
import { PublicSection } from './sections';

/** What the staff chart would draw: its accessible summary and its bars' hover text. */
const plots: { label: string; hover: string[] }[] = [];
vi.mock('@web/components/charts/lazy-plot', () => ({
  LazyPlot: ({ label, data }: { label: string; data: { customdata: string[] }[] }) => {
    plots.push({ label, hover: data[0].customdata });
    return null;
  },
}));

/**
 * A planned year's Staff by School counts the roster's budgeted positions, filled or vacant, not
 * employees: the demo's FY27 read '507 employees, $36,882,931 in salaries' for 507 positions (504
 * filled, 3 vacant). A year counting its employee lines, and a snapshot published before the staff
 * source was kept (none: it counted lines), still say employees.
 */
const view = { urlPath: 'demo', links: [] } as unknown as PublicView;

function staffCard(data: PublicYearData) {
  plots.length = 0;
  render(<PublicSection name="headcountChart" view={view} year={2027} data={data} onWatch={() => {}} />);
  return screen.getByRole('region', { name: 'Staff by School' });
}

describe('Staff by School on the resident page', () => {
  it('says positions for a planned year counted from its roster, in the heading, chart, table and note', () => {
    const card = staffCard(ROSTER_YEAR);
    expect(card.textContent).toContain('507 positions, $36,882,931 in salaries');
    expect(card.textContent).not.toMatch(/employees/i);
    expect(card.textContent).toContain('filled or vacant');
    expect(plots.at(-1)!.label).toBe(
      'Bar chart of positions by location: Millbrook High School 114, Whitcomb Middle School 106, Other 287',
    );
    expect(plots.at(-1)!.hover).toEqual(['287 positions', '106 positions', '114 positions']);
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Positions' })).toBeTruthy();
    expect(table.textContent).toContain('Positions by location');
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Total507$36,882,931');
  });

  it.each([
    ['a year counting its employee lines', { ...ROUNDED_APART_YEAR, staffSource: 'lines' as const }],
    ['a snapshot from before the staff source was kept', ROUNDED_APART_YEAR],
  ])('says employees for %s', (_, data) => {
    expect(data.locationData!.totalEmployees).toBe(49);
    const card = staffCard(data);
    expect(card.textContent).toContain('49 employees, $2,000,000 in salaries');
    expect(card.textContent).not.toMatch(/positions/i);
    expect(plots.at(-1)!.hover).toEqual(['9 employees', '40 employees']);
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    expect(within(card).getByRole('columnheader', { name: 'Employees' })).toBeTruthy();
  });
});
