import { describe, expect, it } from 'vitest';
import { districtToday } from './district-day';

describe('districtToday', () => {
  it("is the day in Massachusetts, not UTC's", () => {
    // 9:30 pm on 29 November in Boston is already 30 November in UTC.
    expect(districtToday(new Date('2026-11-30T02:30:00Z'))).toBe('2026-11-29');
    // Summer time: 8:30 pm on 30 June in Boston.
    expect(districtToday(new Date('2026-07-01T00:30:00Z'))).toBe('2026-06-30');
    expect(districtToday(new Date('2026-11-30T15:00:00Z'))).toBe('2026-11-30');
  });
});
