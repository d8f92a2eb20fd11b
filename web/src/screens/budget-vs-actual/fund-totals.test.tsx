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
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <FundTotals report={report} /> }]);
    const cells = (name: RegExp) =>
      [...screen.getByRole('row', { name }).querySelectorAll('td')].map((c) => c.textContent);
    expect(cells(/Title I/)).toEqual(['Withheld', 'Withheld', 'Withheld', 'Withheld', 'Withheld']);
    expect(cells(/School Choice/)).not.toContain('Withheld');
  });
});
