import { describe, expect, it } from 'vitest';
import { formatMoneyTicks } from '@web/lib/format';
import { coveringTicks, niceTicks, valueAxisLayout } from './bar-chart';

describe('chart axes', () => {
  it('puts ticks on round numbers from zero', () => {
    expect(niceTicks(51_900_000)).toEqual([0, 20_000_000, 40_000_000]);
    expect(niceTicks(124)).toEqual([0, 50, 100]);
    expect(niceTicks(10)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0)).toEqual([0]);
  });

  it('ends the ticks at or past the largest bar, in at most count steps, soonest', () => {
    expect(coveringTicks(45_342_684.5, 2)).toEqual([0, 25_000_000, 50_000_000]);
    expect(coveringTicks(45_342_684.5)).toEqual([0, 25_000_000, 50_000_000]);
    expect(coveringTicks(11_135_000, 2)).toEqual([0, 6_000_000, 12_000_000]);
    expect(coveringTicks(11_135_000)).toEqual([0, 3_000_000, 6_000_000, 9_000_000, 12_000_000]);
    expect(coveringTicks(113)).toEqual([0, 30, 60, 90, 120]);
    expect(coveringTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(coveringTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(coveringTicks(0)).toEqual([0]);
  });

  it('labels the ticks all at once or one at a time, or leaves the labels to Plotly', () => {
    expect(valueAxisLayout(300_000, 330_000, undefined, formatMoneyTicks)).toEqual({
      range: [0, 330_000],
      tickvals: [0, 100_000, 200_000, 300_000],
      ticktext: ['$0', '$100K', '$200K', '$300K'],
    });
    expect(valueAxisLayout(113, 124.3, (v) => `${v} people`, undefined, 2)).toEqual({
      range: [0, 124.3],
      tickvals: [0, 60, 120],
      ticktext: ['0 people', '60 people', '120 people'],
    });
    expect(valueAxisLayout(113, 124.3)).toEqual({ range: [0, 124.3], tickvals: [0, 30, 60, 90, 120] });
  });

  it('runs the axis on to its last tick when that is past the room left for end labels', () => {
    expect(valueAxisLayout(45_342_684.5, 49_876_952.95, undefined, undefined, 2).range).toEqual([
      0, 50_000_000,
    ]);
  });

  it("gives an empty year's money axis one $0 tick, not $0.0M at every tick", () => {
    expect(valueAxisLayout(0, 0, undefined, formatMoneyTicks)).toEqual({
      range: [0, 1],
      tickvals: [0],
      ticktext: ['$0'],
    });
    // The grouped chart's axis of an empty year runs to 1 (Plotly needs a range): dollars, not millions.
    const emptyAxis = valueAxisLayout(0, 1, undefined, formatMoneyTicks).ticktext ?? [];
    expect(emptyAxis.some((label) => label.endsWith('M'))).toBe(false);
    expect(new Set(emptyAxis).size).toBe(emptyAxis.length);
  });
});
