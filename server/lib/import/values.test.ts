import { describe, expect, it } from 'vitest';
import { parseDate } from './dates';
import { roundDecimal } from '@shared/money';
import { parseMoney } from './money';
import { parseFiscalYearCell, parseFte, parseStatus, splitName } from './values';

describe('parseMoney', () => {
  it.each<[string | number | null, string | null]>([
    ['$1,234.50', '1234.50'],
    ['1,234', '1234.00'],
    ['(1,234.00)', '-1234.00'],
    ['($500)', '-500.00'],
    ['-$500', '-500.00'],
    ['$-500', '-500.00'],
    ['1,234.00-', '-1234.00'],
    ['1,234.56 CR', '-1234.56'],
    ['-', '0.00'],
    ['$ -', '0.00'],
    ['\u2014', '0.00'],
    ['.5', '0.50'],
    ['0', '0.00'],
    ['', null],
    [null, null],
    [426425.10000000003, '426425.10'],
    ['1,234.500', '1234.50'],
    [999_999_999_999.99, '999999999999.99'],
  ])('reads %j as %j', (input, expected) => {
    expect(parseMoney(input)).toEqual({ value: expected });
  });

  it.each<[string | number | boolean | Date]>([
    ['about 50k'],
    ['1,23'],
    ['#DIV/0!'],
    ['#Missing'],
    ['19.79%'],
    ['12-34'],
    [true],
    [new Date()],
  ])('refuses %j as an amount', (input) => {
    expect(parseMoney(input)).toEqual({ value: null, problem: 'is not an amount' });
  });

  it('refuses amounts numeric(14,2) cannot hold', () => {
    expect(parseMoney('1,000,000,000,000')).toEqual({ value: null, problem: 'is too large' });
    expect(parseMoney(1e13)).toEqual({ value: null, problem: 'is too large' });
  });

  // Sub-cent values are rounded half away from zero and the file's value is handed back, so the
  // import warns with both and the reconciliation lists the difference.
  it.each<[string | number, string, string]>([
    ['  $ 61,234.505 ', '61234.51', '61234.505'],
    ['1,234.565', '1234.57', '1234.565'],
    ['0.005', '0.01', '0.005'],
    ['(1,234.565)', '-1234.57', '-1234.565'],
    ['-0.004', '0.00', '-0.004'],
    ['12.3450', '12.35', '12.345'],
    [1.005, '1.01', '1.005'],
    [-0.001, '0.00', '-0.001'],
  ])('rounds %j to the cent as %j and keeps the exact %j', (input, value, exact) => {
    expect(parseMoney(input)).toEqual({ value, exact });
  });

  it('rounds half away from zero exactly', () => {
    expect(roundDecimal('2.675')).toBe('2.68');
    expect(roundDecimal('-2.675')).toBe('-2.68');
    expect(roundDecimal('0.004')).toBe('0.00');
    expect(roundDecimal('99.995')).toBe('100.00');
  });
});

describe('parseDate', () => {
  it.each<[string | number | Date, string]>([
    ['2024-01-15', '2024-01-15'],
    ['2024-01-15T00:00:00Z', '2024-01-15'],
    ['2024/1/5', '2024-01-05'],
    ['1/15/2024', '2024-01-15'],
    ['01-15-24', '2024-01-15'],
    ['8/15/85', '1985-08-15'],
    ['12/1/2019 0:00', '2019-12-01'],
    ['20240115', '2024-01-15'],
    ['45292', '2024-01-01'],
    [45292, '2024-01-01'],
    [45292.75, '2024-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    ['Jan 15, 2024', '2024-01-15'],
    ['January 5 2024', '2024-01-05'],
    ['15-Jan-2024', '2024-01-15'],
    ['15 Jan 24', '2024-01-15'],
    [new Date(Date.UTC(2019, 7, 15)), '2019-08-15'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseDate(input)).toEqual({ value: expected });
  });

  it('refuses impossible dates, bare years and text', () => {
    expect(parseDate('2/30/2024')).toEqual({ value: null, problem: 'is not a valid date' });
    expect(parseDate('13/45/2020').problem).toBe('is not a valid date');
    expect(parseDate(2024)).toEqual({ value: null, problem: 'is a year, not a date' });
    expect(parseDate('soon').problem).toBe('is not a date');
    expect(parseDate('')).toEqual({ value: null });
  });
});

describe('splitName', () => {
  it.each<[string, string | null, string | null]>([
    ['Lee, Ana M', 'Ana M', 'Lee'],
    ['Demesmin,Stanley', 'Stanley', 'Demesmin'],
    ['Ceron, Marisol  ', 'Marisol', 'Ceron'],
    ["O'Brien Jr., Pat", 'Pat', "O'Brien Jr."],
    ['Ana Lee', 'Ana', 'Lee'],
    ['Mary Ann Van Dyke', 'Mary Ann Van', 'Dyke'],
    ['Martin Luther King Jr.', 'Martin Luther', 'King Jr.'],
    ['Cher', null, 'Cher'],
  ])('splits %j', (input, first, last) => {
    expect(splitName(input)).toEqual({ first, last });
  });
});

describe('parseFte, parseStatus, parseFiscalYearCell', () => {
  it('reads FTE as a fraction of full time', () => {
    expect(parseFte(1)).toEqual({ value: '1.00' });
    expect(parseFte('0.5')).toEqual({ value: '0.50' });
    expect(parseFte('50%')).toEqual({ value: '0.50' });
    // To the thousandth, as a position's FTE: never rounded to the hundredth.
    expect(parseFte(0.333)).toEqual({ value: '0.333' });
    expect(parseFte(0.875)).toEqual({ value: '0.875' });
    expect(parseFte('0.875')).toEqual({ value: '0.875' });
    expect(parseFte('87.5%')).toEqual({ value: '0.875' });
    expect(parseFte('87.5')).toEqual({ value: '0.875', note: 'FTE 87.5 read as 87.5%' });
    expect(parseFte(0.8755)).toEqual({ value: '0.876' });
    expect(parseFte(0.004)).toEqual({ value: '0.004' });
    expect(parseFte('0.0000001').outOfRange).toBe(true);
    expect(parseFte('80')).toEqual({ value: '0.80', note: 'FTE 80 read as 80%' });
    expect(parseFte('-1').problem).toBe('is negative');
    expect(parseFte('200').problem).toBe('is above 1.5');
    // Refused, and the import stops: 0 or what rounds to it, 1.6 (no FTE, no percent).
    for (const bad of [0, '0', '0%', 0.0004, '1.6', 9.99, '-1', '151']) {
      expect(parseFte(bad).outOfRange, String(bad)).toBe(true);
    }
    expect(parseFte('10')).toEqual({ value: '0.10', note: 'FTE 10 read as 10%' });
    expect(parseFte('half').problem).toBe('is not a number');
    expect(parseFte('')).toEqual({ value: null });
  });

  it('reads statuses', () => {
    expect(parseStatus('active')).toEqual({ value: 'Active' });
    expect(parseStatus('Retired')).toEqual({ value: 'Retiring' });
    expect(parseStatus('Terminated')).toEqual({ value: 'Inactive' });
    expect(parseStatus('On Leave')).toEqual({ value: 'Inactive' });
    expect(parseStatus('maybe').problem).toMatch(/not Active/);
  });

  it('reads fiscal years from labels, numbers and dates', () => {
    expect(parseFiscalYearCell('FY26')).toEqual({ value: 2026 });
    expect(parseFiscalYearCell(2023)).toEqual({ value: 2023 });
    expect(parseFiscalYearCell('2025-2026')).toEqual({ value: 2026 });
    expect(parseFiscalYearCell('7/1/2025')).toEqual({ value: 2026 });
    expect(parseFiscalYearCell('next').problem).toBe('is not a fiscal year');
  });
});
