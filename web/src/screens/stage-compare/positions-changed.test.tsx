// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StageComparison } from '@web/api/stage-compare';
import { PositionsChanged } from './positions-changed';

// A committee member reads what an adopted cut scenario did to the FY2026 roster: the Art Teacher
// cut (one row, 'Closed', its holder's leaving said beside it) and the position added, each with
// who made the change and the day, written as the rest of the comparison writes dates.

const REASON = 'adopted scenario "Staffing": Committee vote';
const change = {
  building: 'Center Street Elementary School',
  fte: 1,
  reason: REASON,
  by: 'Dana Whitfield',
  holdersLeft: 0,
  holdersJoined: 0,
  pickWhy: null,
  pickWarning: null,
  // Midday UTC: the same calendar day wherever the test runs.
  at: '2027-03-04T15:00:00.000Z',
};
const data = {
  positionRosterFiscalYear: 2026,
  positionChangeCount: 2,
  positionChanges: [
    { ...change, positionId: 1003, title: 'Reading Interventionist', action: 'created', status: 'vacant' },
    { ...change, positionId: 95, title: 'Art Teacher', action: 'closed', status: 'closed', holdersLeft: 1 },
  ],
} as unknown as StageComparison;

describe('Positions changed', () => {
  it('reads each change once, its holder leaving beside the closing, by name on the day', () => {
    render(<PositionsChanged data={data} />);
    expect(screen.getByRole('heading', { name: /Positions changed/ }).textContent).toContain(
      '2 changes in the FY26 roster',
    );
    const table = screen.getByTestId('compare-positions');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const closed = screen.getByRole('row', { name: /Art Teacher/ });
    const cell = (row: HTMLElement, label: string) => row.querySelector(`[data-label="${label}"]`)!;
    expect(cell(closed, 'Change').textContent).toBe('Closed1 holder left');
    expect(cell(closed, 'By, when').textContent).toBe('Dana Whitfield, Mar 4, 2027');
    const created = screen.getByRole('row', { name: /Reading Interventionist/ });
    expect(cell(created, 'Change').textContent).toBe('Created');
    expect(cell(created, 'Reason').textContent).toBe(REASON);
  });

  it("says under an adopted cut's closing why the cut took it and its $0 warning, in the Scenario Builder's words", () => {
    const picked = {
      ...data,
      positionChangeCount: 3,
      positionChanges: [
        ...data.positionChanges,
        {
          ...change,
          positionId: 96,
          title: 'Music Teacher',
          action: 'closed',
          status: 'closed',
          pickWhy: 'no hire date: newest position',
          pickWarning: 'saves nothing: its holder has no salary',
        },
        {
          ...change,
          positionId: 97,
          title: 'Library Aide',
          action: 'closed',
          status: 'closed',
          pickWhy: 'vacant',
        },
      ],
    } as unknown as StageComparison;
    render(<PositionsChanged data={picked} />);
    const cell = (title: RegExp) =>
      screen.getByRole('row', { name: title }).querySelector('[data-label="Reason"]')!;
    expect(cell(/Music Teacher/).textContent).toBe(
      `${REASON}Picked: no hire date: newest positionSaves nothing: its holder has no salary`,
    );
    // The warning stands apart, in bold, capitalised as the Scenario Builder's list shows it.
    expect(
      within(cell(/Music Teacher/) as HTMLElement).getByText('Saves nothing: its holder has no salary')
        .tagName,
    ).toBe('STRONG');
    expect(cell(/Library Aide/).textContent).toBe(`${REASON}Picked: vacant`);
    // Every other change shows nothing new: the add, and a closing no cut picked.
    expect(cell(/Art Teacher/).textContent).toBe(REASON);
    expect(cell(/Reading Interventionist/).textContent).toBe(REASON);
  });
});
