import { describe, expect, it } from 'vitest';
import {
  fiscalYearFromDate,
  fiscalYearInput,
  fiscalYearLabel,
  parseFiscalYear,
  secondHomeMessage,
} from './fiscal-year';

describe('parseFiscalYear', () => {
  it.each<[string | number, number | null]>([
    ['FY26', 2026],
    ['fy26', 2026],
    ['FY 26', 2026],
    ["FY'26", 2026],
    ['  FY27  ', 2027],
    ['FY00', 2000],
    ['FY49', 2049],
    ['FY50', 1950],
    ['FY99', 1999],
    ['FY2026', 2026],
    ['FY 2030', 2030],
    ['2025-2026', 2026],
    ['2025-26', 2026],
    ['2025 - 2026', 2026],
    ['2025/2026', 2026],
    ['2025\u20132026', 2026],
    ['FY2025-26', 2026],
    ['1999-00', 2000],
    ['1999-2000', 2000],
    ['2026', 2026],
    [2026, 2026],
    [1950, 1950],
    [2149, 2149],
  ])('parses %j as %j', (input, expected) => {
    expect(parseFiscalYear(input)).toBe(expected);
  });

  it.each<[unknown]>([
    [''],
    ['   '],
    ['FY'],
    ['FY2'],
    ['FY202'],
    ['FY20266'],
    ['FY26x'],
    ['26'],
    ['202'],
    ['20266'],
    ['2025-2027'],
    ['2026-2025'],
    ['2025-'],
    ['-2026'],
    ['2025-2026-2027'],
    ['next year'],
    ['1949'],
    ['2150'],
    [26],
    [2026.5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [{}],
  ])('rejects %j', (input) => {
    expect(parseFiscalYear(input as string)).toBeNull();
  });
});

describe('fiscalYearLabel', () => {
  it.each<[number, string]>([
    [2026, 'FY26'],
    [2005, 'FY05'],
    [2000, 'FY00'],
    [1999, 'FY99'],
    [2100, 'FY00'],
  ])('labels %d as %s', (year, label) => {
    expect(fiscalYearLabel(year)).toBe(label);
  });

  it('round-trips through parseFiscalYear for 1950..2049', () => {
    for (let year = 1950; year <= 2049; year++) {
      expect(parseFiscalYear(fiscalYearLabel(year))).toBe(year);
    }
  });
});

describe('secondHomeMessage', () => {
  // The refusal names the year as the header and every screen do (FY27), where it said FY2027.
  it('names the fiscal year by its short label, as the budget years are named', () => {
    expect(secondHomeMessage(2027, 'FY26', 'FY27')).toBe(
      'FY27 is planned in budget year FY26, its one home: import, stage and plan FY27 there, not in budget year FY27',
    );
    expect(secondHomeMessage(2005, 'FY06')).toBe(
      'FY05 is planned in budget year FY06, its one home: import, stage and plan FY05 there',
    );
  });
});

describe('fiscalYearFromDate', () => {
  it.each<[Date | string, number | null]>([
    ['2025-07-01', 2026],
    ['2025-06-30', 2025],
    ['2025-12-31', 2026],
    ['2026-01-01', 2026],
    ['2026-06-30T23:59:59-04:00', 2026],
    [new Date(Date.UTC(2025, 6, 1)), 2026],
    [new Date(Date.UTC(2025, 5, 30, 23, 59)), 2025],
    [new Date('2024-09-03'), 2025],
    ['not a date', null],
    ['2025-13-01', null],
    ['', null],
    [new Date('nonsense'), null],
  ])('puts %j in %j', (date, expected) => {
    expect(fiscalYearFromDate(date)).toBe(expected);
  });
});

describe('fiscalYearInput', () => {
  it('turns labels and numbers into the integer year', () => {
    expect(fiscalYearInput.parse('FY27')).toBe(2027);
    expect(fiscalYearInput.parse(2028)).toBe(2028);
  });

  it('reports a bad label as a validation issue', () => {
    const result = fiscalYearInput.safeParse('FY-one');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Invalid fiscal year: FY-one');
  });
});
