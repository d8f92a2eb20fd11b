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
});
