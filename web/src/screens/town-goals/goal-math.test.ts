import { describe, expect, it } from 'vitest';
import * as server from '@shared/schemas/town-goals';
import {
  dollarsFromPercent,
  formatPercent,
  guidanceGapLabel,
  serverProblems,
  percentFromDollars,
  varianceTone,
} from './goal-math';

describe('town goal arithmetic', () => {
  it('turns a percent goal into dollars from the baseline, to the cent', () => {
    expect(dollarsFromPercent(82_800_000.5, 2.5)).toBe(84_870_000.51);
    expect(dollarsFromPercent(1000, -1)).toBe(990);
    expect(dollarsFromPercent(0.1, 10)).toBe(0.11);
    // Exactly $1,666.665: halves go away from zero (floating point gave $1,666.66).
    expect(dollarsFromPercent(1665, 0.1)).toBe(1666.67);
    // More decimals than the server keeps: no figure, rather than one the server would not store.
    expect(dollarsFromPercent(48_200_000, 3.14159)).toBeNull();
  });

  it('is the server’s arithmetic, not a copy of it', () => {
    expect(dollarsFromPercent).toBe(server.dollarsFromPercent);
    expect(percentFromDollars).toBe(server.percentFromDollars);
  });

  it('words the gap the way the dashboard does, so the two screens cannot read as a contradiction', () => {
    expect(guidanceGapLabel(444_400)).toBe('Over guidance by $444,400.00');
    expect(guidanceGapLabel(508_684.5)).toBe('Over guidance by $508,684.50');
    expect(guidanceGapLabel(-48_134_990)).toBe('Under guidance by $48,134,990.00');
    expect(guidanceGapLabel(0)).toBe('Under guidance by $0.00');
  });

  it('turns a dollar goal into a percent over the baseline, and none without a baseline', () => {
    expect(percentFromDollars(45_153_000, 46_733_000)).toBe(3.499);
    expect(percentFromDollars(0, 5)).toBeNull();
    expect(formatPercent(3.5)).toBe('+3.5%');
    expect(formatPercent(-1)).toBe('-1%');
  });

  it('colours actual minus goal beyond ±$10,000', () => {
    expect(varianceTone(-10_000.01)).toBe('good');
    expect(varianceTone(10_000)).toBe('near');
    expect(varianceTone(10_000.01)).toBe('bad');
    expect(varianceTone(null)).toBeNull();
  });

  it('refuses in the form what the API refuses, with the API’s messages', () => {
    const goal = { fiscalYear: 2030, baselineAmount: 46_733_000 };
    expect(serverProblems({ ...goal, goalType: 'PERCENT', percentGoal: 3.14159 })).toEqual({
      percentGoal: 'Use at most 3 decimal places for a percent (such as 3.142)',
    });
    expect(serverProblems({ ...goal, goalType: 'DOLLAR', dollarGoal: 1_000_000_000_000 })).toEqual({
      dollarGoal: 'Amount is too large (at most 999,999,999,999.99)',
    });
    expect(serverProblems({ ...goal, goalType: 'DOLLAR', dollarGoal: 311_865_755.6 })).toEqual({});
    expect(serverProblems({ ...goal, goalType: 'BOTH', dollarGoal: 1_000_000, percentGoal: 50 })).toEqual({
      dollarGoal: 'Does not match the percent goal: 50% gives $70,099,500.00',
    });
    expect(serverProblems({ ...goal, goalType: 'BOTH', dollarGoal: 48_134_990, percentGoal: 3 })).toEqual({});
  });
});
