import { describe, expect, it } from 'vitest';
import { forecast, parsePercent } from './forecast';

describe('forecast', () => {
  it('compounds the yearly increase from 100,000 over five years', () => {
    const years = forecast(3.5);
    expect(years).toHaveLength(5);
    expect(years[0]).toBeCloseTo(103500, 6);
    expect(years[1]).toBeCloseTo(107122.5, 6);
    expect(years[4]).toBeCloseTo(118768.63, 2);
  });

  it('treats no increase as flat and handles a cut', () => {
    expect(forecast(null)).toEqual([100000, 100000, 100000, 100000, 100000]);
    expect(forecast(-10)[1]).toBeCloseTo(81000, 6);
  });
});

describe('parsePercent', () => {
  it('accepts numbers only', () => {
    expect(parsePercent(' 2.75 ')).toBe(2.75);
    expect(parsePercent('-1')).toBe(-1);
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(parsePercent('3%')).toBeNull();
  });
});
