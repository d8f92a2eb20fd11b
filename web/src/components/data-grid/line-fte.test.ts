import { describe, expect, it } from 'vitest';
import type { ValueFormatterParams } from 'ag-grid-community';
import { fteColumn, formatLineFte } from './column-types';

/** A line keeps its FTE to the thousandth: the grids never show 0.875 rounded to 0.88. */
describe("a line's FTE in the grids", () => {
  it('shows two decimals, and the third when it is not 0', () => {
    expect([1, 0.5, 0.875, 0.333, 1.5, 12.25, 1234.875].map(formatLineFte)).toEqual([
      '1.00',
      '0.50',
      '0.875',
      '0.333',
      '1.50',
      '12.25',
      '1,234.875',
    ]);
    const format = fteColumn({ field: 'currentFTE' }).valueFormatter as (p: ValueFormatterParams) => string;
    expect(format({ value: 0.875 } as ValueFormatterParams)).toBe('0.875');
    expect(format({ value: null } as ValueFormatterParams)).toBe('');
  });
});
