import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESE_FUNCTION_CODES, extractDeseCode, headingDeseCode, isAccountString } from './dese';

describe('DESE function codes', () => {
  it('match the detail codes of fixtures/dese_function_codes.csv', () => {
    const csv = readFileSync(
      path.resolve(import.meta.dirname, '../../../fixtures/dese_function_codes.csv'),
      'utf8',
    );
    const codes = csv
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0])
      .filter((code) => /^\d{4}$/.test(code));
    expect([...DESE_FUNCTION_CODES].sort()).toEqual(codes.sort());
  });

  it.each<[string | number, string | null]>([
    ['2305', '2305'],
    [2305, '2305'],
    ['2305.0', '2305'],
    ['0100-3-300-2305-03-2-10-1-511001', '2305'],
    ['01-170-2330-51100', '2330'],
    ['0100-3-300-4220-01-1-74-2-535006', '4220'],
    ['1110 - School Committee ', '1110'],
    ['2000 - Instructional Services', '2000'],
    ['2305: Teachers', '2305'],
    ['0100-3-300-0000-01', null],
    ['Teachers', null],
    ['0123', null],
    // A four-digit code outside DESE's chart is no function code.
    ['9999', null],
    ['2399', null],
    ['2399 - Made-up Services', null],
    ['', null],
  ])('finds the code in %j', (input, expected) => {
    expect(extractDeseCode(input)).toBe(expected);
  });

  it('tells account strings and headings apart from other text', () => {
    expect(isAccountString('0100-3-300-2305-03-2-10-1-511001')).toBe(true);
    expect(isAccountString('2305')).toBe(false);
    expect(isAccountString('Staff Orientation Expenses')).toBe(false);
    expect(headingDeseCode([null, '2210 - P.S. Principals Office '])).toBe('2210');
    expect(headingDeseCode(['5100', 'Personnel'])).toBeNull();
    expect(headingDeseCode(['Select Board -122'])).toBeNull();
  });
});
