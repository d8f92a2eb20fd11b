// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicStaffing } from '@shared/schemas/staffing';
import { PublicStaffingSection } from './staffing-section';

afterEach(cleanup);

/**
 * The resident page's staffing adds across: a school with frozen positions shows them in their own
 * column, so Filled + Vacant + Frozen = Total as a resident reads the row. A snapshot published
 * before the figure existed still reads, with the footnote's frozen total worked out.
 */
const row = (name: string, filledFte: number, vacantFte: number, frozenFte: number, fte: number) => ({
  name,
  fte,
  filledFte,
  vacantFte,
  frozenFte,
  lastYear: null,
});
const staffing: PublicStaffing = {
  lastYearFiscalYear: 2025,
  lastYearNote: 'FY25 has no positions to compare with.',
  totals: row('All positions', 9, 0.5, 1, 10.5),
  byBuilding: [row('Millbrook High', 4, 0.5, 0, 4.5), row('District Wide', 5, 0, 1, 6)],
  byFunction: [row('2305 Teachers, Classroom', 9, 0.5, 1, 10.5)],
};
const cells = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe("the residents' staffing table", () => {
  it('shows a Frozen FTE column, so a school with frozen positions adds across', () => {
    render(<PublicStaffingSection staffing={staffing} fy="FY26" />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'School',
      'Filled FTE',
      'Vacant FTE',
      'Frozen FTE',
      'Total FTE',
    ]);
    expect(cells('District Wide')).toEqual(['5.000', '0.000', '1.000', '6.000']);
    expect(cells('All positions')).toEqual(['9.000', '0.500', '1.000', '10.500']);
    expect(screen.queryByText(/Total FTE also counts frozen positions/)).toBeNull();
    // The title names what the columns count.
    expect(screen.getByText(/positions in full-time equivalents/).textContent).toMatch(
      /\(FTE\), filled, vacant and frozen$/,
    );
  });

  it('reads a snapshot published without the frozen figure, the frozen total in the footnote', () => {
    const strip = ({ frozenFte: _, ...g }: PublicStaffing['totals']) => g;
    const old: PublicStaffing = {
      ...staffing,
      totals: strip(staffing.totals),
      byBuilding: staffing.byBuilding.map(strip),
      byFunction: staffing.byFunction.map(strip),
    };
    render(<PublicStaffingSection staffing={old} fy="FY26" />);
    expect(screen.queryByRole('columnheader', { name: 'Frozen FTE' })).toBeNull();
    expect(screen.getByText(/positions in full-time equivalents/).textContent).toMatch(
      /\(FTE\), filled and vacant$/,
    );
    expect(cells('District Wide')).toEqual(['5.000', '0.000', '6.000']);
    expect(screen.getByText(/Total FTE also counts frozen positions/).textContent).toContain(
      '1.000 FTE in all',
    );
  });
});
