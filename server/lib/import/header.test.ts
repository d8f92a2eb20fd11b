import { describe, expect, it } from 'vitest';
import type { Cell, SourceRow } from './cells';
import { detectHeader, headerSignature, uniqueNames } from './header';

const rows = (...lines: Cell[][]): SourceRow[] => lines.map((cells, i) => ({ n: i + 1, cells }));

describe('detectHeader', () => {
  it('takes the first row of a plain file, even when every data cell is text', () => {
    const h = detectHeader(
      rows(['Name', 'Title', 'School'], ['Lee, Ana', 'Teacher', 'Hillside'], ['Roe, Bo', 'Nurse', 'Center']),
    );
    expect(h).toEqual({ headerRow: 1, headerRows: [1], columns: ['Name', 'Title', 'School'] });
  });

  it('skips title rows and merges a second header row that repeats words', () => {
    const h = detectHeader(
      rows(
        [null, 'LUNENBURG PUBLIC SCHOOLS'],
        [null, 'FY27 PROPOSED BUDGET'],
        [null, new Date('2026-02-24')],
        [null, null, 'FY23', 'FY24 ', 'FY25', 'FY26', 'FY27'],
        [
          'DISTRICT EXPENSES',
          null,
          'ACTUALS',
          'ACTUALS',
          'ACTUALS',
          'FINAL BUDGET',
          'Proposed',
          null,
          '% change',
        ],
        [null, 'DESCRIPTION, EXPENSES'],
        ['1110 - School Committee'],
        [null, 'Dues/Meetings', 3950, '-', 5971, 6500, 6500, null, 0],
      ),
    );
    expect(h?.headerRow).toBe(5);
    expect(h?.headerRows).toEqual([4, 5]);
    expect(h?.columns).toEqual([
      'DISTRICT EXPENSES',
      'Column B',
      'FY23 ACTUALS',
      'FY24 ACTUALS',
      'FY25 ACTUALS',
      'FY26 FINAL BUDGET',
      'FY27 Proposed',
      'Column H',
      '% change',
    ]);
  });

  it('does not take a section heading under the header for a second header row', () => {
    const h = detectHeader(
      rows(
        ['', '', '', '', '', 'FY24 ACTUAL', 'FY25 REQUESTED', 'FY26 ADMIN'],
        ['', 'GENERAL GOVERNMENT'],
        ['0', 'Moderator - 114'],
        ['2', '', '', '', 'Stipend', '$100', '$100', '$100'],
      ),
    );
    expect(h?.headerRow).toBe(1);
    expect(h?.columns.slice(0, 6)).toEqual([
      'Column A',
      'Column B',
      'Column C',
      'Column D',
      'Column E',
      'FY24 ACTUAL',
    ]);
  });

  it('counts years as names, widens to the data, and returns null for nothing', () => {
    const h = detectHeader(rows(['Account', 2024, 2025], ['01-2305', 5, 6, 'extra']));
    expect(h?.columns).toEqual(['Account', '2024', '2025', 'Column D']);
    expect(detectHeader(rows([null, ''], []))).toBeNull();
  });

  it('names repeated columns apart, and signs layouts independent of order and case', () => {
    expect(uniqueNames(['Amount', 'amount', 'Amount'])).toEqual(['Amount', 'amount (2)', 'Amount (3)']);
    expect(headerSignature(['NAME', 'Title'])).toBe(headerSignature(['title', ' name ']));
    expect(headerSignature(['NAME', 'Title'])).not.toBe(headerSignature(['NAME', 'Title', 'Salary']));
  });
});
