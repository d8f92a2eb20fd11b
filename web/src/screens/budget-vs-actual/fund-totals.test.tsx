// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerReport } from '@web/api/ledger';
import { renderRoutes } from '@web/test/render';
import { FundTotals } from './fund-totals';

const fund = (fundId: number, code: string, name: string) => ({
  fundId,
  code,
  name,
  kind: fundId === 1 ? 'general' : 'federal_grant',
  accountCount: 1,
  lineCount: 1,
});
const NONE = { accountCount: 0, segments: [], accounts: [] };

describe('FundTotals', () => {
  it('reads Withheld where the report withheld a fund’s totals from its reader, and shows the rest', () => {
    const report = {
      fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
      fundTotals: [
        {
          ...fund(2, 'T1', 'Title I'),
          budget: null,
          originalBudget: null,
          revisedBudget: null,
          expended: null,
          encumbered: null,
          available: null,
        },
        {
          ...fund(3, 'SC', 'School Choice'),
          budget: 0,
          originalBudget: 4000,
          revisedBudget: 4000,
          expended: 1500,
          encumbered: 0,
          available: 2500,
        },
      ],
      unmatchedFund: NONE,
      // Every fund's totals, withheld as Title I's are (added with the Total row under the funds).
      totals: { budget: null, revisedBudget: null, expended: null, encumbered: null, available: null },
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <FundTotals report={report} /> }]);
    const cells = (name: RegExp) =>
      [...screen.getByRole('row', { name }).querySelectorAll('td')].map((c) => c.textContent);
    expect(cells(/Title I/)).toEqual(['Withheld', 'Withheld', 'Withheld', 'Withheld', 'Withheld']);
    expect(cells(/School Choice/)).not.toContain('Withheld');
  });

  it('writes whole dollars that add up to the Total under them (largest remainder), every column', () => {
    // Each fund rounded on its own reads $45,342,685 + $364,837 + $1,469,979 = $47,177,501.
    const amounts = (budget: number, revisedBudget: number, expended: number) => ({
      budget,
      originalBudget: revisedBudget,
      revisedBudget,
      expended,
      encumbered: 0,
      available: Number((revisedBudget - expended).toFixed(2)),
    });
    const report = {
      fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
      ledger: { importId: 1, period: 6, periodsElapsed: 6, fileName: 'ytd.csv' },
      fundTotals: [
        { ...fund(1, '0100', 'General Fund'), ...amounts(45342684.5, 1000.5, 500.5) },
        { ...fund(2, '2401', 'Title I'), ...amounts(364836.5, 2000.5, 1000.5) },
        { ...fund(3, '2402', 'IDEA'), ...amounts(1469979, 3000, 1500) },
      ],
      unmatchedFund: NONE,
      totals: { ...amounts(47177500, 6001, 3001), percentUsed: 50 },
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <FundTotals report={report} /> }]);
    const dollars = (text: string | null) => BigInt(text!.replace(/[$,]/g, ''));
    const table = screen.getByTestId('bva-fund-totals');
    const rows = [...table.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => dollars(c.textContent)),
    );
    const total = [...screen.getByRole('row', { name: /^Total/ }).querySelectorAll('td')].map((c) =>
      dollars(c.textContent),
    );
    expect(total).toEqual([47177500n, 6001n, 3001n, 0n, 3000n]);
    total.forEach((t, col) =>
      expect(
        rows.reduce((sum, r) => sum + r[col], 0n),
        `column ${col}`,
      ).toBe(t),
    );
    // Each row within $1 of its own rounding: the half-dollar that tipped the sum goes to one fund.
    expect(rows.map((r) => r[0])).toEqual([45342685n, 364836n, 1469979n]);
  });
});
