// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoneyTicks } from '@web/lib/format';
import { BarChart } from './bar-chart';
import { GroupedBarChart } from './grouped-bar-chart';

/** What each chart would draw: Plotly's layout, caught instead of drawn. */
const layouts: Record<string, unknown>[] = [];
vi.mock('./lazy-plot', () => ({
  LazyPlot: ({ layout }: { layout: Record<string, unknown> }) => {
    layouts.push(layout);
    return null;
  },
}));

interface Axis {
  range: [number, number];
  tickvals?: number[];
  ticktext?: string[];
}

const wide = window.matchMedia;
/** A 390 px phone matches every max-width query; a 1440 px desktop none. */
function screen(phone: boolean) {
  layouts.length = 0;
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
  })) as never;
}
afterEach(() => {
  cleanup();
  window.matchMedia = wide;
});

/** The value axis ends at or past its last labelled tick, and that tick at or past the largest bar. */
function expectLabelledToCover(axis: Axis, largest: number) {
  const ticks = axis.tickvals ?? [];
  const last = ticks.at(-1) ?? 0;
  expect(last, `ticks ${ticks.join(', ')} for a bar of ${largest}`).toBeGreaterThanOrEqual(largest);
  expect(axis.range[1]).toBeGreaterThanOrEqual(last);
  expect(axis.ticktext?.length ?? ticks.length).toBe(ticks.length);
}

// The demo district's figures: the gap card's two bars, the buildings, the headcounts.
const gap = [45_342_684.5, 44_834_000];
const buildings = [11_135_000, 9_257_300, 8_299_700, 3_903_900, 1_707_700];
const headcounts = [113, 105, 51, 28];
const bars = (values: number[]) => values.map((value, i) => ({ label: `Bar ${i}`, value, text: `${value}` }));

describe('a value axis labels past its longest bar', () => {
  it.each([
    ['phone', true],
    ['desktop', false],
  ])('on a %s', (_, phone) => {
    screen(phone);
    // The gap card gives its own max (110% of the larger bar); the others leave it to the chart.
    render(
      <BarChart label="gap" data={bars(gap)} max={gap[0] * 1.1} tickLabels={formatMoneyTicks} namesAbove />,
    );
    render(<BarChart label="buildings" data={bars(buildings)} tickLabels={formatMoneyTicks} />);
    render(<BarChart label="heads" data={bars(headcounts)} tickFormat={(v) => `${v}`} />);
    render(<BarChart label="plain" data={bars(headcounts)} />);
    const axes = layouts.map((layout) => layout.xaxis as Axis);
    [gap, buildings, headcounts, headcounts].forEach((values, i) =>
      expectLabelledToCover(axes[i], values[0]),
    );
    if (phone) {
      // Few, level ticks still: a phone's narrow plot has room for three labels at most.
      for (const axis of axes) {
        expect(axis.tickvals!.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it('on the grouped chart (six-year view, COLA projection)', () => {
    screen(true);
    const series = [
      { name: 'Operating', values: [35_293_887.1, 36_174_566.65, 0], texts: ['', '', ''] },
      { name: 'Proposed', values: [47_177_500, 49_209_990.65, 0], texts: ['', '', ''] },
    ];
    render(
      <GroupedBarChart
        label="six"
        categories={['FY26', 'FY27', 'FY28']}
        series={series}
        tickLabels={formatMoneyTicks}
      />,
    );
    expectLabelledToCover(layouts[0].yaxis as Axis, 49_209_990.65);
  });

  it('does not waste half a phone on an axis far past the bars', () => {
    screen(true);
    render(<BarChart label="buildings" data={bars(buildings)} tickLabels={formatMoneyTicks} />);
    const axis = layouts[0].xaxis as Axis;
    expect(buildings[0] / axis.range[1]).toBeGreaterThan(0.8);
  });
});
