// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicView } from '@shared/schemas/public-dashboard';
import { ROUNDED_APART_YEAR } from '@web/test/public-year';
import { DeseSection } from './dese-section';
import { PublicSection } from './sections';

// Plotly is not needed to read the tables.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

/**
 * The resident page shows whole dollars; a resident adding a column must reach its Total. With the
 * real Boston payroll the state's categories read Teachers $547,732,276 + Other Teaching Services
 * $61,363,806 over a Total of $609,096,083 (exact: $547,732,276.31 + $61,363,806.47 =
 * $609,096,082.78): a dollar missing. The expected figures are worked out by hand from the cents.
 */
const data = ROUNDED_APART_YEAR;
const { deseBreakdown } = data;

const view = { urlPath: 'boston', links: [] } as unknown as PublicView;

/** Each row of a table: its heading and its figures in whole dollars. */
function rows(table: HTMLElement): { name: string; dollars: bigint[] }[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({
      name: within(row).getByRole('rowheader').textContent!,
      dollars: within(row)
        .getAllByRole('cell')
        .map((cell) => /\$([\d,]+)$/.exec(cell.textContent ?? '')?.[1])
        .filter((figure) => figure !== undefined)
        .map((figure) => BigInt(figure.replace(/,/g, ''))),
    }));
}

const sum = (figures: bigint[]) => figures.reduce((n, d) => n + d, 0n);
const amount = (r: { dollars: bigint[] }) => r.dollars[0];

describe('the resident page in whole dollars', () => {
  it("adds the state's categories up to their Total, and each category's functions up to it", () => {
    render(
      <DeseSection
        groups={deseBreakdown}
        total={data.totalBudget}
        fy="FY27"
        what="the FY27 proposed school budget"
      />,
    );
    const shown = rows(screen.getByRole('table'));
    expect(shown.map((r) => [r.name, amount(r)])).toEqual([
      ['Teachers', 547_732_276n],
      ['2305 Classroom Teachers', 500_123_456n],
      ['2310 Teachers, Specialists', 47_608_820n],
      // .47 is the larger remainder of .31 and .47: the dollar the total gains goes here.
      ['Other Teaching Services', 61_363_807n],
      ['2330 Instructional Coordinators and Team Leaders', 30_000_001n],
      ['2340 Librarians and Media Center Directors', 31_363_806n],
      ['Total', 609_096_083n],
    ]);
    expect(amount(shown[0]) + amount(shown[3])).toBe(amount(shown[6]));
    expect(amount(shown[1]) + amount(shown[2])).toBe(amount(shown[0]));
    expect(amount(shown[4]) + amount(shown[5])).toBe(amount(shown[3]));
  });

  it('adds the categories, the schools and the staff salaries up to their Totals', () => {
    const tableOf = (name: 'categoryChart' | 'buildingChart' | 'headcountChart', title: string) => {
      const { unmount } = render(
        <PublicSection name={name} view={view} year={2027} data={data} onWatch={() => {}} />,
      );
      const card = screen.getByRole('region', { name: title });
      fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
      const shown = rows(within(card).getByRole('table'));
      unmount();
      return shown;
    };
    const categories = tableOf('categoryChart', 'Where the Money Goes');
    expect(categories.map((r) => [r.name, amount(r)])).toEqual([
      ['Salaries', 547_732_276n],
      ['Contracted Services', 61_363_807n],
      ['Total', 609_096_083n],
    ]);
    const schools = tableOf('buildingChart', 'Spending by School');
    // Ties go to the earlier row: Hillside and Lakeview each hold a half; .78 comes first.
    expect(schools.map((r) => [r.name, amount(r)])).toEqual([
      ['Hillside', 300_000_001n],
      ['Lakeview', 200_000_000n],
      ['District Wide', 109_096_082n],
      ['Total', 609_096_083n],
    ]);
    const staff = tableOf('headcountChart', 'Staff by School');
    expect(staff.map((r) => [r.name, r.dollars.at(-1)])).toEqual([
      ['Hillside', 1_234_568n],
      ['Other', 765_432n],
      ['Total', 2_000_000n],
    ]);
    for (const table of [categories, schools]) {
      expect(sum(table.slice(0, -1).map(amount))).toBe(amount(table.at(-1)!));
    }
    expect(sum(staff.slice(0, -1).map((r) => r.dollars.at(-1)!))).toBe(staff.at(-1)!.dollars.at(-1));
  });
});
