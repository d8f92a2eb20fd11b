// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@shared/schemas/import';
import { ReconciliationPanel } from '@web/screens/admin/import/reconciliation';

/** A roster of two people and two open positions, the people's salaries stored, balanced. */
const ROSTER: Reconciliation = {
  field: 'currentSalary',
  column: 'Annual Salary',
  fileSum: '197161.51',
  storedSum: 119234.5,
  differenceCount: 2,
  differenceTotal: '77927.01',
  differences: [
    {
      row: 3,
      name: '',
      fileAmount: '63326.00',
      storedAmount: 0,
      difference: '63326.00',
      reason: 'an open position',
    },
    {
      row: 4,
      name: '',
      fileAmount: '14601.01',
      storedAmount: 0,
      difference: '14601.01',
      reason: 'an open position',
    },
  ],
  openPositions: { count: 2, total: '77927.01' },
  unexplained: '0.00',
  balanced: true,
  unreadableCount: 0,
  totalRowCount: 0,
  totalRows: [],
  fileTotal: null,
};

describe('the import’s reconciliation', () => {
  it('says which of the differences are open positions, held by their vacant positions', () => {
    render(<ReconciliationPanel r={ROSTER} dryRun={false} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Of the differences, 2 rows ($77,927.01) are open positions: their salaries are held by vacant positions, not lines.',
    );
  });

  it('says nothing of open positions for a file with none', () => {
    const { openPositions: _, ...plain } = ROSTER;
    render(<ReconciliationPanel r={{ ...plain, differences: [] }} dryRun={false} />);
    expect(screen.getByRole('status').textContent).not.toMatch(/open position/);
  });
});
