import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@shared/schemas/import';
import { positionsText, reconciliationLines, skippedText } from './commands/import-summary';

describe("the CLI's import summary", () => {
  it("writes the skipped rows and each reason's count the same way, with thousands separators", () => {
    expect(skippedText(24880, { "not one of the district's buildings": 24880 })).toBe(
      "Skipped 24,880: 24,880 not one of the district's buildings",
    );
    expect(skippedText(1203, { 'no name': 1200, 'no salary': 3 })).toBe(
      'Skipped 1,203: 1,200 no name, 3 no salary',
    );
  });

  // The Chicago roster's 1,306 rows with no name read as 38,631 new positions, each a person.
  it('says how many open positions the file listed, apart from its people', () => {
    const chicago = { filled: 0, created: 37_325, grantFunded: 0, vacant: 1_306 };
    expect(positionsText(chicago, true)).toBe(
      'Positions: 0 vacancies would be filled by newcomers, 37,325 new; 1,306 open positions (rows with no name) would be vacant at their salary.',
    );
    expect(positionsText({ ...chicago, vacant: 1 }, false)).toBe(
      'Positions: 0 vacancies filled by newcomers, 37,325 new; 1 open position (rows with no name) is vacant at its salary.',
    );
    expect(positionsText({ ...chicago, vacant: 0 }, false)).toBe(
      'Positions: 0 vacancies filled by newcomers, 37,325 new.',
    );
  });

  it('tells the open positions apart among the differences', () => {
    const r: Reconciliation = {
      field: 'currentSalary',
      column: 'Annual Salary',
      fileSum: '110000.00',
      storedSum: 60000,
      differenceCount: 1,
      differenceTotal: '50000.00',
      differences: [
        {
          row: 3,
          name: '',
          fileAmount: '50000.00',
          storedAmount: 0,
          difference: '50000.00',
          reason: 'an open position',
        },
      ],
      openPositions: { count: 1, total: '50000.00' },
      unexplained: '0.00',
      balanced: true,
      unreadableCount: 0,
      totalRowCount: 0,
      totalRows: [],
      fileTotal: null,
    };
    expect(reconciliationLines(r)).toContain(
      '    Of the differences, 1 row ($50,000.00) is an open position: its salary is held by a vacant position, not a line.',
    );
    const { openPositions: _, ...plain } = r;
    expect(reconciliationLines(plain).join('\n')).not.toMatch(/open position:/);
  });
});
