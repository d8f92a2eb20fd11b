// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Fund } from '@web/api/funds';
import '@web/test/render';
import { FundsTable } from './funds-table';

const fund = (id: number, name: string, awardAmount: number | null): Fund => ({
  id,
  name,
  code: String(2400 + id),
  kind: awardAmount === null ? 'general' : 'federal_grant',
  countsTowardNss: awardAmount === null,
  nssDefault: true,
  awardAmount,
  periodStart: null,
  periodEnd: null,
  note: null,
  showToResidents: true,
  updatedAt: '2026-07-01T00:00:00.000Z',
});

const FUNDS = [fund(1, 'General Fund', null), fund(2, 'Title I, Part A', 50000), fund(3, 'IDEA', 90000)];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('FundsTable', () => {
  it("says under a grant's award that its lines of the selected year are more than it", () => {
    render(
      <FundsTable
        funds={FUNDS}
        isOver={(id) => id === 2}
        overIn="FY2027"
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(within(rowOf('Title I, Part A')).getByText('Over in FY2027')).toBeTruthy();
    expect(within(rowOf('IDEA')).queryByText(/Over in/)).toBeNull();
    expect(within(rowOf('General Fund')).queryByText(/Over in/)).toBeNull();
  });

  it('says nothing of awards while no budget year is selected', () => {
    render(
      <FundsTable funds={FUNDS} isOver={() => true} overIn={null} onEdit={() => {}} onDelete={() => {}} />,
    );
    expect(screen.queryByText(/Over in/)).toBeNull();
  });
});
