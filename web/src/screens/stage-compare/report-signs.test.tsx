// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LineChange, StageComparison } from '@web/api/stage-compare';
import { LinesTable, SummaryTable } from './report';

// A fall reads with the true minus sign (U+2212), as Budget Comparison, Staffing and the funds
// report write theirs; the Stage Comparison wrote '-$349.75' with a hyphen beside them.
const MINUS = '\u2212';

// A cut of $349.75 on $10,000.00 is 3.4975%, shown to two decimals.
const data = {
  totals: {
    proposed: { from: 10000, to: 9650.25, difference: -349.75, percent: -3.4975 },
    proposedCount: { from: 4, to: 3, difference: -1 },
    employeeCount: { from: 2, to: 3, difference: 1 },
    salaries: { from: 500, to: 500, difference: 0, percent: 0 },
    nextYearSalaries: null,
  },
} as unknown as StageComparison;

describe('the Stage Comparison signs its changes with the true minus', () => {
  it('writes a fall in the summary as −$349.75, −3.50% and −1, a rise with +, no change bare', () => {
    render(<SummaryTable data={data} />);
    const cells = (name: RegExp) =>
      within(screen.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/^Proposed budget/)).toEqual([
      '$10,000.00',
      '$9,650.25',
      `${MINUS}$349.75`,
      `${MINUS}3.50%`,
    ]);
    expect(cells(/^Proposed lines/)).toEqual(['4', '3', `${MINUS}1`, '—']);
    expect(cells(/^Employees/)).toEqual(['2', '3', '+1', '—']);
    expect(cells(/^Salaries/)).toEqual(['$500.00', '$500.00', '$0.00', '0.00%']);
    expect(document.body.textContent).not.toMatch(/-\$|-\d/);
  });

  it('writes a line whose amount fell as −$5,000.50', () => {
    const line: LineChange = {
      lineId: 7,
      kind: 'proposed',
      change: 'changed',
      description: 'Grade 3 teacher',
      categoryName: 'Instruction',
      buildingName: null,
      deseCode: null,
      field: 'amount',
      fieldLabel: 'Amount',
      valueType: 'money',
      from: 125000.5,
      to: 120000,
      difference: -5000.5,
      reason: null,
    };
    render(<LinesTable id="l" title="Proposed lines" lines={[line]} />);
    const row = screen.getByRole('row', { name: /^Grade 3 teacher/ });
    expect(within(row).getByText(`${MINUS}$5,000.50`)).toBeTruthy();
    expect(row.textContent).not.toContain('-$');
  });
});
