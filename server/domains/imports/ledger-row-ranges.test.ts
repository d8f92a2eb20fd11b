import { describe, expect, it } from 'vitest';
import { rowRanges } from './ledger-import-read';

describe('rows as a clerk reads them', () => {
  it('writes runs of consecutive rows as ranges', () => {
    expect(rowRanges([7])).toBe('7');
    expect(rowRanges([2, 3, 4, 5])).toBe('2 to 5');
    expect(rowRanges([2, 3, 4, 9, 12, 13])).toBe('2 to 4, 9 and 12 to 13');
  });
});
