import { LazyPlot } from './lazy-plot';
import { seriesColor } from './palette';
import { plotText } from './plot-text';

export interface PieDatum {
  label: string;
  value: number;
  color?: string | null;
  /** Formatted value for hover. */
  text: string;
}

interface PieChartProps {
  data: readonly PieDatum[];
  label: string;
  /** 0 for a pie, about 0.55 for a donut. */
  hole?: number;
  height?: number;
  /** Text in the donut's hole. */
  centerText?: string;
  showLegend?: boolean;
}

/** A pie or donut chart; slices keep their given colours so a category looks the same everywhere. */
export function PieChart({
  data,
  label,
  hole = 0,
  height = 300,
  centerText,
  showLegend = false,
}: PieChartProps) {
  const total = data.reduce((n, d) => n + Math.max(d.value, 0), 0);
  // Percent labels on slices under 6% overlap one another; hover and the Table view still show them.
  const sliceText = data.map((d) =>
    total > 0 && d.value / total >= 0.06 ? `${((d.value / total) * 100).toFixed(1)}%` : '',
  );
  const trace = {
    type: 'pie',
    labels: data.map((d) => plotText(d.label)),
    values: data.map((d) => d.value),
    marker: { colors: data.map((d, i) => d.color ?? seriesColor(i)), line: { color: '#ffffff', width: 1 } },
    hole,
    sort: false,
    direction: 'clockwise',
    text: sliceText,
    textinfo: 'text',
    textposition: 'inside',
    insidetextorientation: 'horizontal',
    customdata: data.map((d) => plotText(d.text)),
    hovertemplate: '%{label}<br>%{customdata} (%{percent})<extra></extra>',
  };
  return (
    <LazyPlot
      label={label}
      height={height}
      data={[trace]}
      layout={{
        showlegend: showLegend,
        legend: { orientation: 'h' },
        annotations: centerText
          ? [
              {
                text: centerText,
                showarrow: false,
                font: { size: 14 },
                x: 0.5,
                y: 0.5,
                xref: 'paper',
                yref: 'paper',
              },
            ]
          : [],
      }}
    />
  );
}
