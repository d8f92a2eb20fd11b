import { describe, expect, it } from 'vitest';
import { dollarsFromPercent, formatPercent, percentFromDollars, varianceTone } from './goal-math';

describe('town goal arithmetic (SPEC section 5)', () => {
  it('turns a percent goal into dollars from the baseline, to the cent', () => {
    expect(dollarsFromPercent(82_800_000.5, 2.5)).toBe(84_870_000.51);
    expect(dollarsFromPercent(1000, -1)).toBe(990);
    expect(dollarsFromPercent(0.1, 10)).toBe(0.11);
  });

  it('turns a dollar goal into a percent over the baseline, and none without a baseline', () => {
    expect(percentFromDollars(45_153_000, 46_733_000)).toBe(3.499);
    expect(percentFromDollars(0, 5)).toBeNull();
    expect(formatPercent(3.5)).toBe('+3.5%');
    expect(formatPercent(-1)).toBe('-1%');
  });

  it('colours actual minus goal beyond ±$10,000 (SPEC section 9)', () => {
    expect(varianceTone(-10_000.01)).toBe('good');
    expect(varianceTone(10_000)).toBe('near');
    expect(varianceTone(10_000.01)).toBe('bad');
    expect(varianceTone(null)).toBeNull();
  });
});
