import { LazyPlot } from './lazy-plot';
import { CHART_GRID, CHART_MUTED, seriesColor } from './palette';
import { plotText } from './plot-text';

export interface BarDatum {
  label: string;
  value: number;
  color?: string | null;
  /** The text shown on hover and at the bar's end. */
  text: string;
  /** The text shown on hover instead, when the bar's end says less ('40 positions' for '40'). */
  hover?: string;
}

interface BarChartProps {
  data: readonly BarDatum[];
  /** Accessible summary of the chart. */
  label: string;
  orientation?: 'h' | 'v';
  height?: number;
  /** Axis range at least [0, max]; defaults to 110% of the largest bar so the end labels fit. */
  max?: number;
  /** Tick labels for the value axis, one value at a time (counts). */
  tickFormat?(value: number): string;
  /** Tick labels for the value axis, all ticks at once (money: formatMoneyTicks picks one unit). */
  tickLabels?(ticks: number[]): string[];
  showValues?: boolean;
  /**
   * On a phone, write each name above its bar instead of beside it: a long name ('Proposed school
   * budget, general fund') beside the bar left the bars a sliver of a 390 px screen.
   */
  namesAbove?: boolean;
}

/** Round tick values from 0 to max: steps of 1, 2, 2.5 or 5 times a power of ten, about four of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) {
    return [0];
  }
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) {
    ticks.push(Math.round(v * 1e6) / 1e6);
  }
  return ticks;
}

/** Leading digits of a tick step that still read as round: 3, 6, 9; 4, 8, 12; 6, 12, 18. */
const STEP_DIGITS = [1, 2, 2.5, 3, 4, 5, 6, 8];

/**
 * Round ticks from 0 to the first one at or past `largest`, at most `count` steps apart, with the
 * step that ends soonest (more ticks on a tie). niceTicks stops at or below its max: two ticks on a
 * phone ended at $25.0M under a $45.3M bar, four on a desktop at $40.0M.
 */
export function coveringTicks(largest: number, count = 4): number[] {
  if (!(largest > 0)) {
    return [0];
  }
  const power = 10 ** Math.floor(Math.log10(largest / count));
  let best = { end: Infinity, steps: 0, step: 0 };
  for (const step of [1, 10, 100].flatMap((p) => STEP_DIGITS.map((d) => d * p * power))) {
    const steps = Math.max(1, Math.ceil(largest / step - 1e-9));
    const end = steps * step;
    const same = Math.abs(end - best.end) <= end * 1e-9;
    if (steps <= count && ((end < best.end && !same) || (same && steps > best.steps))) {
      best = { end, steps, step };
    }
  }
  return Array.from({ length: best.steps + 1 }, (_, i) => Math.round(i * best.step * 1e6) / 1e6);
}

/**
 * Plotly's settings for a value axis that holds bars up to `largest`: our ticks, labelled when
 * formatters are given, the last at or past the largest bar, and a range from 0 to that tick or to
 * `top` (room for the values printed past a bar's end), whichever is further. An axis with no bars
 * (an empty year) gets niceTicks up to `top`.
 */
export function valueAxisLayout(
  largest: number,
  top: number,
  tickFormat?: (value: number) => string,
  tickLabels?: (ticks: number[]) => string[],
  count = 4,
): { range: [number, number]; tickvals: number[]; ticktext?: string[] } {
  const ticks = largest > 0 ? coveringTicks(largest, count) : niceTicks(top, count);
  const end = Math.max(top, ticks.at(-1) ?? 0) || 1;
  const ticktext = tickLabels ? tickLabels(ticks) : tickFormat ? ticks.map(tickFormat) : undefined;
  return { range: [0, end], tickvals: ticks, ...(ticktext ? { ticktext } : {}) };
}

const NARROW = '(max-width: 480px)';
/** Pixels of a row whose name is written above its bar (namesAbove): the name, the bar, the gap. */
const ROW_WITH_NAME_ABOVE = 90;

/** A bar chart, horizontal by default (long building and category names read better sideways). */
export function BarChart({
  data,
  label,
  orientation = 'h',
  height,
  max,
  tickFormat,
  tickLabels,
  showValues = true,
  namesAbove = false,
}: BarChartProps) {
  const horizontal = orientation === 'h';
  const rows = horizontal ? [...data].reverse() : [...data];
  const largest = Math.max(0, ...data.map((d) => d.value));
  const top = max ?? largest * 1.1;
  // On a phone the names of a horizontal chart take most of its width: four money ticks in what is
  // left were tilted and crowded, so it gets two, level.
  const narrow = horizontal && typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches === true;
  const valueAxis = {
    gridcolor: CHART_GRID,
    zeroline: false,
    tickfont: { color: CHART_MUTED },
    ...(narrow ? { tickangle: 0 } : {}),
    ...valueAxisLayout(largest, top, tickFormat, tickLabels, narrow ? 2 : 4),
  };
  const above = narrow && namesAbove;
  const bargap = above ? 0.5 : 0.35;
  const labelAxis = { automargin: true, tickfont: { color: CHART_MUTED }, showticklabels: !above };
  // Category i sits at i on the axis, its bar (1 - bargap) wide: each name just on top of its bar.
  const annotations = above
    ? rows.map((d, i) => ({
        text: plotText(d.label),
        xref: 'paper',
        x: 0,
        xanchor: 'left',
        yref: 'y',
        y: i + (1 - bargap) / 2,
        yanchor: 'bottom',
        showarrow: false,
      }))
    : [];
  const trace = {
    type: 'bar',
    orientation,
    x: horizontal ? rows.map((d) => d.value) : rows.map((d) => plotText(d.label)),
    y: horizontal ? rows.map((d) => plotText(d.label)) : rows.map((d) => d.value),
    marker: { color: rows.map((d, i) => d.color ?? seriesColor(horizontal ? rows.length - 1 - i : i)) },
    text: showValues ? rows.map((d) => plotText(d.text)) : undefined,
    // Sideways, a long bar's value goes inside its end: printed past it, a phone's narrow plot cut
    // '$48.9M' at the right edge (Plotly leaves no margin for bar text). A bar too short to hold
    // its value prints it after the end, where a short bar leaves room.
    textposition: horizontal ? 'auto' : 'outside',
    // Level, always: Plotly turned a short bar's value on its side to fit it inside ('28' read
    // bottom to top on District Wide's headcount); level, a value that does not fit goes after it.
    textangle: 0,
    insidetextanchor: 'end',
    cliponaxis: false,
    customdata: rows.map((d) => plotText(d.hover ?? d.text)),
    hovertemplate: '%{' + (horizontal ? 'y' : 'x') + '}: %{customdata}<extra></extra>',
  };
  return (
    <LazyPlot
      label={label}
      height={
        above
          ? Math.max(height ?? 0, rows.length * ROW_WITH_NAME_ABOVE + 40)
          : (height ?? (horizontal ? Math.max(160, rows.length * 34 + 48) : 300))
      }
      data={[trace]}
      layout={{
        showlegend: false,
        bargap,
        annotations,
        margin: { l: 8, r: 24, t: 8, b: horizontal ? 32 : 8 },
        xaxis: horizontal ? valueAxis : labelAxis,
        yaxis: horizontal ? labelAxis : valueAxis,
      }}
    />
  );
}
