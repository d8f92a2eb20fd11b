import { describe, expect, it } from 'vitest';
import { niceTicks } from '@web/components/charts/bar-chart';
import { formatDay, formatGuidanceGap, formatMillions, formatMoney, formatMoneyTicks } from './format';

describe('formatMillions', () => {
  it('shows dashboard money in millions with 1 or 2 decimals', () => {
    expect(formatMillions(87_834_567)).toBe('$87.8M');
    expect(formatMillions(87_834_567, 2)).toBe('$87.83M');
    expect(formatMillions(-444_400)).toBe('-$0.4M');
    expect(formatMillions(null)).toBe('');
    expect(formatMillions(Number.NaN)).toBe('');
  });

  it('separates thousands of millions', () => {
    expect(formatMillions(1_911_555_602.86)).toBe('$1,911.6M');
    expect(formatMillions(-12_345_678_901, 2)).toBe('-$12,345.68M');
  });

  it('drops the sign of an amount that rounds to zero', () => {
    expect(formatMillions(-10)).toBe('$0.0M');
  });
});

describe('formatMoneyTicks', () => {
  it('labels small axes in thousands instead of $0.0M at every tick', () => {
    expect(formatMoneyTicks(niceTicks(300_000))).toEqual(['$0', '$100K', '$200K', '$300K']);
    expect(formatMoneyTicks(niceTicks(40_000))).toEqual(['$0', '$10K', '$20K', '$30K', '$40K']);
    expect(formatMoneyTicks([0, 2_500, 5_000, 7_500])).toEqual(['$0', '$2.5K', '$5.0K', '$7.5K']);
    expect(formatMoneyTicks([0, 250, 500])).toEqual(['$0', '$250', '$500']);
  });

  it('labels millions with the decimals the step needs, at least one', () => {
    expect(formatMoneyTicks(niceTicks(51_900_000))).toEqual(['$0', '$20.0M', '$40.0M']);
    expect(formatMoneyTicks([0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000])).toEqual([
      '$0',
      '$0.25M',
      '$0.50M',
      '$0.75M',
      '$1.00M',
      '$1.25M',
    ]);
    expect(formatMoneyTicks(niceTicks(2_100_000_000))).toEqual(['$0', '$1,000.0M', '$2,000.0M']);
  });

  it('gives every tick of an axis its own label', () => {
    for (const top of [1_200, 45_000, 310_000, 880_000, 1_400_000, 7_777_777, 95_000_000]) {
      const labels = formatMoneyTicks(niceTicks(top));
      expect(new Set(labels).size, `${top}: ${labels.join(' ')}`).toBe(labels.length);
    }
  });
});

describe('formatGuidanceGap', () => {
  it('says over or under in words, never with a sign', () => {
    expect(formatGuidanceGap(444_400, formatMillions)).toBe('Over guidance by $0.4M');
    expect(formatGuidanceGap(-444_400, formatMoney)).toBe('Under guidance by $444,400');
  });
});

describe('formatDay', () => {
  it('shows a calendar date on its own day, whatever the time zone', () => {
    expect(formatDay('2025-07-01')).toBe('Jul 1, 2025');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('gives the fallback for no date or one that is not real', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined, 'None')).toBe('None');
    expect(formatDay('2025-13-40')).toBe('');
  });
});
