// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerAccount, LedgerReport } from '@web/api/ledger';
import { AccountsTable } from './accounts-table';
import { renderRoutes } from '@web/test/render';
import { GroupsTable } from './groups-table';
import { inSentence } from './figures';

const figures = {
  budget: 0,
  revisedBudget: 6170,
  expended: 5026.84,
  encumbered: 0,
  available: 1143.16,
  percentUsed: 81.5,
  projectedYearEnd: 5026.84,
  overBudget: false,
  projectedOver: false,
};

describe('GroupsTable', () => {
  it('names the DESE function view with DESE in capitals, as the Group by select does', () => {
    const report = {
      fiscalYear: 2023,
      by: 'function',
      fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
      rows: [{ key: '1110', label: '1110 School Committee', accountCount: 0, lineCount: 0, ...figures }],
      totals: figures,
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <GroupsTable report={report} /> }]);
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toBe('Budget vs actual by DESE function');
  });

  it('reads Withheld where the report withheld a group’s figures from its reader', () => {
    const withheld = {
      ...figures,
      budget: null,
      revisedBudget: null,
      expended: null,
      encumbered: null,
      available: null,
      percentUsed: null,
      projectedYearEnd: null,
    };
    const report = {
      fiscalYear: 2023,
      by: 'function',
      fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
      rows: [
        { key: '1220', label: '1220 Assistant Superintendents', accountCount: 0, lineCount: 1, ...withheld },
      ],
      totals: figures,
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <GroupsTable report={report} /> }]);
    const row = screen.getByRole('row', { name: /1220 Assistant Superintendents/ });
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Withheld', 'Withheld', 'Withheld', 'Withheld', 'Withheld']);
    expect(cells[6]).toBe('Withheld');
  });

  it('writes the groups in whole dollars that add up to the Total under them, every money column', () => {
    // Each row rounded on its own would read $45,342,685 + $364,837 + $1,469,979 = $47,177,501.
    const money = (budget: number, expended: number) => ({
      ...figures,
      budget,
      revisedBudget: budget,
      expended,
      available: Number((budget - expended).toFixed(2)),
      projectedYearEnd: Number((expended * 2).toFixed(2)),
    });
    const report = {
      fiscalYear: 2026,
      by: 'category',
      fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
      ledger: { importId: 1, period: 6, periodsElapsed: 6, fileName: 'ytd.csv' },
      rows: [
        { key: '1', label: 'Teachers', accountCount: 0, lineCount: 1, ...money(45342684.5, 100.25) },
        { key: '2', label: 'Tutors', accountCount: 0, lineCount: 1, ...money(364836.5, 100.25) },
        { key: '3', label: 'Tuition', accountCount: 0, lineCount: 1, ...money(1469979, 100.5) },
      ],
      totals: money(47177500, 301),
    } as unknown as LedgerReport;
    renderRoutes('/bva', [{ path: 'bva', element: <GroupsTable report={report} /> }]);
    const table = screen.getByRole('table');
    const money$ = (row: Element) =>
      [...row.querySelectorAll('td')].slice(0, 7).flatMap((c, i) =>
        // The % used column is no amount.
        i === 5 ? [] : [BigInt(c.textContent!.replace(/[$,]/g, ''))],
      );
    const rows = [...table.querySelectorAll('tbody tr')].map(money$);
    const total = money$(table.querySelector('tfoot tr')!);
    expect(total).toEqual([47177500n, 47177500n, 301n, 0n, 47177199n, 602n]);
    total.forEach((t, col) =>
      expect(
        rows.reduce((sum, r) => sum + r[col], 0n),
        `column ${col}`,
      ).toBe(t),
    );
  });

  it('lowers only a capital that starts an ordinary word', () => {
    expect(inSentence('DESE function')).toBe('DESE function');
    expect(inSentence('Category')).toBe('category');
    expect(inSentence('Accounts of 1210 Superintendent')).toBe('accounts of 1210 Superintendent');
  });
});

describe('AccountsTable', () => {
  it("shows each ledger account's figures to the cent, as the ledger export has them", () => {
    const account = {
      id: 1,
      account: '0100-3-300-1210-01-1-02-2-535003',
      description: 'DUES/MEETINGS',
      functionCode: '1210',
      objectCode: '535003',
      matchedLineCount: 0,
      warnings: [],
      ...figures,
      revisedBudget: 7753,
      expended: 7752.11,
      available: 0.89,
      percentUsed: 100,
      projectedYearEnd: 7752.11,
    } as unknown as LedgerAccount;
    renderRoutes('/bva', [
      {
        path: 'bva',
        element: <AccountsTable accounts={[account]} caption="Accounts of 1210 Superintendent" />,
      },
    ]);
    const row = screen.getByRole('row', { name: /DUES\/MEETINGS/ });
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      '$0.00',
      '$7,753.00',
      '$7,752.11',
      '$0.00',
      '$0.89',
      '100.0%',
      '$7,752.11',
    ]);
  });
});
