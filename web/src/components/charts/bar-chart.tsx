import { LazyPlot } from './lazy-plot';
import { CHART_GRID, CHART_MUTED, seriesColor } from './palette';
import { plotText } from './plot-text';

export interface BarDatum {
  label: string;
  value: number;
  color?: string | null;
  /** The text shown on hover and at the bar's end. */
  text: string;
}

interface BarChartProps {
  data: readonly BarDatum[];
  /** Accessible summary of the chart. */
  label: string;
  orientation?: 'h' | 'v';
  height?: number;
  /** Axis range [0, max]; defaults to 110% of the largest bar so the end labels fit. */
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

/** Plotly's settings for a value axis from 0 to top, with our ticks when labels are given. */
export function valueTicks(
  top: number,
  tickFormat?: (value: number) => string,
  tickLabels?: (ticks: number[]) => string[],
  count = 4,
): { tickvals?: number[]; ticktext?: string[] } {
  const ticks = niceTicks(top, count);
  const ticktext = tickLabels ? tickLabels(ticks) : tickFormat ? ticks.map(tickFormat) : undefined;
  return ticktext ? { tickvals: ticks, ticktext } : {};
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
  const top = max ?? Math.max(0, ...data.map((d) => d.value)) * 1.1;
  // On a phone the names of a horizontal chart take most of its width: four money ticks in what is
  // left were tilted and crowded, so it gets two, level.
  const narrow = horizontal && typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches === true;
  const valueAxis = {
    range: [0, top || 1],
    gridcolor: CHART_GRID,
    zeroline: false,
    tickfont: { color: CHART_MUTED },
    ...(narrow ? { tickangle: 0 } : {}),
    ...valueTicks(top, tickFormat, tickLabels, narrow ? 2 : 4),
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
    customdata: rows.map((d) => plotText(d.text)),
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
