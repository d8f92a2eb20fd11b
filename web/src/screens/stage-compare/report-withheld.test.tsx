// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StageComparison } from '@web/api/stage-compare';
import { BreakdownTable, SummaryTable } from './report';

// A reader who may not see individual pay gets null for salaries summed over fewer than five
// people: the tables say 'Withheld' there, never '$0.00' or an empty cell read as no change.

const change = (from: number, to: number) => ({ from, to, difference: to - from, percent: null });
const count = (from: number, to: number) => ({ from, to, difference: to - from });

const data = {
  totals: {
    proposed: change(1000, 1200),
    proposedCount: count(2, 2),
    employeeCount: count(3, 3),
    salaries: null,
    nextYearSalaries: null,
  },
  byCategory: [
    { key: 1, name: 'Instruction', proposed: change(1000, 1200), salaries: null },
    { key: 2, name: 'Supplies', proposed: change(0, 0), salaries: change(0, 0) },
  ],
} as unknown as StageComparison;

describe('salaries withheld from the reader', () => {
  it('reads Withheld in the summary and in a breakdown row, and counts only the proposed change', () => {
    render(<SummaryTable data={data} />);
    const salaries = screen.getByRole('row', { name: /^Salaries/ });
    expect(within(salaries).getAllByText('Withheld')).toHaveLength(3);
    expect(salaries.textContent).not.toContain('$');
  });

  it('marks the row and the total of a breakdown', () => {
    render(<BreakdownTable id="c" title="By category" first="Category" rows={data.byCategory} data={data} />);
    const row = screen.getByRole('row', { name: /^Instruction/ });
    expect(within(row).getAllByText('Withheld')).toHaveLength(3);
    expect(within(row).getByText('$1,200.00')).toBeTruthy();
    const total = screen.getByRole('row', { name: /^Total/ });
    expect(within(total).getAllByText('Withheld')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: /By category/ }).textContent).toContain('1 changed');
  });
});
