import { valueAxisLayout } from './bar-chart';
import { LazyPlot } from './lazy-plot';
import { CHART_GRID, CHART_MUTED, seriesColor } from './palette';
import { plotText } from './plot-text';

export interface BarSeries {
  name: string;
  values: number[];
  color?: string;
  /** Formatted values for hover, one per category. */
  texts: string[];
}

interface GroupedBarChartProps {
  categories: string[];
  series: BarSeries[];
  label: string;
  height?: number;
  tickFormat?(value: number): string;
  /** All tick labels at once (money: formatMoneyTicks). */
  tickLabels?(ticks: number[]): string[];
}

/** Vertical bars grouped by category, one colour per series, with a legend. */
export function GroupedBarChart({
  categories,
  series,
  label,
  height = 300,
  tickFormat,
  tickLabels,
}: GroupedBarChartProps) {
  const largest = Math.max(0, ...series.flatMap((s) => s.values));
  return (
    <LazyPlot
      label={label}
      height={height}
      data={series.map((s, i) => ({
        type: 'bar',
        name: plotText(s.name),
        x: categories.map(plotText),
        y: s.values,
        marker: { color: s.color ?? seriesColor(i) },
        customdata: s.texts.map(plotText),
        hovertemplate: `${plotText(s.name)}, %{x}: %{customdata}<extra></extra>`,
      }))}
      layout={{
        barmode: 'group',
        bargap: 0.3,
        showlegend: true,
        legend: { orientation: 'h', y: -0.15 },
        margin: { l: 8, r: 8, t: 8, b: 8 },
        xaxis: { automargin: true, tickfont: { color: CHART_MUTED } },
        yaxis: {
          automargin: true,
          gridcolor: CHART_GRID,
          tickfont: { color: CHART_MUTED },
          ...valueAxisLayout(largest, largest * 1.1 || 1, tickFormat, tickLabels),
        },
      }}
    />
  );
}
