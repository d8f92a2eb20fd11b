// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffingTable, type StaffingTableRow } from './staffing-table-view';

const row = (
  name: string,
  filled: number,
  vacant: number,
  fte: number,
  extra: Partial<StaffingTableRow> = {},
) => ({
  key: name,
  name,
  filledFte: filled,
  vacantFte: vacant,
  fte,
  lastYear: null,
  ...extra,
});

describe('StaffingTable', () => {
  afterEach(cleanup);

  it('shows each change from last year and from the stage, to the thousandth, and New for a new group', () => {
    render(
      <StaffingTable
        caption="FY26 staffing by work group"
        groupLabel="Work group"
        rows={[
          row('Teachers', 10.5, 0.5, 11, {
            lastYear: { fte: 10.25, filledFte: 10.25, vacantFte: 0 },
            previousStage: { fte: 11.1, filledFte: 11.1, vacantFte: 0 },
            averageSalary: 81234.5,
          }),
          row('Nurses', 2, 0, 2, { averageSalary: null }),
        ]}
        total={row('All positions', 12.5, 0.5, 14, {
          lastYear: { fte: 12.25, filledFte: 12.25, vacantFte: 0 },
          previousStage: { fte: 14, filledFte: 14, vacantFte: 0 },
        })}
        lastYearLabel="FY25"
        stageLabel="Superintendent's Recommended"
        showAverage
      />,
    );
    const table = screen.getByRole('table', { name: 'FY26 staffing by work group' });
    expect(
      within(table).getByRole('columnheader', { name: "Change from Superintendent's Recommended" }),
    ).toBeTruthy();
    const teachers = within(table).getByRole('row', { name: /^Teachers/ });
    expect(
      within(teachers)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10.500', '0.500', '11.000', '+0.750', '\u22120.100', '$81,234.50']);
    const nurses = within(table).getByRole('row', { name: /^Nurses/ });
    expect(
      within(nurses)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2.000', '0.000', '2.000', 'New', 'New', '\u2014']);
    // 14 - 12.5 - 0.5: the frozen FTE the total counts as well.
    expect(screen.getByText(/frozen positions.*\(1\.000 FTE in all\)/)).toBeTruthy();
  });

  it('leaves out a comparison there is nothing to compare with', () => {
    render(
      <StaffingTable
        caption="FY25 staffing by school"
        groupLabel="School"
        rows={[row('Hillside', 3, 0, 3)]}
        total={row('All positions', 3, 0, 3)}
        lastYearLabel={null}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'School',
      'Filled FTE',
      'Vacant FTE',
      'Total FTE',
    ]);
    expect(screen.queryByText(/frozen/)).toBeNull();
  });

  it('shows a group only the stage had as cut, and claims nothing new for it against last year', () => {
    render(
      <StaffingTable
        caption="FY26 staffing by school"
        groupLabel="School"
        rows={[row('Westside', 0, 0, 0, { previousStage: { fte: 1.5, filledFte: 1, vacantFte: 0.5 } })]}
        total={row('All positions', 0, 0, 0, { lastYear: { fte: 2, filledFte: 2, vacantFte: 0 } })}
        lastYearLabel="FY25"
        stageLabel="Superintendent's Recommended"
      />,
    );
    const westside = screen.getByRole('row', { name: /^Westside/ });
    expect(
      within(westside)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.000', '0.000', '0.000', '\u2014', '\u22121.500']);
  });
});

describe('a staffing table with frozen positions', () => {
  afterEach(cleanup);

  /** A displayed FTE ('1,234.500') in integer thousandths, as a reader adds it. */
  const thousandths = (text: string | null) => Number((text ?? '').replace(/[,.]/g, ''));

  // QA: District Wide read 27.500 filled + 0.000 vacant = 28.500 total, the 1.000 frozen only in a
  // footnote; a finance officer adding across found every such row wrong.
  it('shows frozen FTE in a column of its own, so every row adds across to its total', () => {
    render(
      <StaffingTable
        caption="FY26 staffing by school"
        groupLabel="School"
        rows={[
          row('District Wide', 27.5, 0, 28.5, { frozenFte: 1 }),
          row('Hillside', 463.9, 2.5, 466.4, { frozenFte: 0 }),
        ]}
        total={row('All positions', 491.4, 2.5, 494.9, { frozenFte: 1 })}
        lastYearLabel="FY25"
      />,
    );
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const parts = ['Filled FTE', 'Vacant FTE', 'Frozen FTE'].map((h) => heads.indexOf(h));
    const whole = heads.indexOf('Total FTE');
    for (const name of ['District Wide', 'Hillside', 'All positions']) {
      // Row header first, then the cells: a cell's column is its place among the headers.
      const line = screen.getByRole('row', { name: new RegExp(`^${name}`) });
      const shown = Array.from(line.querySelectorAll('th, td'), (c) => c.textContent);
      const added = parts.reduce((n, i) => n + thousandths(shown[i]), 0);
      expect([name, added]).toEqual([name, thousandths(shown[whole])]);
    }
    expect(heads).toEqual([
      'School',
      'Filled FTE',
      'Vacant FTE',
      'Frozen FTE',
      'Total FTE',
      'Change from FY25',
    ]);
    expect(screen.queryByText(/Total FTE also counts frozen positions/)).toBeNull();
  });

  it('has no Frozen column when nothing is frozen', () => {
    render(
      <StaffingTable
        caption="FY26 staffing by school"
        groupLabel="School"
        rows={[row('Hillside', 3, 1, 4, { frozenFte: 0 })]}
        total={row('All positions', 3, 1, 4, { frozenFte: 0 })}
        lastYearLabel={null}
      />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Frozen FTE' })).toBeNull();
    expect(screen.queryByText(/frozen/i)).toBeNull();
  });
});

describe('the hint to scroll sideways', () => {
  afterEach(cleanup);

  /** Renders the table as wide as `inside` within a wrapper `shown` wide (happy-dom lays nothing out). */
  function renderWithin(inside: number, shown: number) {
    const width = (value: number) => ({ configurable: true, get: () => value });
    const scroll = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
    const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', width(inside));
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', width(shown));
    try {
      render(
        <StaffingTable
          caption="FY26 staffing by school"
          groupLabel="School"
          rows={[row('Hillside', 3, 0, 3, { lastYear: { fte: 2, filledFte: 2, vacantFte: 0 } })]}
          total={row('All positions', 3, 0, 3, { lastYear: { fte: 2, filledFte: 2, vacantFte: 0 } })}
          lastYearLabel="FY25"
        />,
      );
    } finally {
      // happy-dom defines them further up the chain: put back what HTMLElement had, or nothing.
      for (const [name, had] of [
        ['scrollWidth', scroll],
        ['clientWidth', client],
      ] as const) {
        if (had) {
          Object.defineProperty(HTMLElement.prototype, name, had);
        } else {
          delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
        }
      }
    }
  }

  // The resident page at 390 said 'Scroll the table sideways for the changes' under a table whose
  // change column was in plain sight.
  it('is not shown when the table fits', () => {
    renderWithin(360, 360);
    expect(screen.queryByText(/Scroll the table sideways/)).toBeNull();
  });

  it('is shown when the changes are off to the side', () => {
    renderWithin(520, 360);
    expect(screen.getByText('Scroll the table sideways for the changes.')).toBeTruthy();
  });
});
